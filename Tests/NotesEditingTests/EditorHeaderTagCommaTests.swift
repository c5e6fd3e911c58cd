import Foundation
import Testing
@testable import NotesModel
@testable import NotesExchange
@testable import NotesEditing

/// A tag holding a comma in the editor's header is refused as `--tag` and the `t` field
/// refuse it, naming its line, with the header's other problems in the same round.
@Suite struct EditorHeaderTagCommaTests {
    typealias Fixture = NoteEditSessionTests.Fixture

    @Test func aTagWithACommaIsAProblemOnItsLineBesideTheOthers() throws {
        let fixture = try Fixture()
        defer { fixture.folder.remove() }
        let outcome = fixture.edit([
            { text in
                text.replacingOccurrences(of: "tags: []", with: "tags:\n  - garden\n  - \"veg, patch\"\n  - \"a,b\"")
                    .replacingOccurrences(of: "kind: note", with: "kind: poem")
            },
            { text in
                text.replacingOccurrences(of: "\"veg, patch\"", with: "veg patch")
                    .replacingOccurrences(of: "\"a,b\"", with: "a")
                    .replacingOccurrences(of: "kind: poem", with: "kind: note")
            },
        ])
        #expect(outcome.isPlainSave(title: "Draft"))
        let reopened = try #require(fixture.editorRuns.last)
        let problems = reopened.split(separator: "\n").prefix { $0.hasPrefix("# error: ") }
        try #require(problems.count == 4, "\(problems)")  // three problems and what to do
        // Each names its line in the reopened file, where the text stands under the problems.
        let lines = reopened.split(separator: "\n", omittingEmptySubsequences: false)
        func line(of text: String) -> Int { (lines.firstIndex { $0.contains(text) } ?? -10) + 1 }
        #expect(problems[0] == "# error: line \(line(of: "\"veg, patch\"")): 'veg, patch': a tag cannot hold a comma "
            + "(commas separate tags; give each tag on its own)", "\(reopened)")
        #expect(problems[1].hasPrefix("# error: line \(line(of: "\"a,b\"")): 'a,b': a tag cannot hold a comma"), "\(reopened)")
        #expect(problems[2].hasPrefix("# error: line \(line(of: "kind: poem")): unknown kind 'poem'"), "\(reopened)")
        #expect(fixture.saved?.tags == ["garden", "veg patch", "a"])
    }
}
