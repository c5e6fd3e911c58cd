import Foundation
import NotesModel
import NotesTerminal
import NotesUI
import Testing

/// The read view's header wraps its details between tags, never at the blank inside a tag
/// (`#infrastructure planning` broken there would read as two tags), at 60 and 80 columns.
@Suite struct ReadHeaderTagWrapTests {
    /// The lines of the read view above `note`'s body (which must be "Body line"), at `width` columns.
    static func header(of note: Note, width: Int) throws -> [String] {
        let (runner, terminal, _) = UIFixtures.runner(NotesDatabase(notes: [note]), width: width, height: 20)
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
}
