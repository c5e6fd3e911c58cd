import Foundation
import NotesEditing
import NotesModel
import NotesTerminal
import NotesUI
import Testing

/// A note imported from Dendron, with the attachments the import gives it
/// (`DendronAttachmentLinkTests`): `[[see|assets/photo.png]]` names its file after the bar,
/// so it is `photo.png` and the embed of the root's `photo.png` is `photo-2.png`. The read
/// view lists the three, and `Enter` on each link opens the attachment it names.
@Suite struct DendronAttachmentFollowTests {
    static let id = UIFixtures.uuid(96)
    static let body = "The route: [[see|assets/photo.png]]; the view from the top: ![[photo.png]].\n\n"
        + "Booked: [[the report|report.pdf]]."

    static func path(_ name: String) throws -> AttachmentPath {
        try AttachmentPath("attachments/\(id.uuidString)/\(name)")
    }

    /// The note, imported from a vault of `tool`.
    static func database(tool: String) throws -> NotesDatabase {
        let note = Note(id: id, title: "Trip", body: body, created: UIFixtures.now,
                        attachments: [try path("photo.png"), try path("photo-2.png"), try path("report.pdf")])
        let source = ImportSource(key: .init(folder: "/vault", path: "trip.md"), noteID: id, sourceHash: "h",
                                  made: ImportSource.Made(note), tool: tool)
        return NotesDatabase(notesByID: [id: note], categories: [], recentColors: [], importSources: [source])
    }

    static func runner(tool: String) throws -> (AppRunner, MemoryTerminal, ReadAttachmentTests.Opened) {
        let opened = ReadAttachmentTests.Opened()
        let access = AttachmentAccess(size: { _ in nil }, open: { path in
            opened.paths.withLock { $0.append(path) }
            return ("Opened with test", false)
        })
        let terminal = MemoryTerminal(size: TerminalSize(width: 70, height: 16), colorMode: .trueColor)
        let runner = AppRunner(terminal: terminal, repository: InMemoryNotesRepository(try database(tool: tool)),
                               timeZone: UIFixtures.utc, now: { UIFixtures.now }, editor: UserEditor.scripted { $0 },
                               attachments: access)
        return (runner, terminal, opened)
    }

    @Test func theReadViewListsTheAttachmentsAndEachLinkOpensTheOneItNames() throws {
        let (runner, terminal, opened) = try Self.runner(tool: "dendron")
        terminal.press(.enter, .tab, .enter, .tab, .enter, .tab, .enter, .tab, .tab, .enter)
        runner.run()
        let lines = try #require(terminal.lastBuffer?.lines).map { $0.trimmingCharacters(in: .whitespaces) }
        for name in ["photo.png", "photo-2.png", "report.pdf"] {
            #expect(lines.contains { $0.contains("📎 " + name) }, "\(name) in \(lines)")
        }
        #expect(opened.paths.withLock { $0 } == [try Self.path("photo.png"), try Self.path("photo-2.png"),
                                                 try Self.path("report.pdf"), try Self.path("photo-2.png")])
    }
}
