import Foundation
import NotesEditing
import NotesModel
import NotesTerminal
import NotesUI
import Synchronization
import Testing

/// A note's attachments in the UI: a marker in the list row and the preview, a list under
/// the rendered body whose lines are read-view items, and `Enter` on one hands its path to
/// the opener (`AttachmentAccess`).
@Suite struct ReadAttachmentTests {
    static func note() throws -> Note {
        Note(id: UIFixtures.uuid(90), title: "Trip", body: "- [ ] passport\n\nSee the map.",
             created: UIFixtures.now, attachments: [try path("map.png"), try path("ticket.pdf")])
    }

    static func path(_ name: String) throws -> AttachmentPath {
        try AttachmentPath("attachments/\(UIFixtures.uuid(90).uuidString)/\(name)")
    }

    /// The paths the opener was asked to open, in order.
    final class Opened: Sendable {
        let paths = Mutex<[AttachmentPath]>([])
    }

    /// A runner on the note whose opener records each path it is asked to open.
    static func runner(width: Int = 60, asciiMarkers: Bool = false) throws
        -> (AppRunner, MemoryTerminal, Opened) {
        let opened = Opened()
        let access = AttachmentAccess(size: { $0.relativePath.hasSuffix(".pdf") ? 12_800 : nil }, open: { path in
            opened.paths.withLock { $0.append(path) }
            return ("Opened with test", false)
        })
        let terminal = MemoryTerminal(size: TerminalSize(width: width, height: 14), colorMode: .trueColor)
        let runner = AppRunner(terminal: terminal, repository: InMemoryNotesRepository(NotesDatabase(notes: [try note()])),
                               timeZone: UIFixtures.utc, now: { UIFixtures.now }, editor: UserEditor.scripted { $0 },
                               attachments: access, asciiMarkers: asciiMarkers)
        return (runner, terminal, opened)
    }

    @Test func theRowAndThePreviewShowTheMarker() throws {
        let (runner, terminal, _) = try Self.runner(width: 100)
        runner.run()
        let lines = try #require(terminal.lastBuffer?.lines)
        #expect(lines.contains { $0.contains("Trip") && $0.contains("📎2 · ") })
        #expect(lines.contains { $0.contains("📎2 · 20") && !$0.contains("Trip") })  // the preview's details
    }

    @Test func aTerminalWithoutEmojiShowsThePlusMarker() throws {
        let (runner, terminal, _) = try Self.runner(width: 60, asciiMarkers: true)
        runner.run()
        #expect(terminal.lastBuffer?.lines.contains { $0.contains("Trip") && $0.contains("+2 · ") } == true)
    }

    @Test func theReadViewListsThemWithSizeAndType() throws {
        let (runner, terminal, _) = try Self.runner()
        terminal.press(.enter)
        runner.run()
        let lines = try #require(terminal.lastBuffer?.lines).map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.contains("Attachments (2)"))
        #expect(lines.contains("📎 map.png  image"))
        #expect(lines.contains("📎 ticket.pdf  13 KB  PDF document"))
    }

    @Test func tabReachesTheAttachmentsAfterTheTasksAndEnterOpensTheOneInFocus() throws {
        let (runner, terminal, opened) = try Self.runner()
        terminal.press(.enter, .tab, .tab, .tab, .enter)  // the task, map.png, ticket.pdf
        runner.run()
        #expect(opened.paths.withLock { $0 } == [try Self.path("ticket.pdf")])
        #expect(runner.state.readItem == 2)
        #expect(runner.state.message?.text == "Opened with test")
        terminal.press(.tab, .enter)  // round the end: the task, which Enter ticks
        runner.run()
        #expect(opened.paths.withLock { $0 }.count == 1)
        #expect(runner.state.readItem == 0)
    }

    /// An opener runs in the background: `Enter` says it is opening; when the opener fails
    /// later, the next look (a key or the loop's wait running out) puts its failure on the
    /// status line, as an error.
    @Test func anOpenerThatFailsLaterIsReportedOnTheStatusLine() throws {
        let failures = Mutex<[String]>([])
        let access = AttachmentAccess(size: { _ in nil }, open: { _ in ("Opening with viewer", false) },
                                      openerFailures: { (failures.withLock { list in defer { list = [] }; return list }, false) })
        let terminal = MemoryTerminal(size: TerminalSize(width: 60, height: 14), colorMode: .trueColor)
        let runner = AppRunner(terminal: terminal, repository: InMemoryNotesRepository(NotesDatabase(notes: [try Self.note()])),
                               timeZone: UIFixtures.utc, now: { UIFixtures.now }, editor: UserEditor.scripted { $0 },
                               attachments: access)
        terminal.press(.enter, .tab, .tab, .enter)  // the task, then map.png
        runner.run()
        #expect(runner.state.message == .init(text: "Opening with viewer", isError: false))
        failures.withLock { $0.append("viewer failed on map.png (status 4)") }
        runner.handle(.idle)
        #expect(runner.state.message == .init(text: "viewer failed on map.png (status 4)", isError: true))
        runner.draw()
        #expect(terminal.lastBuffer?.lines.contains { $0.contains("viewer failed on map.png (status 4)") } == true)
    }

    @Test func aFocusesTheFirstAttachment() throws {
        let (runner, terminal, opened) = try Self.runner()
        terminal.press(.enter, .character("A"))
        runner.run()
        let buffer = try #require(terminal.lastBuffer)
        let row = try #require(buffer.lines.firstIndex { $0.contains("map.png") })
        #expect(buffer[3, row].style.reverse)  // the attachment in focus
        #expect(!buffer[3, row + 1].style.reverse)
        terminal.press(.enter)
        runner.run()
        #expect(opened.paths.withLock { $0 } == [try Self.path("map.png")])
    }
}
