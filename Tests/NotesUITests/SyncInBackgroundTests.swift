import Foundation
import Testing
import NotesModel
import NotesTerminal
import NotesUI

/// `S` runs the sync on a thread of its own: with a fake sync that blocks until the test
/// releases it, keys keep working (moves, a commit), progress reaches the status line, a
/// second `S` is refused, `q` waits for the sync, and the result and the sync's own
/// changes show when it ends.
@Suite struct SyncInBackgroundTests {
    /// A sync that says it is fetching, then blocks until `release()` (at most 10 s, so a
    /// runner that ran it on the UI thread fails the test instead of hanging it), then
    /// changes the repository from outside (as the sync's own store would) and returns its summary.
    private struct BlockedSync {
        let repository: OutsideChanges
        let gate = DispatchSemaphore(value: 0)
        static let summary = "synced at 0123456789: 1 change received"

        var action: AppRunner.SyncAction {
            { [gate, repository] progress in
                progress("sync: fetching")
                _ = gate.wait(timeout: .now() + 10)
                progress("sync: applying the merge")
                try repository.commitFromOutside([.putNote(Note(title: "Arrived from elsewhere", created: UIFixtures.now))])
                return Self.summary
            }
        }

        func release() { gate.signal() }
    }

    private func makeRunner() -> (AppRunner, MemoryTerminal, OutsideChanges, BlockedSync) {
        let terminal = MemoryTerminal(size: TerminalSize(width: 100, height: 20), colorMode: .trueColor)
        let repository = OutsideChanges(UIFixtures.database)
        let sync = BlockedSync(repository: repository)
        let runner = AppRunner(terminal: terminal, repository: repository, timeZone: UIFixtures.utc,
                               now: { UIFixtures.now }, editBody: { $0 }, sync: sync.action)
        return (runner, terminal, repository, sync)
    }

    @Test func keysWorkWhileTheSyncRunsAndItsResultShowsWhenItEnds() throws {
        let (runner, terminal, repository, sync) = makeRunner()
        let rowBefore = runner.state.noteRow

        runner.handle(.key(.character("S")))
        #expect(runner.isSyncing)
        #expect(runner.idleUntil { runner.state.message?.text == "sync: fetching" })
        runner.draw()
        #expect(terminal.lastBuffer?.lines.last?.hasPrefix("sync: fetching") == true)

        // The sync is blocked in its "network part": the UI moves and commits meanwhile.
        runner.handle(.key(.character("j")))
        #expect(runner.state.noteRow == rowBefore + 1)
        let trashed = try #require(runner.state.selectedNote(in: runner.snapshot)?.id)
        runner.handle(.key(.character("d")))
        #expect(repository.commits.count == 1)
        #expect(repository.contents.notes[trashed] == nil && repository.contents.trash[trashed] != nil)

        runner.handle(.key(.character("S")))
        #expect(runner.state.message?.text == "a sync is already running")
        #expect(runner.isSyncing)

        sync.release()
        #expect(runner.idleUntil { runner.state.message?.text == BlockedSync.summary })
        #expect(!runner.isSyncing)
        runner.draw()
        let screen = try #require(terminal.lastBuffer)
        #expect(screen.lines.last?.hasPrefix(BlockedSync.summary) == true)
        #expect(screen.lines.contains { $0.contains("Arrived from") })
        #expect(repository.contents.notes[trashed] == nil && repository.contents.trash[trashed] != nil)
    }

    @Test func qWhileTheSyncRunsQuitsWhenItEnds() {
        let (runner, _, _, sync) = makeRunner()

        runner.handle(.key(.character("S")))
        #expect(runner.handle(.key(.character("q"))))
        #expect(runner.state.message?.text.contains("quitting when the sync ends") == true)
        #expect(runner.handle(.idle))

        sync.release()
        var quit = false
        #expect(runner.idleUntil {
            quit = quit || !runner.handle(.idle)
            return quit
        })
        #expect(!runner.isSyncing)
    }

    @Test func aSecondQQuitsAtOnce() {
        let (runner, _, _, sync) = makeRunner()
        defer { sync.release() }

        runner.handle(.key(.character("S")))
        #expect(runner.handle(.key(.character("q"))))
        #expect(!runner.handle(.key(.character("q"))))
        #expect(runner.isSyncing)
    }

    @Test func theEndOfInputWaitsForTheSyncAndShowsItsResult() throws {
        let (runner, terminal, _, sync) = makeRunner()
        terminal.press(.character("S"))
        // Released from another thread at any moment: before or after the input ends, `run`
        // returns only with the result shown.
        let releaser = Thread { [sync] in sync.release() }
        releaser.start()

        runner.run()

        #expect(!runner.isSyncing)
        let screen = try #require(terminal.lastBuffer)
        #expect(screen.lines.last?.hasPrefix(BlockedSync.summary) == true)
        #expect(screen.lines.contains { $0.contains("Arrived from") })
    }
}
