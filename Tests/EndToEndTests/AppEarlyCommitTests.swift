import Foundation
import NotesEditing
import NotesModel
import NotesStore
import NotesTerminal
import NotesUI
import Testing
@testable import notes

/// `d` and `p` pressed before the whole store is in (`AppRunner+EarlyCommits`): the list
/// shows the change at once, the runner stays early (the whole store's read is held back
/// by the test until `finishLoading()`), and the commit is made against the whole store
/// once it is in, undoable with `u`.
@Suite struct AppEarlyCommitTests {
    typealias Early = AppEarlyStartTests

    @Test func trashAndPinAnswerAtOnceAndAreSavedOnceTheStoreIsIn() throws {
        let (folder, url) = try Early.seededStore(seed: 43)
        defer { try? FileManager.default.removeItem(at: folder) }
        let runner = try AppEarlyKeysTests.runner(url, editor: UserEditor.scripted { $0 })
        let trashed = try #require(runner.state.selectedNote(in: runner.snapshot))
        runner.handle(.key(.character("d")))
        #expect(Early.isEarly(runner))
        #expect(runner.snapshot.database.notes[trashed.id] == nil)
        #expect(runner.state.waitingSaves?.holder == AppRunner.loadingHolder)
        let pinned = try #require(runner.state.selectedNote(in: runner.snapshot))
        #expect(pinned.id != trashed.id)
        runner.handle(.key(.character("p")))
        #expect(Early.isEarly(runner))
        #expect(runner.snapshot.database.notes[pinned.id]?.pinned == !pinned.pinned)
        #expect(runner.pendingCommitCount == 2)

        runner.finishLoading()
        #expect(runner.pendingCommitCount == 0)
        #expect(runner.state.waitingSaves == nil)
        #expect(runner.snapshot.database.trash[trashed.id] != nil)
        #expect(runner.snapshot.database.notes[pinned.id]?.pinned == !pinned.pinned)
        do {
            let store = try NotesStore.open(at: url)
            defer { store.close() }
            #expect(store.contents.trash[trashed.id] != nil)
            #expect(store.contents.notes[pinned.id]?.pinned == !pinned.pinned)
        }
        // Each was recorded for undo as it was saved: `u` undoes the pin, then brings the note out of the trash.
        runner.handle(.key(.character("u")))
        runner.handle(.key(.character("u")))
        let store = try NotesStore.open(at: url)
        defer { store.close() }
        #expect(store.contents.notes[pinned.id]?.pinned == pinned.pinned)
        #expect(store.contents.notes[trashed.id] != nil)
    }

    @Test func aRenameStillWaitsForTheWholeStore() throws {
        let (folder, url) = try Early.seededStore(seed: 44)
        defer { try? FileManager.default.removeItem(at: folder) }
        let runner = try AppEarlyKeysTests.runner(url, editor: UserEditor.scripted { $0 })
        runner.handle(.key(.character("r")))
        for key in [Key.control("u")] + "Later".map({ Key.character($0) }) { runner.handle(.key(key)) }
        runner.handle(.key(.enter))
        #expect(runner.pendingCommitCount == 0)
        #expect(runner.state.loadingStore?.waitingKeys == 1)
        runner.finishLoading()
        #expect(runner.state.selectedNote(in: runner.snapshot)?.title == "Later")
    }
}
