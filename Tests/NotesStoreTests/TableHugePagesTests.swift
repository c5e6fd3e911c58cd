import Foundation
import Glibc
import Testing
import NotesModel
import NotesTestData
@testable import NotesStore

/// glibc's `malloc_usable_size` (not in the `Glibc` module): the usable size of an allocation.
@_silgen_name("malloc_usable_size")
private func mallocUsableSize(_ pointer: UnsafeMutableRawPointer?) -> Int

/// The notes dictionary's table is asked to be backed by huge pages (`TableHugePages`): the
/// pages advised are whole 2 MiB pages inside the table's own allocation, and a store read
/// on two threads holds its notes in memory so advised.
@Suite struct TableHugePagesTests {
    @Test func theAdvisedPagesAreWholeHugePagesInsideTheTable() throws {
        var notes: [UUID: Note] = [:]
        notes.reserveCapacity(100_000)
        let range = try #require(TableHugePages.range(of: &notes))
        let start = withUnsafeBytes(of: &notes) { $0.load(as: UInt.self) }
        // The allocation malloc made for the table, as malloc itself knows it.
        let allocated = UInt(mallocUsableSize(UnsafeMutableRawPointer(bitPattern: start)))
        #expect(range.lowerBound >= start)
        #expect(range.upperBound <= start + allocated)
        #expect(range.lowerBound % UInt(TableHugePages.hugePage) == 0)
        #expect(range.count % TableHugePages.hugePage == 0)
        // 2^18 buckets of an id and a note: at least 17 whole huge pages, whatever the alignment.
        #expect(range.count >= 17 * TableHugePages.hugePage)

        var small: [UUID: Note] = [:]
        small.reserveCapacity(1_000)
        #expect(TableHugePages.range(of: &small) == nil)
    }

    @Test func aStoreReadOnTwoThreadsHoldsItsNotesInHugePages() throws {
        // Where the kernel has no transparent huge pages, there is nothing to ask for.
        guard access("/sys/kernel/mm/transparent_hugepage/enabled", F_OK) == 0 else { return }
        let (folder, url) = try StoreFixtures.store()
        defer { folder.remove() }
        let store = try NotesStore.open(at: url)
        // 2^15 buckets, 4.7 MB: at least one whole huge page.
        let notes = (0..<20_000).map { Note(title: "note \($0)", body: "body \($0)") }
        try store.commit(notes.map { .putNote($0) })
        try store.compactNow()
        store.close()

        let reopened = try NotesStore.open(at: url, options: NotesStoreOptions(parallelReadThreshold: 0))
        defer { reopened.close() }
        var read = reopened.contents.notes
        #expect(read.count == notes.count)
        let range = try #require(TableHugePages.range(of: &read))
        #expect(try HugePageAdvice.isAdvised(at: range.lowerBound))
    }
}
