import Foundation
import NotesEditing
import NotesModel
import NotesTerminal
import NotesUI
import Testing

/// `Enter` on a wiki link to a file the note holds (`[[photo.png]]`, no note of that name)
/// follows it as the one link rule resolves it: to the attachment, handed to the one opener
/// (`AttachmentAccess`); a link to a missing note still offers to create it.
@Suite struct AttachmentLinkFollowTests {
    static let id = UIFixtures.uuid(97)

    static func path(_ name: String) throws -> AttachmentPath {
        try AttachmentPath("attachments/\(id.uuidString)/\(name)")
    }

    static func runner() throws -> (AppRunner, MemoryTerminal, ReadAttachmentTests.Opened) {
        let note = Note(id: id, title: "Trip", body: "See [[photo.png]] and [[Gone]].", created: UIFixtures.now,
                        attachments: [try path("photo.png")])
        let opened = ReadAttachmentTests.Opened()
        let access = AttachmentAccess(size: { _ in nil }, open: { path in
            opened.paths.withLock { $0.append(path) }
            return ("Opened with test", false)
        })
        let terminal = MemoryTerminal(size: TerminalSize(width: 70, height: 16), colorMode: .trueColor)
        let runner = AppRunner(terminal: terminal, repository: InMemoryNotesRepository(NotesDatabase(notes: [note])),
                               timeZone: UIFixtures.utc, now: { UIFixtures.now }, editor: UserEditor.scripted { $0 },
                               attachments: access)
        return (runner, terminal, opened)
    }

    @Test func enterOnAWikiLinkToTheNotesFileOpensTheAttachment() throws {
        let (runner, terminal, opened) = try Self.runner()
        terminal.press(.enter, .tab, .enter)
        runner.run()
        #expect(opened.paths.withLock { $0 } == [try Self.path("photo.png")])
        let lines = try #require(terminal.lastBuffer?.lines)
        #expect(lines.contains { $0.contains("Opened with test") }, "\(lines)")
    }

    @Test func aLinkToAMissingNoteStillOffersToCreateIt() throws {
        let (runner, terminal, opened) = try Self.runner()
        terminal.press(.enter, .tab, .tab, .enter)
        runner.run()
        #expect(opened.paths.withLock { $0 }.isEmpty)
        let lines = try #require(terminal.lastBuffer?.lines)
        #expect(lines.contains { $0.contains("Create note 'Gone'?") }, "\(lines)")
    }
}
