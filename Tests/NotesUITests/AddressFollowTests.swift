import Foundation
import NotesEditing
import NotesModel
import NotesTerminal
import NotesUI
import Synchronization
import Testing

/// `Enter` on a link to a web address in the read view hands the address to the opener
/// (`AttachmentAccess.openAddress`) and says so; a link to a file the note does not hold
/// says that, and opens nothing.
@Suite struct AddressFollowTests {
    final class Asked: Sendable {
        let addresses = Mutex<[String]>([])
    }

    static func runner(body: String) -> (AppRunner, MemoryTerminal, Asked) {
        let note = Note(id: UIFixtures.uuid(96), title: "Links", body: body, created: UIFixtures.now)
        let asked = Asked()
        let access = AttachmentAccess(size: { _ in nil }, open: { _ in ("an attachment was opened", true) }, openAddress: { address in
            asked.addresses.withLock { $0.append(address) }
            return ("Opened with test: \(address)", false)
        })
        let terminal = MemoryTerminal(size: TerminalSize(width: 60, height: 14), colorMode: .trueColor)
        let runner = AppRunner(terminal: terminal, repository: InMemoryNotesRepository(NotesDatabase(notes: [note])),
                               timeZone: UIFixtures.utc, now: { UIFixtures.now }, editor: UserEditor.scripted { $0 },
                               attachments: access)
        return (runner, terminal, asked)
    }

    static func screen(_ terminal: MemoryTerminal) -> String {
        terminal.lastBuffer?.lines.joined(separator: "\n") ?? ""
    }

    @Test func enterOnAWebLinkOpensTheAddress() {
        let (runner, terminal, asked) = Self.runner(body: "See [the site](https://example.com/a?b=c&d=%20e) and <mailto:x@example.com>.")
        terminal.press(.enter, .tab, .enter)
        runner.run()
        #expect(asked.addresses.withLock { $0 } == ["https://example.com/a?b=c&d=%20e"])
        #expect(Self.screen(terminal).contains("Opened with test: https://example.com/a?b=c&d=%20e"), "\(Self.screen(terminal))")
        terminal.press(.tab, .enter)
        runner.run()
        #expect(asked.addresses.withLock { $0 } == ["https://example.com/a?b=c&d=%20e", "mailto:x@example.com"])
    }

    @Test func aLinkToAFileTheNoteDoesNotHoldOpensNothingAndSaysSo() {
        let (runner, terminal, asked) = Self.runner(body: "The [report](files/report.pdf) is elsewhere.")
        terminal.press(.enter, .tab, .enter)
        runner.run()
        #expect(asked.addresses.withLock { $0 }.isEmpty)
        #expect(Self.screen(terminal).contains("files/report.pdf is not among the note's attachments"), "\(Self.screen(terminal))")
    }
}
