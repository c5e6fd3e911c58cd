import Foundation
import Testing
import NotesJSON
import NotesModel

/// `notes list --format` and `--jsonl`: the line of each note from a template, and one
/// JSON object a line holding what `--json` holds.
@Suite struct ListFormatTests {
    static let category = Category(name: "Work")
    static let note = Note(title: "Plan\tthe\nweek", body: "body", created: Date(timeIntervalSince1970: 0),
                           updated: Date(timeIntervalSince1970: 86_400), categoryID: category.id, tags: ["b", "a"])
    static let database = NotesDatabase(notes: [note], categories: [category])

    @Test func everyFieldAndEscape() throws {
        let format = try ListFormat("{id}\\t{title}|{category}|{tags}|{created}|{updated}|{kind}\\n\\\\{title}")
        #expect(format.line(Self.note, in: Self.database)
            == "\(Self.note.id.uuidString)\tPlan the week|Work|a,b|1970-01-01T00:00:00.000Z|1970-01-02T00:00:00.000Z|note\n\\Plan the week")
    }

    @Test func pinnedIsTrueOrFalseAsInJSON() throws {
        let format = try ListFormat("{pinned} {title}")
        let pinned = Note(title: "Top", pinned: true), loose = Note(title: "Loose")
        let database = NotesDatabase(notes: [pinned, loose])
        #expect(format.line(pinned, in: database) == "true Top")
        #expect(format.line(loose, in: database) == "false Loose")
    }

    @Test func aNoteInNoCategoryHasAnEmptyCategory() throws {
        let note = Note(title: "Loose")
        #expect(try ListFormat("[{category}]").line(note, in: NotesDatabase(notes: [note])) == "[]")
    }

    @Test func anUnknownFieldIsAnErrorNamingIt() {
        #expect(throws: ListFormat.Failure.self) { try ListFormat("{id} {titel}") }
        do { _ = try ListFormat("{id} {titel}") } catch {
            #expect(error.description.contains("unknown field '{titel}'"))
            #expect(error.description.contains("{updated}"))
        }
        #expect(throws: ListFormat.Failure.self) { try ListFormat("{id") }
    }

    @Test func jsonLinesHoldTheObjectsOfJSONOneALine() throws {
        let other = Note(title: "Second", updated: Date(timeIntervalSince1970: 10))
        let database = NotesDatabase(notes: [Self.note, other], categories: [Self.category])
        var bytes: [UInt8] = []
        JSONOutput.writeNoteLines([Self.note, other], in: database) { bytes += $0 }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)

        #expect(lines.count == 3 && lines[2].isEmpty)
        for (line, note) in zip(lines, [Self.note, other]) {
            #expect(try JSONValue.parse(Data(line.utf8)) == JSONOutput.note(note, in: database))
        }
    }
}
