import Foundation
import Testing
import NotesModel
import NotesTerminal
import NotesUI
import NotesSync

/// `S` in the note list: the runner's sync action runs, its result (or its error) shows on
/// the status line, and the list picks up what the sync changed; when the input ends
/// during a sync, the runner waits for it. (Progress while it runs: `SyncInBackgroundTests`.)
@Suite struct SyncKeyTests {
    @Test func syncShowsProgressThenTheSummaryAndTheListUpdates() throws {
        let terminal = MemoryTerminal(size: TerminalSize(width: 80, height: 20), colorMode: .trueColor)
        let repository = OutsideChanges(UIFixtures.database)
        let runner = AppRunner(terminal: terminal, repository: repository, timeZone: UIFixtures.utc, now: { UIFixtures.now },
                               editBody: { $0 }, sync: { progress in
            progress("sync: fetching")
            try repository.commitFromOutside([.putNote(Note(title: "Arrived from elsewhere", created: UIFixtures.now))])
            return "synced at 0123456789: 1 change received"
        })

        terminal.press(.character("S"))
        runner.run()

        let screen = try #require(terminal.lastBuffer)
        #expect(screen.lines.last?.hasPrefix("synced at 0123456789: 1 change received") == true)
        #expect(screen.lines.contains { $0.contains("Arrived from elsewhere") })
    }

    @Test func aFailedSyncShowsGitsErrorAndChangesNothing() throws {
        let terminal = MemoryTerminal(size: TerminalSize(width: 100, height: 20), colorMode: .trueColor)
        let repository = InMemoryNotesRepository(UIFixtures.database)
        let runner = AppRunner(terminal: terminal, repository: repository, timeZone: UIFixtures.utc, now: { UIFixtures.now },
                               editBody: { $0 }, sync: { _ in
            throw SyncError.gitFailed(action: "fetch from 'x'", status: 128, message: "fatal: 'x' does not appear to be a git repository")
        })

        terminal.press(.character("S"))
        runner.run()

        #expect(runner.state.message?.isError == true)
        #expect(runner.state.message?.text.contains("does not appear to be a git repository") == true)
        #expect(repository.commits.isEmpty)
    }
}

/// A repository that another process (the sync) changes behind the UI's back, as a
/// second `NotesStore` on the same file would: the next refresh reports it. The sync
/// runs on its own thread, so every access takes the lock (hence `@unchecked Sendable`).
final class OutsideChanges: NotesRepository, @unchecked Sendable {
    private let lock = NSLock()
    private var current: NotesDatabase
    private var changedOutside = false
    private var made: [[StoreChange]] = []

    init(_ contents: NotesDatabase) { current = contents }

    var contents: NotesDatabase { lock.withLock { current } }
    /// The UI's own commits, in order.
    var commits: [[StoreChange]] { lock.withLock { made } }

    func commit(derivedFrom build: (NotesDatabase) throws -> [StoreChange]) throws -> CommitResult {
        try lock.withLock {
            let changes = try build(current)
            guard !changes.isEmpty else { return CommitResult(changes: [], othersCommitted: false) }
            try current.apply(changes)
            made.append(changes)
            return CommitResult(changes: changes, othersCommitted: false)
        }
    }

    func commitFromOutside(_ changes: [StoreChange]) throws {
        try lock.withLock {
            try current.apply(changes)
            changedOutside = true
        }
    }

    func refresh() throws -> Bool {
        lock.withLock {
            defer { changedOutside = false }
            return changedOutside
        }
    }
}
