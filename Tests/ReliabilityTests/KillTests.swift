#if canImport(Glibc)
import Glibc
#endif
import Foundation
import NotesTestSupport
import Testing
import NotesModel
import NotesStore

/// PRODUCT §7 "Crash": a child committing edits is killed with SIGKILL at
/// random instants, many times; every reopen loads, and holds every edit the
/// child reported committed (the one in flight all or nothing). The child's edits
/// include moving notes to the trash, restoring them and emptying the trash, so
/// kills land during those too (counted in the summary). After each kill the notes are
/// also read through the index (`notes.json.index`, written at every compaction, so kills
/// land while it is written and renamed): a partial open of some notes must give them
/// exactly as the whole open does, whatever state the kill left the index in.
@Suite struct KillTests {
    /// Inline: the commit that finds compaction due compacts. Background: compactions run
    /// on a thread of their own while commits go on, and are swapped in by a later commit
    /// (half as many kills).
    @Test(arguments: ["inline", "background"])
    func everyReportedCommitSurvivesSIGKILLAtRandomInstants(compaction: String) throws {
        let folder = try TemporaryFolder(prefix: "notes-kill")
        defer { folder.remove() }
        let url = folder.file("store").appendingPathComponent("notes.json")
        let stress = try StressBinaries.stress()
        let baseSeed = ReliabilitySettings.seed
        var random = SeededRandom(seed: baseSeed)
        var expected = NotesDatabase()
        var counts = (commits: 0, inFlightKept: 0, inFlightLost: 0, betweenCommits: 0, compactions: 0, leftoverTemporaryFiles: 0)
        var trashCommits = (trash: 0, restore: 0, empty: 0, inFlight: 0)
        var partialOpens = (throughIndex: 0, whole: 0)

        let kills = compaction == "background" ? ReliabilitySettings.kills / 2 : ReliabilitySettings.kills
        for round in 0..<kills {
            let seed = baseSeed &+ UInt64(round)
            let context = "round \(round), seed \(seed) (NOTES_STRESS_SEED=\(baseSeed))"
            let child = try ChildProcess(
                executable: stress,
                arguments: ["commit", "--store", url.path, "--seed", String(seed), "--compact-bytes", "4096",
                            "--compaction", compaction],
                environment: StressBinaries.environment(), stdout: .pipe, stderrURL: folder.file("stderr"))
            // The kill instant: after a random number of reported lines, plus a random few microseconds.
            var log = StressLog()
            for _ in 0..<random.int(0...24) {
                guard let line = try child.readLine() else { break }
                log.take(line)
            }
            if random.chance(0.7) { usleep(UInt32(random.int(0...3_000))) }
            child.send(SIGKILL)
            for line in try child.readRemainingLines() { log.take(line) }
            let exit = child.wait()
            guard exit == .signaled(SIGKILL) else {
                Issue.record("\(context): the child \(exit) before it was killed: \(child.stderrText)")
                return
            }
            #expect(log.unreadable.isEmpty, "\(context): unreadable lines \(log.unreadable)")
            for changes in log.committed {
                do { try expected.apply(changes) } catch {
                    Issue.record("\(context): a reported commit does not apply to the expected state: \(error)")
                    return
                }
            }
            counts.commits += log.committed.count
            counts.compactions += log.compactions
            for changes in log.committed { Self.countTrash(changes, into: &trashCommits) }
            if let inFlight = log.inFlight, Self.isTrashCommit(inFlight) { trashCommits.inFlight += 1 }

            let found: NotesDatabase
            do {
                let store = try NotesStore.open(at: url)
                found = store.contents
                store.close()
            } catch {
                Issue.record("\(context): the store does not open after the kill: \(error)")
                return
            }
            if found == expected {
                if log.inFlight == nil { counts.betweenCommits += 1 } else { counts.inFlightLost += 1 }
            } else if let inFlight = log.inFlight, let withInFlight = Self.applying(inFlight, to: expected), found == withInFlight {
                expected = withInFlight
                counts.inFlightKept += 1
            } else {
                let difference = DatabaseDifference.describe(expected: expected, found: found)
                Issue.record("\(context): a reported commit is lost or a commit is half there:\n\(difference)")
                return
            }
            do {
                if try Self.partialOpenAgrees(url: url, with: found, random: &random, context: context) {
                    partialOpens.throughIndex += 1
                } else {
                    partialOpens.whole += 1
                }
            } catch {
                Issue.record("\(context): the store does not open for a few notes after the kill: \(error)")
                return
            }
            counts.leftoverTemporaryFiles = Self.temporaryFiles(in: url.deletingLastPathComponent())
        }
        print("KillTests (\(compaction) compaction): \(kills) kills, \(counts.commits) reported commits, "
            + "\(counts.compactions) compactions reported; in flight at the kill: kept \(counts.inFlightKept), "
            + "lost \(counts.inFlightLost); between commits \(counts.betweenCommits); "
            + "temporary files left by kills during compaction: \(counts.leftoverTemporaryFiles); "
            + "trash commits: \(trashCommits.trash) to the trash, \(trashCommits.restore) restores, \(trashCommits.empty) empties, "
            + "\(trashCommits.inFlight) in flight at a kill; opens for a few notes: \(partialOpens.throughIndex) through the index, "
            + "\(partialOpens.whole) read the whole store (no index yet, or one the kill left stale)")
        #expect(counts.commits > 0)
        if kills >= 100 {
            #expect(trashCommits.restore > 0 && trashCommits.empty > 0 && trashCommits.inFlight > 0)
        }
    }

    /// Opens the store for a few of `found`'s notes (live and trashed, by full id and by
    /// prefix) and checks they are exactly the whole open's, with the same categories and
    /// counts. Returns whether the open went through the index.
    static func partialOpenAgrees(url: URL, with found: NotesDatabase, random: inout SeededRandom, context: String) throws -> Bool {
        let live = found.notes.keys.sorted { $0.uuidString < $1.uuidString }
        let trashed = found.trash.keys.sorted { $0.uuidString < $1.uuidString }
        var ids: [UUID] = []
        for _ in 0..<3 where !live.isEmpty { ids.append(live[random.int(0...(live.count - 1))]) }
        if !trashed.isEmpty { ids.append(trashed[random.int(0...(trashed.count - 1))]) }
        let texts = ids.enumerated().map { $0.offset == 0 ? String($0.element.uuidString.prefix(8)) : $0.element.uuidString }
        let store = try NotesStore.open(at: url, touching: texts)
        defer { store.close() }
        for id in ids {
            #expect(store.contents.anyNote(id) == found.anyNote(id), "\(context): note \(id) read for a few notes differs")
        }
        #expect(store.contents.note(idOrPrefix: texts[0])?.id == found.note(idOrPrefix: texts[0])?.id, "\(context): prefix \(texts[0])")
        #expect(store.contents.categories == found.categories, "\(context): categories read for a few notes differ")
        var counts: [UUID: Int] = [:]
        for note in found.notes.values { if let id = note.categoryID { counts[id, default: 0] += 1 } }
        if let partialCounts = store.liveNoteCounts() {
            #expect(partialCounts.filter { $0.value != 0 } == counts, "\(context): note counts read for a few notes differ")
        }
        return store.isPartial
    }

    /// A commit that restores notes, or deletes several for good (an emptying of the trash).
    static func isTrashCommit(_ changes: [StoreChange]) -> Bool {
        changes.contains { if case .restoreNote = $0 { true } else { false } }
            || changes.filter { if case .deleteNote = $0 { true } else { false } }.count > 1
    }

    static func countTrash(_ changes: [StoreChange], into counts: inout (trash: Int, restore: Int, empty: Int, inFlight: Int)) {
        for change in changes {
            switch change {
            case .trashNote: counts.trash += 1
            case .restoreNote: counts.restore += 1
            default: break
            }
        }
        if changes.filter({ if case .deleteNote = $0 { true } else { false } }).count > 1 { counts.empty += 1 }
    }

    static func applying(_ changes: [StoreChange], to database: NotesDatabase) -> NotesDatabase? {
        var copy = database
        do { try copy.apply(changes) } catch { return nil }
        return copy
    }

    static func temporaryFiles(in folder: URL) -> Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".tmp") }.count
    }
}
