import Foundation
import NotesEditing
import NotesModel
import NotesTerminal
import NotesUI
import Synchronization
import Testing

/// `Enter` on an embed or a link to a file the note holds as an attachment (an imported
/// vault's `![[photo.png]]` or `[[photo.png|see]]`, a TextBundle's `assets/x.png`) opens that attachment; two
/// files of the same name, attached as `photo.png` and `photo-2.png`, each open from their link.
@Suite struct EmbedFollowTests {
    static let id = UIFixtures.uuid(95)

    static func path(_ name: String) throws -> AttachmentPath {
        try AttachmentPath("attachments/\(id.uuidString)/\(name)")
    }

    static func runner() throws -> (AppRunner, MemoryTerminal, ReadAttachmentTests.Opened) {
        let note = Note(id: id, title: "Trip", body: "![[photo.png]]\n\nAnd ![map](sub/photo.png) and [x](assets/x.png), [[x.png|x again]].",
                        created: UIFixtures.now,
                        attachments: [try path("photo.png"), try path("photo-2.png"), try path("x.png")])
        let opened = ReadAttachmentTests.Opened()
        let access = AttachmentAccess(size: { _ in nil }, open: { path in
            opened.paths.withLock { $0.append(path) }
            return ("Opened with test", false)
        })
        let terminal = MemoryTerminal(size: TerminalSize(width: 60, height: 14), colorMode: .trueColor)
        let runner = AppRunner(terminal: terminal, repository: InMemoryNotesRepository(NotesDatabase(notes: [note])),
                               timeZone: UIFixtures.utc, now: { UIFixtures.now }, editor: UserEditor.scripted { $0 },
                               attachments: access)
        return (runner, terminal, opened)
    }

    @Test func enterOnAnEmbedOrAFileLinkOpensTheAttachmentItNames() throws {
        let (runner, terminal, opened) = try Self.runner()
        terminal.press(.enter, .tab, .enter, .tab, .enter, .tab, .enter, .tab, .enter)
        runner.run()
        #expect(opened.paths.withLock { $0 } == [try Self.path("photo.png"), try Self.path("photo-2.png"), try Self.path("x.png"),
                                                 try Self.path("x.png")])
    }
}
