import Foundation
import Testing
import NotesTerminal
import NotesUI

/// The preview follows the selection once the keys stop: moves in the list hold it on
/// the note it showed, and a pause (`.idle`) or any other event lets it catch up.
@Suite struct PreviewFollowTests {
    /// The first line of the preview pane at 110×10 (the title of the note it shows).
    static func previewTitle(_ buffer: ScreenBuffer?) -> String? {
        guard let buffer, let line = buffer.lines.dropFirst().first else { return nil }
        let columns = Array(line)
        let start = 77  // after the separator at column 76
        guard columns.count > start else { return nil }
        return String(columns[start...]).trimmingCharacters(in: .whitespaces)
    }

    @Test func aSingleMoveShowsTheNewNotesPreviewOnceInputPauses() throws {
        // Given the list with "Quarterly report" selected and previewed
        let (runner, terminal, _) = UIFixtures.runner(width: 110, height: 10)
        runner.draw()
        #expect(Self.previewTitle(terminal.lastBuffer) == "Quarterly report")

        // When ↓ is pressed once and nothing follows
        terminal.press(.down)
        runner.run()

        // Then the runner waited for a pause, and the last frame previews "Groceries"
        #expect(terminal.idleCount == 1)
        #expect(runner.state.previewHeldNoteID == nil)
        let buffer = try #require(terminal.lastBuffer)
        #expect(Self.previewTitle(buffer) == "Groceries")
        #expect(buffer.lines[2].hasSuffix("Home · 2025-03-01                "))
        #expect(buffer.lines[5].hasSuffix("Milk, eggs, bread                "))
    }

    @Test func movesInQuickSuccessionKeepThePreviewUntilThePause() throws {
        // Given the list with "Quarterly report" previewed
        let (runner, terminal, _) = UIFixtures.runner(width: 110, height: 10)
        runner.draw()

        // When ↓ ↓ arrive before any pause
        runner.handle(.key(.down))
        runner.draw()
        runner.handle(.key(.down))
        runner.draw()

        // Then the list shows the move at once and the preview still shows the first note
        #expect(terminal.lastBuffer?.lines[3].contains("▶Loose idea") == true)
        #expect(Self.previewTitle(terminal.lastBuffer) == "Quarterly report")
        #expect(terminal.lastBuffer?.lines[5].hasSuffix("Numbers for Q3.                  ") == true)

        // When the keys pause
        runner.handle(.idle)
        runner.draw()

        // Then the preview shows the selected note, its old lines cleared
        let buffer = try #require(terminal.lastBuffer)
        #expect(Self.previewTitle(buffer) == "Loose idea")
        #expect(buffer.lines[4].hasSuffix("A notes app in the terminal      "))
        #expect(buffer.lines[5].hasSuffix("│                                  "))
        #expect(!buffer.lines.joined().contains("Send to Ana"))
    }

    @Test func queuedMovesWaitForOnePauseAtTheEnd() throws {
        let (runner, terminal, _) = UIFixtures.runner(width: 110, height: 10)
        terminal.press(.down, .down, .up)
        runner.run()
        #expect(terminal.idleCount == 1)
        #expect(terminal.drawCount == 5)  // first frame, three moves, the preview catching up
        #expect(Self.previewTitle(terminal.lastBuffer) == "Groceries")
    }

    @Test func anyOtherEventLetsThePreviewCatchUp() {
        let snapshot = NotesSnapshot(UIFixtures.database)
        let events: [InputEvent] = [.resize(TerminalSize(width: 120, height: 12)), .key(.character("?")),
                                    .key(.character("/")), .idle]
        for event in events {
            var state = AppState(size: TerminalSize(width: 110, height: 10))
            state.reconcile(with: snapshot)
            _ = AppUpdate.update(&state, event: .key(.down), snapshot: snapshot, now: UIFixtures.now)
            #expect(state.previewHeldNoteID != nil)
            #expect(state.previewNote(in: snapshot)?.id != state.selectedNote(in: snapshot)?.id)
            _ = AppUpdate.update(&state, event: event, snapshot: snapshot, now: UIFixtures.now)
            #expect(state.previewHeldNoteID == nil, "\(event)")
            #expect(state.previewNote(in: snapshot)?.id == state.selectedNote(in: snapshot)?.id)
        }
    }

    @Test func nothingIsHeldWhenThePreviewIsHiddenOrTheSelectionStays() {
        let snapshot = NotesSnapshot(UIFixtures.database)
        var state = AppState(size: TerminalSize(width: 110, height: 10))
        state.reconcile(with: snapshot)
        _ = AppUpdate.update(&state, event: .key(.up), snapshot: snapshot, now: UIFixtures.now)  // already at the top
        #expect(state.previewHeldNoteID == nil)
        state.showsPreview = false
        _ = AppUpdate.update(&state, event: .key(.down), snapshot: snapshot, now: UIFixtures.now)
        #expect(state.previewHeldNoteID == nil)
    }

    @Test func movingBackToThePreviewedNoteReleasesTheHold() {
        let snapshot = NotesSnapshot(UIFixtures.database)
        var state = AppState(size: TerminalSize(width: 110, height: 10))
        state.reconcile(with: snapshot)
        _ = AppUpdate.update(&state, event: .key(.down), snapshot: snapshot, now: UIFixtures.now)
        #expect(state.previewHeldNoteID == UIFixtures.report.id)
        _ = AppUpdate.update(&state, event: .key(.down), snapshot: snapshot, now: UIFixtures.now)
        #expect(state.previewHeldNoteID == UIFixtures.report.id)
        _ = AppUpdate.update(&state, event: .key(.character("g")), snapshot: snapshot, now: UIFixtures.now)
        #expect(state.previewHeldNoteID == nil)
    }

    @Test func aHeldNoteThatIsGoneGivesWayToTheSelection() {
        let snapshot = NotesSnapshot(UIFixtures.database)
        var state = AppState(size: TerminalSize(width: 110, height: 10))
        state.reconcile(with: snapshot)
        state.previewHeldNoteID = UIFixtures.uuid(999)
        #expect(state.previewNote(in: snapshot)?.id == UIFixtures.report.id)
    }
}
