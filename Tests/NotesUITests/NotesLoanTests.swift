import Foundation
import NotesTestSupport
import Synchronization
import Testing
@testable import NotesModel
@testable import NotesStore
@testable import NotesUI

/// The search text built in the background reads the store's notes through a `NotesLoan`
/// that a commit takes back (so the store changes its dictionary in place instead of
/// copying every note) and lends again after: the text is the same as one built at once,
/// commits made while it is built show in it, and a builder whose text nobody wants stops.
@Suite struct NotesLoanTests {
    typealias Fixture = IncrementalIndexTests

    @Test func textReadThroughALoanIsTheTextOfTheNotes() {
        var random = SeededRandom(seed: 11)
        let database = Fixture.database(&random, notes: 5_000)
        let ids = database.notes.keys.sorted { $0.uuidString < $1.uuidString }
        let direct = SearchText(notes: database.notes, ids: ids)

        let lent = SearchText(loan: NotesLoan(database.notes), ids: ids)

        #expect(lent.bytes == direct.bytes)
        #expect(lent.starts == direct.starts)
        #expect(lent.frequency == direct.frequency)
        #expect(lent.slotCount == ids.count)
    }

    /// A builder waiting for notes taken back, whose text is then dropped, stops (it does
    /// not wait for ever on a thread) and gives an empty text.
    @Test func aBuilderWhoseTextIsDroppedStops() async {
        var random = SeededRandom(seed: 12)
        let database = Fixture.database(&random, notes: 100)
        let loan = NotesLoan(database.notes)
        loan.takeBack()
        let ids = database.notes.keys.sorted { $0.uuidString < $1.uuidString }
        let builder = Task.detached { SearchText(loan: loan, ids: ids) }
        loan.end()
        let text = await builder.value
        #expect(text.slotCount == 0)
        #expect(loan.read { _ in true } == nil)
    }

    /// A commit taking the notes back while the builder reads a slice gets them before the
    /// builder's next slice: the builder lets the lock go and takes it again at once, and an
    /// unfair lock would otherwise keep the commit (a key) waiting for the whole build.
    @Test func aWaitingTakeBackGoesBeforeTheBuildersNextSlice() {
        var random = SeededRandom(seed: 13)
        let database = Fixture.database(&random, notes: 100)
        let loan = NotesLoan(database.notes)
        let inFirstSlice = DispatchSemaphore(value: 0), finishFirstSlice = DispatchSemaphore(value: 0)
        let order = Mutex<[String]>([])
        let builderDone = DispatchSemaphore(value: 0), takerDone = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            _ = loan.read { _ in
                inFirstSlice.signal()
                finishFirstSlice.wait()
            }
            _ = loan.read { _ in order.withLock { $0.append("second slice") } }
            builderDone.signal()
        }
        inFirstSlice.wait()
        Thread.detachNewThread {
            loan.takeBack()
            order.withLock { $0.append("taken back") }
            takerDone.signal()
        }
        while !loan.hasTakerWaiting { sched_yield() }
        finishFirstSlice.signal()
        takerDone.wait()
        loan.lend(database.notes)
        builderDone.wait()

        #expect(order.withLock { $0 } == ["taken back", "second slice"])
    }

    /// Commits made at once after opening, while the text is still being built from the
    /// store's notes, give the same list and search results as a snapshot built afresh.
    @Test(arguments: [UInt64(21), 22, 23])
    func commitsWhileTheTextIsBuiltShowInIt(seed: UInt64) throws {
        print("NotesLoanTests seed \(seed)")
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var random = SeededRandom(seed: seed)
        let store = try NotesStore.open(at: folder.file("notes.json"))
        defer { store.close() }
        try store.commit(Fixture.categories.map(StoreChange.putCategory)
            + Fixture.database(&random, notes: 20_000).notes.values.sorted { $0.id.uuidString < $1.id.uuidString }
            .map(StoreChange.putNote))

        var snapshot = NotesSnapshot(store.contents, searchText: .inBackground)
        for _ in 0..<30 {
            do { try snapshot.commit(Fixture.changes(&random, in: store.contents), through: store) } catch is ModelError {}
        }

        snapshot.index.waitUntilSearchable()
        #expect(snapshot.database == store.contents, "seed \(seed)")
        Fixture.expectSameAsRebuilt(snapshot, store.contents, queries: Fixture.queries)
    }
}
