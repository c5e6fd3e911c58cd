#if canImport(Glibc)
import Glibc
#endif
import Foundation
import NotesTestSupport
import Testing
import NotesModel
import NotesStore

/// Issue 11 item 10: the UI never waits on another process's lock to look for changes;
/// it says who holds it, and looks again later.
@Suite struct BusyLockTests {
    @Test func aRefreshThatDoesNotWaitReturnsAtOnceAndNamesTheHolder() throws {
        let folder = try TemporaryFolder(prefix: "notes-busy")
        defer { folder.remove() }
        let url = folder.file("store").appendingPathComponent("notes.json")
        var options = NotesStoreOptions(lockTimeout: 2)
        options.refreshWaitsForLock = false
        let store = try NotesStore.open(at: url, options: options)
        defer { store.close() }
        var told: [String] = []
        store.lockWaitHandler = { told.append($0) }

        let fd = open(NotesStore.lockPath(for: url), O_RDWR)
        try #require(fd >= 0)
        try #require(flock(fd, LOCK_EX) == 0)  // another program holds it
        let changed = try store.refresh()  // without the fix: waits 2 s, then throws "busy"
        #expect(changed == false)
        #expect(store.busyHolder == "another program")
        #expect(told == ["another program"])

        flock(fd, LOCK_UN)
        close(fd)
        let other = try NotesStore.open(at: url)
        try other.commit(.putNote(Note(title: "from the other")))
        other.close()
        #expect(try store.refresh())
        #expect(store.busyHolder == nil)
        #expect(store.contents.notes.values.contains { $0.title == "from the other" })
    }

    @Test func aCommitThatDoesNotWaitThrowsLockedAtOnceAndWritesNothing() throws {
        let folder = try TemporaryFolder(prefix: "notes-busy")
        defer { folder.remove() }
        let url = folder.file("store").appendingPathComponent("notes.json")
        var options = NotesStoreOptions(lockTimeout: 30)
        options.commitWaitsForLock = false
        let store = try NotesStore.open(at: url, options: options)
        defer { store.close() }

        let fd = open(NotesStore.lockPath(for: url), O_RDWR)
        try #require(fd >= 0)
        try #require(flock(fd, LOCK_EX) == 0)  // another program holds it
        // Without the option: waits 30 s, then throws.
        #expect {
            try store.commit(.putNote(Note(title: "queued")))
        } throws: { error in
            guard case StoreError.locked = error else { return false }
            return true
        }
        #expect(store.contents.notes.isEmpty)

        flock(fd, LOCK_UN)
        close(fd)
        try store.commit(.putNote(Note(title: "queued")))
        let reader = try NotesStore.open(at: url)
        defer { reader.close() }
        #expect(reader.contents.notes.values.map(\.title) == ["queued"])
    }
}
