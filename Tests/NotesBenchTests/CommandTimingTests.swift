import CSQLite
import Foundation
import NotesTestSupport
import Testing
@testable import notes_bench
import NotesJSON
import NotesStore

/// The command timings run for real on a small store: the built `notes` and this
/// benchmark's SQLite child, as whole processes. Nothing here is timed; it checks that
/// every command ran, on a journal filled as promised, and that SQLite's side did its work.
@Suite struct CommandTimingTests {
    @Test func everyCommandRunsOnAFilledJournalAndSQLiteDoesTheSameWork() throws {
        let folder = try TemporaryFolder(prefix: "notes-bench-commands-test")
        defer { folder.remove() }
        // 200 notes: the one commit that writes them is compacted, so the journal starts empty and is filled.
        let synthetic = try SyntheticStore(noteCount: 200)
        let store = folder.file("notes.json")
        _ = try StoreBenchmarks.write(synthetic, to: store)
        let database = folder.file("notes.sqlite")
        try SQLiteBaseline.write(synthetic, to: database)
        let notes = try StressBinaries.notes()
        let bench = notes.deletingLastPathComponent().appendingPathComponent("notes-bench")
        let storeBefore = try Data(contentsOf: store)
        #expect(storeJournalIsEmpty(store))

        var timing = CommandTiming(store: store, ids: [], notes: notes, noteCount: 200)
        timing.runs = 2
        timing.ids = CommandTiming.spread(synthetic.notes.map(\.id), count: timing.runs + 2)
        timing.bench = bench
        timing.sqliteDatabase = database
        let result = try timing.measure()

        #expect(result.figures.map(\.key) == CommandFigures.Command.allCases.map(\.key))
        for figure in result.figures {
            #expect(figure.value != nil, "\(figure.key): \(figure.note ?? "")")
            #expect(figure.baseline != nil, "\(figure.key) has no SQLite side")
            #expect(figure.target == 50)
        }
        let facts = Dictionary(result.facts, uniquingKeysWith: { first, _ in first })
        let bound = CommandFigures.journalBound(snapshotBytes: storeBefore.count)
        let fill = CommandFigures.fillBytes(bound: bound, runs: 2)
        #expect(fill > 0)
        #expect(number(facts["command_journal_fill_commits"]).map { $0 > 0 } == true)
        #expect(facts["command_journal_bound_bytes"] == .figure(Double(bound)))
        let before = try #require(number(facts["command_journal_bytes"]))
        let after = try #require(number(facts["command_journal_after_bytes"]))
        #expect(before >= Double(fill))
        #expect(after > before, "the timed set, add and rm committed")
        #expect(after <= Double(bound), "no timed commit started a compaction")
        // The bench's store is copied, never changed.
        #expect(try Data(contentsOf: store) == storeBefore)
        #expect(storeJournalIsEmpty(store))

        // SQLite's side: three notes added (a warm-up and two runs), the three rm ids trashed, the shown one retitled.
        #expect(try scalar(database, "SELECT COUNT(*) FROM notes") == 203)
        #expect(try scalar(database, "SELECT COUNT(*) FROM notes WHERE deleted IS NOT NULL") == 3)
        #expect(try scalar(database, "SELECT COUNT(*) FROM notes WHERE title LIKE 'Timed title %'") == 1)
    }

    @Test func withoutNotesTheFiguresSayWhyAndNothingRuns() throws {
        let timing = CommandTiming(store: URL(fileURLWithPath: "/nonexistent/notes.json"), ids: [], notes: nil, noteCount: 1_000)
        let result = try timing.measure()
        #expect(result.figures.count == 5)
        #expect(result.figures.allSatisfy { $0.value == nil && $0.note?.contains("no `notes` beside notes-bench") == true })
    }

    @Test func aFailingCommandStopsTheBenchWithItsError() throws {
        let folder = try TemporaryFolder(prefix: "notes-bench-commands-test")
        defer { folder.remove() }
        let synthetic = try SyntheticStore(noteCount: 20)
        let store = folder.file("notes.json")
        _ = try StoreBenchmarks.write(synthetic, to: store)
        let notes = try StressBinaries.notes()
        var timing = CommandTiming(store: store, ids: [], notes: notes, noteCount: 20)
        timing.bench = notes.deletingLastPathComponent().appendingPathComponent("notes-bench")
        timing.runs = 1
        timing.ids = (0..<3).map { _ in UUID() }  // no such notes: `notes show` fails
        #expect {
            try timing.measure()
        } throws: { error in
            String(describing: error).contains("show") && String(describing: error).contains("exited")
        }
    }

    @Test func spreadPicksDistinctIdsAcrossTheWholeList() throws {
        let ids = (0..<100).map { _ in UUID() }
        let picked = CommandTiming.spread(ids, count: 9)
        #expect(picked.count == 9)
        #expect(Set(picked).count == 9)
        #expect(picked.first == ids.first)
        let last = try #require(picked.last.flatMap { ids.firstIndex(of: $0) })
        #expect(last >= 88)
        #expect(CommandTiming.spread(Array(ids.prefix(5)), count: 9) == Array(ids.prefix(5)))
    }

    private func number(_ value: JSONValue?) -> Double? {
        guard case .number(let text)? = value else { return nil }
        return Double(text)
    }

    private func storeJournalIsEmpty(_ store: URL) -> Bool {
        ((try? FileManager.default.attributesOfItem(atPath: NotesStore.journalPath(for: store))[.size]) as? Int ?? 0) == 0
    }

    private func scalar(_ database: URL, _ sql: String) throws -> Int {
        let connection = try SQLiteConnection(path: database.path, flags: SQLITE_OPEN_READONLY)
        defer { connection.close() }
        let query = try connection.prepare(sql)
        defer { query.finalize() }
        guard try query.step() else { return -1 }
        return query.int(0)
    }
}
