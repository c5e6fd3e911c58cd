import Foundation
import NotesTestSupport
import Testing
import NotesModel
import NotesStore

/// A command whose commit finds compaction due does not compact: it starts `notes compact`
/// detached and exits; that process folds the journal into the snapshot, holding the lock
/// only to swap the file in.
@Suite struct CLICompactionTests {
    @Test func aCommandHandsCompactionToADetachedProcess() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let small = try sandbox.add("Small")
        let body = String(repeating: "a long line of the body\n", count: 4_000)  // ~96 KB: compaction is due
        let big = try sandbox.ok("add", "Big", "--body", "-", stdin: body).trimmingCharacters(in: .whitespacesAndNewlines)
        let journal = NotesStore.journalPath(for: URL(fileURLWithPath: sandbox.storePath))

        // The detached compaction empties the journal once it has swapped the snapshot in.
        let deadline = Date().addingTimeInterval(20)
        while Self.size(journal) > 0, Date() < deadline { usleep(20_000) }
        #expect(Self.size(journal) == 0, "the journal was not folded into the snapshot")
        let snapshot = try String(contentsOfFile: sandbox.storePath, encoding: .utf8)
        #expect(snapshot.contains(big) && snapshot.contains(small))
        let notes = try sandbox.notes()
        #expect(Set(notes.compactMap { $0["id"] as? String }) == [small, big])
        #expect((notes.first { $0["id"] as? String == big }?["body"] as? String)?.count ?? 0 >= body.count - 1)
    }

    @Test func compactByHandOnAMissingStoreMakesNoStore() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let result = try sandbox.run("compact")
        #expect(result.status != 0)
        #expect(!FileManager.default.fileExists(atPath: sandbox.storePath))
    }

    @Test func aCompactionStartedWhileAnotherRunsReadsNothingAndLeavesItsWork() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        _ = try sandbox.add("One")
        _ = try sandbox.add("Two")
        let url = URL(fileURLWithPath: sandbox.storePath)
        let journal = NotesStore.journalPath(for: url)
        let before = Self.size(journal)
        #expect(before > 0)
        do {
            // This process plays the compaction that is running.
            let running = CompactionLock.acquire(for: url)
            #expect(running != nil)
            let result = try sandbox.run("compact")
            #expect(result.status == 0, "\(result)")
            #expect(Self.size(journal) == before, "a second compaction ran beside the first")
            withExtendedLifetime(running) {}
        }
        let result = try sandbox.run("compact")
        #expect(result.status == 0, "\(result)")
        #expect(Self.size(journal) == 0, "once the first is gone, the next one folds the journal")
        #expect(try sandbox.notes().count == 2)
    }

    /// A full disk mid-compaction, played by a file size limit on `notes compact` (its new
    /// snapshot does not fit; `SIGXFSZ` ignored so that the write fails instead): nothing is
    /// lost, no `.part` file stays, and a compaction with room afterwards folds the journal.
    @Test func aCompactionThatRunsOutOfRoomLosesNothingAndLeavesNothing() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let url = URL(fileURLWithPath: sandbox.storePath)
        let journal = NotesStore.journalPath(for: url)
        do {
            // An 80 KB snapshot and one journal line, written here so that no command starts a compaction.
            let store = try NotesStore.open(at: url, options: NotesStoreOptions(compactionMinimumBytes: .max))
            defer { store.close() }
            let body = String(repeating: "y", count: 4_096)
            try store.commit((0..<20).map { .putNote(Note(title: "Note \($0)", body: body)) })
            try store.compactNow()
            try store.commit(.putNote(Note(title: "After", body: body)))
        }
        let before = Self.size(journal)
        #expect(before > 0)

        try CLICompactionFailureTests.compactWithoutRoom(sandbox)
        #expect(Self.size(journal) == before, "the journal was cut though the snapshot was not written")
        let names = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
        #expect(!names.contains { $0.contains(".compacting-") }, "left behind: \(names)")
        #expect(try sandbox.notes().count == 21)

        let result = try sandbox.run("compact")
        #expect(result.status == 0, "\(result)")
        #expect(Self.size(journal) == 0)
        #expect(try sandbox.notes().count == 21)
    }

    static func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? -1
    }
}
