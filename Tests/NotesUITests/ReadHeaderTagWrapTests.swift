import Foundation
import NotesModel
import NotesTerminal
import NotesUI
import Testing

/// The read view's header wraps its details between tags, never at the blank inside a tag
/// (`#infrastructure planning` broken there would read as two tags), at 60 and 80 columns;
/// nor between a label and its date, at 40 to 80.
@Suite struct ReadHeaderTagWrapTests {
    /// The lines of the read view above `note`'s body (which must be "Body line"), at `width` columns.
    static func header(of note: Note, width: Int) throws -> [String] {
        try header(of: NotesDatabase(notes: [note]), width: width)
    }

    /// The same for the one note of `database`.
    static func header(of database: NotesDatabase, width: Int) throws -> [String] {
        let (runner, terminal, _) = UIFixtures.runner(database, width: width, height: 20)
        terminal.press(.enter)
        runner.run()
        let lines = try #require(terminal.lastBuffer?.lines)
        return Array(lines.prefix { !$0.contains("Body line") })
    }

    @Test func aTagWithABlankStaysOnOneLine() throws {
        let tags: Set<String> = ["infrastructure planning", "lisbon trip 2026", "quarterly review meeting notes"]
        let note = Note(id: UIFixtures.uuid(81), title: "Planning", body: "Body line", created: UIFixtures.now,
                        tags: tags)
        for width in [60, 80] {
            let header = try Self.header(of: note, width: width)
            #expect(header.count > 3, "the details take two lines at \(width): \(header)")
            for tag in tags {
                #expect(header.contains { $0.contains("#" + tag) }, "#\(tag) whole on a line at \(width): \(header)")
            }
            #expect(!header.joined().contains("\u{00A0}"))
        }
    }

    @Test func aDateStaysWithItsLabelWhereverTheLineWraps() throws {
        // Category names of every length move the wrap through "updated DATE · created DATE".
        for width in [40, 60, 80] {
            for length in 1...40 {
                let category = Category(id: UIFixtures.uuid(82), name: String(repeating: "w", count: length))
                let note = Note(id: UIFixtures.uuid(83), title: "Plan", body: "Body line", created: UIFixtures.now,
                                categoryID: category.id, tags: ["garden"])
                let header = try Self.header(of: NotesDatabase(notes: [note], categories: [category]), width: width)
                for line in header.map({ $0.trimmingCharacters(in: .whitespaces) }) {
                    #expect(!line.hasSuffix("updated") && !line.hasSuffix("created"), "\(width), \(length): \(header)")
                    #expect(!line.hasPrefix("·") && !line.hasPrefix("20"), "\(width), \(length): \(header)")
                    #expect(!line.contains("\u{00A0}"))
                }
            }
        }
    }

    @Test func aPinnedJournalNoteSaysSoBeforeItsCategory() throws {
        let category = Category(id: UIFixtures.uuid(84), name: "Diary")
        var note = Note(id: UIFixtures.uuid(85), title: "2026-11-30", body: "Body line", created: UIFixtures.now,
                        categoryID: category.id, kind: .journal)
        note.pinned = true
        let pinned = try Self.header(of: NotesDatabase(notes: [note], categories: [category]), width: 80)
        #expect(pinned.contains { $0.hasPrefix(" pinned · journal · Diary · updated") }, "\(pinned)")

        note.pinned = false
        note.kind = .note
        let plain = try Self.header(of: NotesDatabase(notes: [note], categories: [category]), width: 80)
        #expect(plain.contains { $0.hasPrefix(" Diary · updated") }, "\(plain)")
    }
}
