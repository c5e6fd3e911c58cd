#if canImport(Glibc)
import Glibc
#endif
import Foundation
import NotesTestSupport
import Testing
import NotesModel
import NotesStore

/// PRODUCT §7 "Two processes on one store: no committed change is lost."
@Suite struct TwoProcessTests {
    /// Many `notes add` processes at once: every id printed is listed afterwards.
    @Test func parallelCLIAddsAreAllKept() throws {
        let folder = try TemporaryFolder(prefix: "notes-two-cli")
        defer { folder.remove() }
        let store = folder.file("notes.json").path
        let notes = try StressBinaries.notes()
        var children: [(ChildProcess, URL)] = []
        for index in 0..<50 {
            let out = folder.file("out-\(index)")
            let child = try ChildProcess(
                executable: notes, arguments: ["--store", store, "add", "parallel \(index)", "--body", "from process \(index)"],
                environment: StressBinaries.environment(), stdout: .file(out), stderrURL: folder.file("err-\(index)"))
            children.append((child, out))
        }
        var ids: Set<String> = []
        for (index, (child, out)) in children.enumerated() {
            let exit = child.wait()
            #expect(exit == .exited(0), "notes add #\(index) \(exit): \(child.stderrText)")
            let id = String(decoding: (try? Data(contentsOf: out)) ?? Data(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(UUID(uuidString: id) != nil, "notes add #\(index) printed '\(id)'")
            ids.insert(id)
        }
        let list = try CLIRunner(executable: notes).run(["--store", store, "list", "--json"])
        #expect(list.status == 0, "\(list)")
        let parsed = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]] ?? []
        let listed = Set(parsed.compactMap { $0["id"] as? String })
        #expect(ids.count == 50)
        #expect(ids.subtracting(listed).isEmpty, "lost: \(ids.subtracting(listed).sorted())")
        #expect(listed.count == 50)
    }

    /// Journals this large are never compacted during a test.
    static let noCompaction = 1 << 30

    // A regression guard: the store once missed the other process's compaction when
    // ext4 handed the freed snapshot inode out again (two compactions later the path
    // named "the same" inode). It now holds the snapshot it read open, so its inode
    // cannot be reused while the store is open (`NotesStore.snapshotFD`).

    /// Two stress processes commit to one store at once; each one's reported commits are all there.
    @Test func twoCommittingProcessesKeepEachOthersCommits() throws {
        for round in 0..<ReliabilitySettings.twoProcessRounds {
            let seed = ReliabilitySettings.seed &+ UInt64(1_000 + round)
            try runPair(seed: seed, killFirst: false, compactBytes: Self.noCompaction, context: "round \(round), seed \(seed)")
        }
    }

    /// The same, but one of the two is killed with SIGKILL at a random instant while the other goes on.
    @Test func aProcessKilledMidCommitDoesNotHarmTheOther() throws {
        for round in 0..<ReliabilitySettings.twoProcessRounds {
            let seed = ReliabilitySettings.seed &+ UInt64(2_000 + round)
            try runPair(seed: seed, killFirst: true, compactBytes: Self.noCompaction, context: "round \(round), seed \(seed)")
        }
    }

    /// Both, with compaction every few commits: in the commit, or on a thread of its own
    /// while commits go on (each process swaps its own in; another's makes it drop its own).
    @Test(arguments: ["inline", "background"])
    func twoProcessesCompactingOftenKeepEachOthersCommits(compaction: String) throws {
        for round in 0..<ReliabilitySettings.twoProcessRounds {
            let seed = ReliabilitySettings.seed &+ UInt64(3_000 + round)
            try runPair(seed: seed, killFirst: round % 2 == 1, compactBytes: 4096, compaction: compaction,
                        context: "round \(round), seed \(seed), \(compaction) compaction")
        }
    }

    private func runPair(seed: UInt64, killFirst: Bool, compactBytes: Int, compaction: String = "inline",
                         context: String) throws {
        let folder = try TemporaryFolder(prefix: "notes-two")
        defer { folder.remove() }
        let url = folder.file("notes.json")
        let stress = try StressBinaries.stress()
        var random = SeededRandom(seed: seed)
        func start(_ owner: String, count: Int, seed: UInt64) throws -> ChildProcess {
            try ChildProcess(
                executable: stress,
                arguments: ["commit", "--store", url.path, "--seed", String(seed), "--owner", owner,
                            "--count", String(count), "--compact-bytes", String(compactBytes), "--compaction", compaction],
                environment: StressBinaries.environment(), stdout: .pipe, stderrURL: folder.file("err-\(owner)"))
        }
        let first = try start("a", count: killFirst ? 0 : 80, seed: seed)
        let second = try start("b", count: 80, seed: seed &+ 7_777)
        var logA = StressLog()
        var logB = StressLog()
        if killFirst {
            for _ in 0..<random.int(0...60) {
                guard let line = try first.readLine() else { break }
                logA.take(line)
            }
            usleep(UInt32(random.int(0...2_000)))
            first.send(SIGKILL)
        }
        for line in try first.readRemainingLines() { logA.take(line) }
        for line in try second.readRemainingLines() { logB.take(line) }
        let exitA = first.wait()
        let exitB = second.wait()
        #expect(exitA == (killFirst ? .signaled(SIGKILL) : .exited(0)), "\(context): a \(exitA): \(first.stderrText)")
        #expect(exitB == .exited(0), "\(context): b \(exitB): \(second.stderrText)")

        let store = try NotesStore.open(at: url)
        let found = store.contents
        store.close()
        try check(owner: "a", log: logA, found: found, context: context)
        try check(owner: "b", log: logB, found: found, context: context)
        let owned = found.notes.values.filter { $0.tags.contains("owner-a") || $0.tags.contains("owner-b") }
        #expect(owned.count == found.notes.count, "\(context): notes that neither process made")
    }

    /// The notes and categories `owner` made are exactly what its reports say
    /// (plus or minus the one commit in flight when it was killed).
    private func check(owner: String, log: StressLog, found: NotesDatabase, context: String) throws {
        #expect(log.unreadable.isEmpty, "\(context): unreadable lines from \(owner): \(log.unreadable)")
        var expected = NotesDatabase()
        for changes in log.committed { try expected.apply(changes) }
        let mine = Self.owned(by: owner, in: found)
        if mine == expected { return }
        if let inFlight = log.inFlight, let withInFlight = KillTests.applying(inFlight, to: expected), mine == withInFlight { return }
        let difference = DatabaseDifference.describe(expected: expected, found: mine)
        Issue.record("\(context): process \(owner)'s reported commits are not all there:\n\(difference)")
    }

    /// The part of `database` that `owner` made: its categories (live or deleted), and its notes (live or trashed).
    static func owned(by owner: String, in database: NotesDatabase) -> NotesDatabase {
        let notes = Array(database.notes.values) + Array(database.trash.values)
        let categories = Array(database.categories.values) + Array(database.deletedCategories.values)
        return NotesDatabase(notes: notes.filter { $0.tags.contains("owner-\(owner)") },
                             categories: categories.filter { $0.name.hasPrefix(owner + "-") })
    }
}
