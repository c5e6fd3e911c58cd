#if canImport(Glibc)
import Glibc
#endif
import Foundation
import NotesTestSupport
import Testing
import NotesModel
import NotesStore

/// `notes compact` itself killed at random instants (PRODUCT §3, §7; issue 23 item 1): while
/// it reads the store, encodes, writes its `.part` files, or swaps them in under the lock,
/// with a reader holding the old snapshot open throughout. After every kill the store opens
/// with every commit, a reader that held the old snapshot catches up to the same contents,
/// a command reads through the index (or the whole store) and agrees, the compaction lock is
/// free again, and the next open leaves no `.part` file behind.
@Suite struct CompactKillTests {
    func note(_ number: Int, _ random: inout SeededRandom) -> Note {
        Note(title: "Note \(number)", body: String(repeating: "body \(number) ü ", count: random.int(1...60)),
             created: Date(timeIntervalSinceReferenceDate: 700_000_000 + Double(number)))
    }

    static func inode(_ path: String) -> UInt64? {
        var info = stat()
        return stat(path, &info) == 0 ? UInt64(info.st_ino) : nil
    }

    func leftovers(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.contains(".compacting-") }
    }

    @Test func everyCommitSurvivesNotesCompactKilledAtRandomInstants() throws {
        let folder = try TemporaryFolder(prefix: "notes-compact-kill")
        defer { folder.remove() }
        let url = folder.file("notes.json")
        let notes = try StressBinaries.notes()
        var random = SeededRandom(seed: ReliabilitySettings.seed &+ 23)
        let rounds = max(ReliabilitySettings.kills / 15, 4)
        var outcomes = (folded: 0, notFolded: 0)
        let writer = try NotesStore.open(at: url, options: NotesStoreOptions(compactionMinimumBytes: .max))
        defer { writer.close() }
        var number = 0
        for round in 0..<rounds {
            let context = "round \(round) (NOTES_STRESS_SEED=\(ReliabilitySettings.seed))"
            for _ in 0..<random.int(20...80) {
                try writer.commit(.putNote(note(number, &random)))
                number += 1
            }
            // A reader that holds the snapshot as it is now, as the UI does.
            let reader = try NotesStore.open(at: url)
            defer { reader.close() }
            let journalBefore = Self.inode(NotesStore.journalPath(for: url))
            let child = try ChildProcess(executable: notes, arguments: ["compact", "--store", url.path],
                                         environment: StressBinaries.environment(), stdout: .file(folder.file("out")),
                                         stderrURL: folder.file("err"))
            usleep(UInt32(random.int(0...250_000)))
            child.send(SIGKILL)
            _ = child.wait()
            if Self.inode(NotesStore.journalPath(for: url)) == journalBefore { outcomes.notFolded += 1 } else { outcomes.folded += 1 }

            #expect(!CompactionLock.isHeld(for: url), "\(context): the killed compaction still holds its lock")
            let reopened = try NotesStore.open(at: url)
            defer { reopened.close() }
            #expect(reopened.contents == writer.contents, "\(context): a commit is lost or changed")
            #expect(leftovers(in: folder.url).isEmpty, "\(context): \(leftovers(in: folder.url)) left after an open")
            _ = try reader.refresh()
            #expect(reader.contents == writer.contents, "\(context): the reader that held the old snapshot differs")
            let picked = writer.contents.notes.keys.sorted { $0.uuidString < $1.uuidString }[random.int(0...(writer.contents.notes.count - 1))]
            let partial = try NotesStore.open(at: url, touching: [picked.uuidString])
            defer { partial.close() }
            #expect(partial.contents.notes[picked] == writer.contents.notes[picked], "\(context): a command reads another note")
            // The writer goes on committing on top of whatever the kill left.
            try writer.commit(.putNote(note(number, &random)))
            number += 1
        }
        print("CompactKillTests: \(rounds) kills of notes compact; the journal was folded before \(outcomes.folded), not yet before \(outcomes.notFolded)")
    }
}
