import Foundation
import Testing
import NotesModel
@testable import NotesStore

/// The buckets `TablePrefetch` fetches ahead of the open's stores are the ones the notes
/// dictionary puts its notes in: most ids are in the bucket predicted for it (the others
/// moved on by a collision; a wrong guess of the seed or the layout would find almost none).
@Suite struct TablePrefetchTests {
    @Test(arguments: [100_000, 3_000])
    func theBucketsFetchedAreWhereTheDictionaryStoresItsNotes(count: Int) throws {
        var notes: [UUID: Note] = [:]
        notes.reserveCapacity(count)
        let prefetch = try #require(TablePrefetch(&notes))
        let ids = (0..<count).map { _ in UUID() }
        for id in ids {
            prefetch.fetch(id)
            notes[id] = Note(id: id, title: "note", body: "")
        }
        // The table is the one the prefetch was made for (it did not grow).
        #expect(TablePrefetch(&notes) != nil)
        let inFirstBucket = ids.filter { prefetch.holdsInFirstBucket($0) }.count
        #expect(inFirstBucket * 2 >= count)
        #expect(notes.count == count)
    }

    @Test func anEmptyTableHasNoPrefetch() {
        var notes: [UUID: Note] = [:]
        #expect(TablePrefetch(&notes) == nil)
    }
}
