import Foundation
import NotesJSON
import NotesStore

/// Times the single-note commands as a user meets them: the `notes` built beside this
/// benchmark run as whole processes (`NOTES_STORE` set) on a copy of the store whose
/// journal is filled to just below the compaction bound, so each figure is the worst case
/// and no timed commit starts a compaction. With an SQLite database of the same notes,
/// the same one-row work is timed as a fresh process too, in turn with ours.
struct CommandTiming {
    /// The store to copy (its index and journal are copied with it).
    let store: URL
    /// Live notes of the store: the first is shown and set, the next `runs` + 1 are moved to the trash.
    var ids: [UUID]
    /// The `notes` to run; nil when it was not built (the figures then say so).
    let notes: URL?
    /// The benchmark that fills the journal (`--fill-journal`) and plays SQLite's side
    /// (`--child-sqlite-command`): this one, unless a test says otherwise.
    var bench = BenchBinaries.bench
    /// SQLite's database of the same notes; nil for no SQLite side. It is changed (one row
    /// set, added and trashed a run).
    var sqliteDatabase: URL?
    /// Timed runs of each command, after a warm-up: 7, or 3 in a debug build (CI's smoke
    /// run, whose figures mean little), so that CI does not wait for 80 slow processes.
    var runs = Self.defaultRuns

    #if DEBUG
    static let defaultRuns = 3
    #else
    static let defaultRuns = 7
    #endif
    var noteCount: Int
    var progress: (String) -> Void = { _ in }

    /// What the timing found, for the report.
    struct Result {
        var figures: [Figure]
        var facts: [(String, JSONValue)]
    }

    func measure() throws -> Result {
        guard let notes else {
            return Result(figures: CommandFigures.unavailable(
                notes: noteCount, reason: "no `notes` beside notes-bench: build it too (swift build -c release --product notes)"), facts: [])
        }
        guard ids.count >= runs + 2 else {
            return Result(figures: CommandFigures.unavailable(
                notes: noteCount, reason: "the store has \(ids.count) live notes; timing the commands needs \(runs + 2)"), facts: [])
        }
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("notes-bench-commands-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("notes.json")
        progress("copying the store for the commands")
        try Self.copyStore(store, to: copy)
        let bound = CommandFigures.journalBound(snapshotBytes: Self.size(copy.path))
        let fill = CommandFigures.fillBytes(bound: bound, runs: runs)
        var commits = 0
        if fill > Self.size(NotesStore.journalPath(for: copy)) {
            progress("filling the copy's journal to \(fill) bytes (a compaction starts past \(bound))")
            let filled = try ChildProcess.run(["--fill-journal", copy.path, String(fill)], executable: bench)
            commits = filled["commits"].flatMap(Int.init) ?? 0
        }
        let before = Self.size(NotesStore.journalPath(for: copy))

        progress("timing add, show, set, rm and category list as whole processes, \(runs) runs each"
                 + (sqliteDatabase == nil ? "" : ", in turn with SQLite's"))
        let environment = WholeProcess.environment(setting: "NOTES_STORE", to: copy.path)
        let errors = folder.appendingPathComponent("stderr")
        let timings = try time(notes, environment: environment, errors: errors)
        let journal = CommandFigures.Journal(before: before, after: Self.size(NotesStore.journalPath(for: copy)), bound: bound)
        let figures = CommandFigures.Command.allCases.map {
            CommandFigures.figure($0, timings[$0] ?? CommandFigures.Timing(), notes: noteCount, journal: journal)
        }
        return Result(figures: figures, facts: [
            ("command_runs", .figure(Double(runs))),
            ("command_journal_bytes", .figure(Double(journal.before))),
            ("command_journal_after_bytes", .figure(Double(journal.after))),
            ("command_journal_bound_bytes", .figure(Double(bound))),
            ("command_journal_fill_commits", .figure(Double(commits))),
            ("command_details", .object(CommandFigures.Command.allCases.map { command in
                (command.rawValue, Self.details(timings[command] ?? CommandFigures.Timing()))
            })),
        ])
    }

    /// Each command run `runs` times after a warm-up, ours and (with a database) SQLite's in
    /// turn; `rm` trashes a note of its own each run.
    private func time(_ notes: URL, environment: [String: String],
                      errors: URL) throws -> [CommandFigures.Command: CommandFigures.Timing] {
        var timings: [CommandFigures.Command: CommandFigures.Timing] = [:]
        let shown = ids[0].uuidString
        var trashed = ids[1...].map(\.uuidString).makeIterator()
        for command in CommandFigures.Command.allCases {
            var timing = CommandFigures.Timing()
            for run in 0...runs {
                let id = command == .rm ? trashed.next() ?? shown : shown
                let ours = try WholeProcess.run(notes, Self.notesArguments(command, id: id, run: run),
                                                environment: environment, errorFile: errors)
                if run > 0 { timing.add(ours: ours) }
                if let sqliteDatabase {
                    let theirs = try WholeProcess.run(bench, ["--child-sqlite-command", sqliteDatabase.path]
                                                      + Self.sqliteArguments(command, id: id, run: run),
                                                      environment: environment, errorFile: errors)
                    if run > 0 { timing.add(sqlite: theirs) }
                }
            }
            timings[command] = timing
        }
        return timings
    }

    /// Copies the store file with its index and journal, those that exist.
    static func copyStore(_ store: URL, to copy: URL) throws {
        for suffix in ["", ".index", ".journal"] {
            let source = URL(fileURLWithPath: store.path + suffix)
            if FileManager.default.fileExists(atPath: source.path) {
                try FileManager.default.copyItem(at: source, to: URL(fileURLWithPath: copy.path + suffix))
            }
        }
    }

    /// Times the commands on a copy of `store` with the `notes` beside this benchmark, some
    /// of `liveIDs` spread over the store, and SQLite's side on `database` if there is one;
    /// adds the figures and facts to `report`.
    static func add(to report: inout Report, store: URL, liveIDs: [UUID], database: URL?,
                    progress: @escaping (String) -> Void) throws {
        progress("single-note commands: `notes` as whole processes, on a copy with the journal nearly full"
                 + (database == nil ? " (no SQLite database in this run)" : ""))
        var timing = CommandTiming(store: store, ids: [], notes: BenchBinaries.notes, noteCount: report.noteCount)
        timing.ids = spread(liveIDs, count: timing.runs + 2)
        timing.sqliteDatabase = database
        timing.progress = progress
        let result = try timing.measure()
        report.figures += result.figures
        for (key, value) in result.facts { report.fact(key, value) }
    }

    /// `count` ids spread evenly over `ids` (all of them if there are no more), so that the
    /// commands touch notes all over the snapshot, not only its first.
    static func spread(_ ids: [UUID], count: Int) -> [UUID] {
        guard ids.count > count, count > 0 else { return ids }
        return (0..<count).map { ids[$0 * ids.count / count] }
    }

    /// The command line of `notes` for one run; `set` and `add` change their text each run.
    static func notesArguments(_ command: CommandFigures.Command, id: String, run: Int) -> [String] {
        switch command {
        case .show: ["show", id]
        case .set: ["set", id, "--title", "Timed title \(run)"]
        case .add: ["add", "Timed note \(run)", "--body", "Timed body \(run)"]
        case .rm: ["rm", id]
        case .categoryList: ["category", "list"]
        }
    }

    /// The same for `--child-sqlite-command DATABASE …`.
    static func sqliteArguments(_ command: CommandFigures.Command, id: String, run: Int) -> [String] {
        switch command {
        case .show: ["show", id]
        case .set: ["set", id, "Timed title \(run)"]
        case .add: ["add", "Timed note \(run)", "Timed body \(run)"]
        case .rm: ["rm", id]
        case .categoryList: ["category-list"]
        }
    }

    private static func details(_ timing: CommandFigures.Timing) -> JSONValue {
        func value(_ number: Double?) -> JSONValue { number.map { .figure($0) } ?? .null }
        return .object([
            ("min_ms", value(timing.wall.minimum)), ("max_ms", value(timing.wall.maximum)),
            ("cpu_median_ms", value(timing.cpu.median)),
            ("sqlite_median_ms", value(timing.sqliteWall.median)), ("sqlite_cpu_median_ms", value(timing.sqliteCPU.median)),
        ])
    }

    static func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? Int) ?? 0
    }
}
