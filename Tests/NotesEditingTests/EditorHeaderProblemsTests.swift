import Foundation
import Testing
@testable import NotesModel
@testable import NotesExchange
@testable import NotesEditing

/// Every problem of an edited header is reported at once, each with its line, so that
/// one round in the editor fixes them all.
@Suite struct EditorHeaderProblemsTests {
    typealias Fixture = NoteEditSessionTests.Fixture

    @Test func everyProblemOfTheHeaderIsOnTopOfTheReopenedText() throws {
        let fixture = try Fixture()
        defer { fixture.folder.remove() }
        let outcome = fixture.edit([
            { text in
                text.replacingOccurrences(of: "title: \"Draft\"", with: "title: \"\"")
                    .replacingOccurrences(of: "category: \"\"", with: "category: Nope")
                    .replacingOccurrences(of: "kind: note", with: "kind: poem")
            },
            { text in
                text.replacingOccurrences(of: "title: \"\"", with: "title: Fixed")
                    .replacingOccurrences(of: "category: Nope", with: "category: Work")
                    .replacingOccurrences(of: "kind: poem", with: "kind: note")
            },
        ])
        #expect(outcome.isPlainSave(title: "Fixed"))
        let first = try #require(fixture.editorRuns.first)
        let reopened = try #require(fixture.editorRuns.last)
        let problems = reopened.split(separator: "\n").prefix { $0.hasPrefix("# error: ") }
        #expect(problems.count == 4)  // three problems and what to do
        // Each names its line in the reopened file: the header's lines moved down by the four.
        let lines = first.split(separator: "\n", omittingEmptySubsequences: false)
        func line(of prefix: String) -> Int { (lines.firstIndex { $0.hasPrefix(prefix) } ?? -10) + 1 + 4 }
        #expect(problems[0] == "# error: line \(line(of: "title:")): a note needs a title")
        #expect(problems.contains { $0.hasPrefix("# error: line \(line(of: "category:")): there is no category named 'Nope'") })
        #expect(problems.contains { $0.hasPrefix("# error: line \(line(of: "kind:")): unknown kind 'poem'") })
        #expect(problems[3].contains("fix them and save"))
        #expect(fixture.saved?.categoryID == fixture.repository.contents.category(named: "Work")?.id)
    }

    @Test func oneErrorHoldsAllProblemsInLineOrder() throws {
        let error = try #require(NoteDocumentError(all: [
            NoteDocumentError(line: 5, reason: "five"), NoteDocumentError(line: 2, reason: "two"),
        ]))
        #expect(error.line == 2)
        #expect(error.problems.map(\.reason) == ["two", "five"])
        #expect(error.description == "line 2: two; line 5: five")
        #expect(NoteDocumentError(all: []) == nil)
    }
}
