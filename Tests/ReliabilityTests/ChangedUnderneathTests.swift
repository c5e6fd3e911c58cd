#if canImport(Glibc)
import Glibc
#endif
import Foundation
import NotesTestSupport
import Testing
@testable import NotesModel
@testable import NotesStore

/// PRODUCT §3 and §7: files another program removes, replaces, rewrites in place or
/// damages while notes has them open. What was acknowledged is never lost, no byte
/// is destroyed, and nothing crashes.
@Suite struct ChangedUnderneathTests {
    private func openStore(_ folder: TemporaryFolder) throws -> (URL, NotesStore) {
        let url = folder.file("store").appendingPathComponent("notes.json")
        let store = try NotesStore.open(at: url)
        return (url, store)
    }

    private func titles(at url: URL) throws -> Set<String> {
        let store = try NotesStore.open(at: url)
        defer { store.close() }
        return Set(store.contents.notes.values.map(\.title))
    }

    @Test func aCommitAfterTheJournalWasRemovedIsNotWrittenIntoTheRemovedFile() throws {
        let folder = try TemporaryFolder(prefix: "notes-underneath")
        defer { folder.remove() }
        let (url, store) = try openStore(folder)
        defer { store.close() }
        try store.commit(.putNote(Note(title: "before")))
        try FileManager.default.removeItem(atPath: NotesStore.journalPath(for: url))

        try store.commit(.putNote(Note(title: "after the removal")))
        #expect(store.warnings.contains { $0.message.contains("removed or replaced") })
        #expect(try titles(at: url).contains("after the removal"), "the acknowledged commit is in the files")
    }

    @Test func aCommitAfterTheJournalWasReplacedGoesIntoTheNewFile() throws {
        let folder = try TemporaryFolder(prefix: "notes-underneath")
        defer { folder.remove() }
        let (url, store) = try openStore(folder)
        defer { store.close() }
        try store.commit(.putNote(Note(title: "before")))
        let journal = NotesStore.journalPath(for: url)
        let copy = journal + ".copy"
        try FileManager.default.copyItem(atPath: journal, toPath: copy)
        try #require(rename(copy, journal) == 0)  // e.g. restored from a backup, or by a sync tool

        try store.commit(.putNote(Note(title: "after the replacement")))
        #expect(try titles(at: url) == ["before", "after the replacement"])
    }

    @Test func aDamagedLastCommitIsMovedAsideNotDestroyedAndDoctorShowsIt() throws {
        let folder = try TemporaryFolder(prefix: "notes-underneath")
        defer { folder.remove() }
        let (url, first) = try openStore(folder)
        try first.commit(.putNote(Note(title: "one")))
        try first.commit(.putNote(Note(title: "two")))
        first.close()
        let journalURL = URL(fileURLWithPath: NotesStore.journalPath(for: url))
        var bytes = [UInt8](try Data(contentsOf: journalURL))
        let lastLineStart = try #require(bytes.dropLast().lastIndex(of: 0x0A)) + 1
        bytes[bytes.count - 10] ^= 0x01  // one flipped bit in the last acknowledged commit
        try Data(bytes).write(to: journalURL)
        let damagedLine = Array(bytes[lastLineStart...])

        let store = try NotesStore.open(at: url)
        #expect(store.warnings.contains { $0.message.contains("incomplete or damaged") }, "opening warns")
        try store.commit(.putNote(Note(title: "three")))
        store.close()

        let kept = StoreDoctor.tornJournalFiles(of: url)
        try #require(kept.count == 1, "the cut-off bytes are kept in one side file")
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: kept[0]))) == damagedLine, "byte for byte")
        #expect(try titles(at: url) == ["one", "three"])
        let report = StoreDoctor.examine(at: url)
        #expect(report.description.contains(kept[0]), "doctor shows the kept file")
    }

    @Test func aSnapshotTruncatedAndRewrittenInPlaceUnderAReaderDoesNotCrashIt() throws {
        let folder = try TemporaryFolder(prefix: "notes-underneath")
        defer { folder.remove() }
        let (url, store) = try openStore(folder)
        let body = String(repeating: "a long body that spans pages. ", count: 400)
        try store.commit((0..<200).map { .putNote(Note(title: "note \($0)", body: body)) })
        try store.compactNow()
        store.close()

        let result = try BoundedChild.stress(["read-shrinking", "--store", url.path])
        #expect(result.exit == .exited(0), "the reader \(result.exit): \(result.stderr)")
        #expect(result.stdout == "read 200 bodies (\(200 * body.utf8.count) bytes)")
    }
}
