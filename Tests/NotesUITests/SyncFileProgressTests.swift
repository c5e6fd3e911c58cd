import Foundation
import Testing
import NotesModel
import NotesTerminal
@testable import NotesUI

/// `S` during a first sync: the files the sync writes (`SyncProgress.filesWritten`, fed by
/// `SyncEngine.fileProgress`) reach the status line as the command line's progress line
/// draws them, while keys keep working; counts that come faster than the status line can
/// show are folded into the latest.
@Suite struct SyncFileProgressTests {
    @Test func theStatusLineCountsTheFilesWhileKeysWork() throws {
        let terminal = MemoryTerminal(size: TerminalSize(width: 100, height: 20), colorMode: .trueColor)
        let repository = InMemoryNotesRepository(UIFixtures.database)
        let gate = DispatchSemaphore(value: 0)
        let summary = "synced at 0123456789: 0 changes received, changes pushed"
        let runner = AppRunner(terminal: terminal, repository: repository, timeZone: UIFixtures.utc, now: { UIFixtures.now },
                               editBody: { $0 }, sync: { progress in
            progress("sync: committing local changes")
            progress.filesWritten(2_500, of: 10_000)
            _ = gate.wait(timeout: .now() + 10)
            progress.filesWritten(10_000, of: 10_000)
            return summary
        })
        defer { gate.signal() }
        let rowBefore = runner.state.noteRow

        runner.handle(.key(.character("S")))
        #expect(runner.idleUntil { runner.state.message?.text.hasPrefix("sync: writing 2,500 / 10,000 files") == true })
        runner.draw()
        #expect(terminal.lastBuffer?.lines.last?.hasPrefix("sync: writing 2,500 / 10,000 files") == true)
        runner.handle(.key(.character("j")))
        #expect(runner.state.noteRow == rowBefore + 1)

        gate.signal()
        #expect(runner.idleUntil { runner.state.message?.text == summary })
        runner.draw()
        #expect(terminal.lastBuffer?.lines.last?.hasPrefix(summary) == true)
    }

    @Test func countsInQuickSuccessionAreFoldedIntoTheLatest() {
        let mailbox = BackgroundSync(clock: { 5 })
        #expect(mailbox.start { progress in
            for done in 1...1_000 { progress.filesWritten(done, of: 1_000) }
            return "done"
        })
        mailbox.waitUntilFinished()

        // The first count at once, then nothing within `ProgressLine.interval` but the last, which replaces it.
        #expect(mailbox.take() == [.files(done: 1_000, total: 1_000, elapsed: 0), .finished(message: "done", isError: false)])
    }
}
