import Foundation
import Testing
import NotesModel
import NotesTestData
@testable import NotesStore

/// The notes the reader looks at again (trashed, or of a category the store does not have)
/// are found by the thread that reads them: on two threads, in every chunk of the second
/// part as in the first, they load as on one thread.
@Suite struct SnapshotParallelCheckTests {
    @Test func trashedNotesAndMissingCategoriesLoadAlikeOnOneThreadAndOnTwo() throws {
        let (folder, url) = try StoreFixtures.store()
        defer { folder.remove() }
        let kept = Category(name: "Kept", color: try StoreFixtures.color("336699"))
        let dropped = Category(name: "Dropped", color: try StoreFixtures.color("993366"))
        let store = try NotesStore.open(at: url)
        let trashedAt = Date(timeIntervalSinceReferenceDate: 1_000_000)
        // Several chunks of 2,048 notes in the second part; every fifth note of `dropped`,
        // every eleventh trashed (some of them of `dropped` too).
        let notes = (0..<9_000).map { (index: Int) -> Note in
            let category: UUID? = index % 5 == 0 ? dropped.id : index % 5 == 1 ? kept.id : nil
            let deleted: Date? = index % 11 == 0 ? trashedAt : nil
            return Note(title: "note \(index)", body: "body \(index)", created: Date(timeIntervalSinceReferenceDate: Double(index)),
                        categoryID: category, deleted: deleted)
        }
        try store.commit([.putCategory(kept), .putCategory(dropped)] + notes.map { .putNote($0) })
        try store.compactNow()
        store.close()
        // The notes of `dropped` now name a category that is not in the store.
        let missing = UUID()
        let text = try String(contentsOf: url, encoding: .utf8).replacingOccurrences(
            of: "\"category\": \"\(dropped.id.uuidString)\"", with: "\"category\": \"\(missing.uuidString)\"")
        try Data(text.utf8).write(to: url)

        let parallel = try NotesStore.open(at: url, options: NotesStoreOptions(parallelReadThreshold: 0))
        defer { parallel.close() }
        let sequential = try NotesStore.open(at: url, options: NotesStoreOptions(parallelReadThreshold: Int.max))
        defer { sequential.close() }
        let sameContents = parallel.contents == sequential.contents  // not printed whole when it fails
        #expect(sameContents)
        let sameWarnings = parallel.warnings.map(\.message) == sequential.warnings.map(\.message)
        #expect(sameWarnings)

        let trashed = notes.filter { $0.deleted != nil }
        #expect(parallel.contents.trash.count == trashed.count)
        #expect(parallel.contents.notes.count == notes.count - trashed.count)
        #expect(parallel.warnings.count == notes.filter { $0.categoryID == dropped.id }.count)
        let all = Array(parallel.contents.notes.values) + Array(parallel.contents.trash.values)
        #expect(all.allSatisfy { $0.categoryID == nil || $0.categoryID == kept.id })
        #expect(all.filter { $0.categoryID == kept.id }.count == notes.filter { $0.categoryID == kept.id }.count)
    }
}
