import Foundation
import NotesCore
import NotesUI
import Testing

/// `S` in the note list: the runner's sync action runs, its progress and then its result
/// (or its error) show on the status line, and the list picks up what the sync changed.
@Suite struct SyncKeyTests {
    @Test func syncShowsProgressThenTheSummaryAndTheListUpdates() throws {
        let terminal = MemoryTerminal(size: TerminalSize(width: 80, height: 20), colorMode: .trueColor)
        let repository = OutsideChanges(UIFixtures.database)
        var progressScreens: [String] = []
        let runner = AppRunner(terminal: terminal, repository: repository, timeZone: UIFixtures.utc, now: { UIFixtures.now },
                               editBody: { $0 }, sync: { progress in
            progress("sync: fetching")
            progressScreens.append(terminal.lastBuffer?.lines.last ?? "")
            try repository.commitFromOutside([.putNote(Note(title: "Arrived from elsewhere", created: UIFixtures.now))])
            return "synced at 0123456789: 1 change received"
        })

        terminal.press(.character("S"))
        runner.run()

        #expect(progressScreens.first?.hasPrefix("sync: fetching") == true)
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
/// second `NotesStore` on the same file would: the next refresh reports it.
private final class OutsideChanges: NotesRepository {
    private(set) var contents: NotesDatabase
    private var changedOutside = false

    init(_ contents: NotesDatabase) { self.contents = contents }

    func commit(_ changes: [StoreChange]) throws -> Bool {
        try contents.apply(changes)
        return false
    }

    func commitFromOutside(_ changes: [StoreChange]) throws {
        try contents.apply(changes)
        changedOutside = true
    }

    func refresh() throws -> Bool {
        defer { changedOutside = false }
        return changedOutside
    }
}
