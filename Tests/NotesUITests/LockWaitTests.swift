import Foundation
import Testing
@testable import NotesModel
@testable import NotesStore
@testable import NotesTerminal
@testable import NotesUI

/// Issue 11 item 10: a key that commits while another process holds the store's lock
/// returns at once; the commit waits in the runner, which says `waiting for <holder>`
/// and saves it, in order and once, when the lock is free; undo sees it then.
@Suite struct LockWaitTests {
    /// A store whose lock another process holds for the next `busyTries` commits.
    final class BusyRepository: NotesRepository {
        let inner: InMemoryNotesRepository
        var busyTries: Int
        private(set) var attempts = 0
        static let holder = "pid 4242 /usr/bin/notes"

        init(_ database: NotesDatabase, busyTries: Int) {
            inner = InMemoryNotesRepository(database)
            self.busyTries = busyTries
        }

        var contents: NotesDatabase { inner.contents }
        var commits: [[StoreChange]] { inner.commits }

        func commit(derivedFrom build: (NotesDatabase) throws -> [StoreChange]) throws -> CommitResult {
            attempts += 1
            if busyTries > 0 {
                busyTries -= 1
                throw StoreError.locked(file: "notes.json.lock", holder: Self.holder)
            }
            return try inner.commit(derivedFrom: build)
        }

        func refresh() throws -> Bool { false }
    }

    static func runner(busyTries: Int) -> (AppRunner, MemoryTerminal, BusyRepository) {
        let terminal = MemoryTerminal(size: TerminalSize(width: 80, height: 20), colorMode: .trueColor)
        let repository = BusyRepository(UIFixtures.database, busyTries: busyTries)
        let runner = AppRunner(terminal: terminal, repository: repository, timeZone: UIFixtures.utc,
                               now: { UIFixtures.now }, editBody: { $0 })
        return (runner, terminal, repository)
    }

    static func keys(_ runner: AppRunner, _ keys: Key...) {
        for key in keys { #expect(runner.handle(.key(key))) }
    }

    static func type(_ runner: AppRunner, _ text: String) {
        for character in text { #expect(runner.handle(.key(.character(character)))) }
    }

    static func statusLine(_ runner: AppRunner, _ terminal: MemoryTerminal) -> String {
        runner.draw()
        return terminal.lastBuffer?.lines.last ?? ""
    }

    @Test func aRenameAndATrashWhileLockedWaitThenLandInOrderOnceAndUndo() throws {
        let (runner, terminal, repository) = Self.runner(busyTries: .max)
        let id = UIFixtures.groceries.id
        // Rename Groceries to Food, then trash it, while another process holds the lock.
        Self.keys(runner, .down, .character("r"), .control("u"))
        Self.type(runner, "Food")
        Self.keys(runner, .enter, .character("d"))

        // Each key returned (handle is synchronous: nothing waited); nothing is in the store yet.
        #expect(repository.commits.isEmpty)
        #expect(runner.pendingCommitCount == 2)
        #expect(Self.statusLine(runner, terminal).hasPrefix("waiting for \(BusyRepository.holder): 2 changes not saved yet"))
        // The list shows the changes as made: Food is in the trash, not in the list.
        #expect(runner.snapshot.database.notes[id] == nil)
        #expect(runner.snapshot.database.anyNote(id)?.title == "Food")
        #expect(terminal.lastBuffer?.lines.contains { $0.contains("Groceries") || $0.contains("Food") } == false)
        // Undo waits for them too, and says so.
        Self.keys(runner, .character("u"))
        #expect(Self.statusLine(runner, terminal).hasPrefix("Not undone: first waiting for \(BusyRepository.holder)"))
        #expect(runner.history.undoSteps.isEmpty)

        // The holder exits: the next wake-up saves both, in order.
        repository.busyTries = 0
        #expect(runner.handle(.idle))
        #expect(runner.pendingCommitCount == 0)
        #expect(repository.commits.count == 2)
        #expect(repository.contents.anyNote(id)?.title == "Food")
        #expect(repository.contents.notes[id] == nil)
        #expect(Self.statusLine(runner, terminal).hasPrefix("Saved the 2 changes that waited for the lock"))
        #expect(runner.history.undoSteps.count == 2)

        // Later wake-ups commit nothing again.
        #expect(runner.handle(.idle))
        #expect(repository.commits.count == 2)

        // Undo takes back each change, once.
        Self.keys(runner, .character("u"), .character("u"))
        #expect(repository.contents == UIFixtures.database)
        #expect(repository.commits.count == 4)
    }

    @Test func aLockBusyForSomeTriesIsRetriedAtEachWakeUpAndAppliedOnce() throws {
        let (runner, terminal, repository) = Self.runner(busyTries: 3)
        Self.keys(runner, .down, .character("d"))  // tries 1 and 2 (the key's own look): busy
        #expect(runner.pendingCommitCount == 1)
        #expect(Self.statusLine(runner, terminal).hasPrefix("waiting for \(BusyRepository.holder): 1 change not saved yet"))
        #expect(runner.handle(.idle))  // try 3: busy
        #expect(repository.commits.isEmpty)
        #expect(Self.statusLine(runner, terminal).hasPrefix("waiting for"))
        #expect(runner.handle(.idle))  // try 4: saved
        #expect(repository.attempts == 4)
        #expect(repository.commits.count == 1)
        #expect(repository.contents.notes[UIFixtures.groceries.id] == nil)
        #expect(runner.handle(.idle))
        #expect(repository.commits.count == 1)
        Self.keys(runner, .character("u"))
        #expect(repository.contents == UIFixtures.database)
    }

    @Test func qWithChangesWaitingAsksThenQuitsOnceTheyAreSaved() throws {
        let (runner, terminal, repository) = Self.runner(busyTries: .max)
        Self.keys(runner, .down, .character("d"), .character("q"))  // q does not quit yet
        #expect(runner.state.message?.text == "q again quits WITHOUT 1 change (else quits once saved); waiting for \(BusyRepository.holder): 1 change not saved yet")
        #expect(Self.statusLine(runner, terminal).hasPrefix("q again quits WITHOUT 1 change"))
        #expect(runner.handle(.idle))  // still busy: still running
        repository.busyTries = 0
        #expect(runner.handle(.idle) == false)  // saved, then quits
        #expect(repository.commits.count == 1)
    }

    @Test func aSecondQQuitsWithoutThemAndAnotherKeyStays() throws {
        let (runner, terminal, repository) = Self.runner(busyTries: .max)
        Self.keys(runner, .down, .character("d"), .character("q"), .character("j"))  // j: stays
        #expect(Self.statusLine(runner, terminal).contains("staying"))
        #expect(runner.handle(.key(.character("q"))))  // asks again
        #expect(runner.handle(.key(.character("q"))) == false)  // asked: quits without them
        #expect(repository.commits.isEmpty)
    }

    @Test func anUndoThatFindsTheLockBusyIsKeptForLater() throws {
        let (runner, terminal, repository) = Self.runner(busyTries: 0)
        Self.keys(runner, .down, .character("d"))
        #expect(repository.commits.count == 1)
        repository.busyTries = 1
        Self.keys(runner, .character("u"))
        #expect(Self.statusLine(runner, terminal).hasPrefix("Not undone: waiting for \(BusyRepository.holder)"))
        #expect(runner.history.undoSteps.count == 1)
        Self.keys(runner, .character("u"))
        #expect(repository.contents == UIFixtures.database)
    }
}
