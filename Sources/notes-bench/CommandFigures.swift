import NotesStore

/// The single-note commands of issue 23 item 6 (`add`, `show ID`, `set ID`, `rm ID`,
/// `category list`), each timed as whole processes with the journal just below the size at
/// which a compaction starts: what is run, the target at a store size, and the figures.
enum CommandFigures {
    /// One of the timed commands.
    enum Command: String, CaseIterable {
        case show, set, add, rm
        case categoryList = "category_list"

        var key: String { "command_\(rawValue)_ms" }
        var baselineKey: String { "baseline_sqlite_command_\(rawValue)_ms" }

        var label: String {
            switch self {
            case .show: "`notes show ID`, whole process"
            case .set: "`notes set ID --title`, whole process"
            case .add: "`notes add TITLE --body`, whole process"
            case .rm: "`notes rm ID`, whole process"
            case .categoryList: "`notes category list`, whole process"
            }
        }

        /// What SQLite does for it (`--child-sqlite-command`), for the note.
        var sqliteWork: String {
            switch self {
            case .show: "SELECT one row by id"
            case .set: "UPDATE title, updated of one row by id"
            case .add: "INSERT one row"
            case .rm: "UPDATE deleted of one row by id"
            case .categoryList: "categories LEFT JOIN notes, COUNT per category, on a covering index on (category, deleted)"
            }
        }
    }

    /// Issue 23 item 6: ≤ 50 ms up to 100,000 notes (a smaller store may not cost more),
    /// ≤ 100 ms up to 1,000,000; the issue sets no target beyond that.
    static func target(notes: Int) -> Double? {
        if notes <= 100_000 { return 50 }
        if notes <= 1_000_000 { return 100 }
        return nil
    }

    /// The journal size past which a commit starts a compaction (`NotesStore`'s rule: past
    /// the minimum, and past the ratio of the snapshot or the maximum, whichever is less).
    static func journalBound(snapshotBytes: Int, options: NotesStoreOptions = NotesStoreOptions()) -> Int {
        let byRatio = Int(Double(snapshotBytes) * options.compactionRatio)
        return max(options.compactionMinimumBytes, min(byRatio, options.compactionMaximumBytes))
    }

    /// Room left below the bound for the lines the timed commands themselves append
    /// (three writing commands, `runs` + 1 each, under 1 KiB a line for these notes).
    static func headroom(runs: Int) -> Int { max(32 << 10, 3 * (runs + 1) * 1024) }

    /// The journal the commands are timed with: as full as the bound allows, less the headroom.
    static func fillBytes(bound: Int, runs: Int) -> Int { max(0, bound - headroom(runs: runs)) }

    /// The samples of one command, ours and SQLite's.
    struct Timing {
        var wall = Samples()
        var cpu = Samples()
        var sqliteWall = Samples()
        var sqliteCPU = Samples()

        mutating func add(ours run: WholeProcess.Run) {
            wall.add(run.wallMilliseconds)
            cpu.add(run.cpuMilliseconds)
        }

        mutating func add(sqlite run: WholeProcess.Run) {
            sqliteWall.add(run.wallMilliseconds)
            sqliteCPU.add(run.cpuMilliseconds)
        }
    }

    /// The journal the commands met: its size before the first and after the last, and the bound.
    struct Journal {
        let before: Int
        let after: Int
        let bound: Int

        var text: String {
            var text = "journal \(String(before).groupedThousands) bytes (a compaction starts past \(String(bound).groupedThousands))"
            if after < before {
                text += "; a compaction ran during the timing (journal \(String(after).groupedThousands) bytes after): "
                    + "the later runs met a smaller journal"
            } else if after > bound {
                text += "; the timed commits took it to \(String(after).groupedThousands) bytes, past the bound"
            }
            return text
        }
    }

    /// The figure of one command: the median wall time of whole processes, against the
    /// target for `notes`; SQLite's median as the baseline when it was timed.
    static func figure(_ command: Command, _ timing: Timing, notes: Int, journal: Journal) -> Figure {
        let target = target(notes: notes)
        var parts = ["median of \(timing.wall.count) fresh processes after a warm-up"]
        if let low = timing.wall.minimum, let high = timing.wall.maximum {
            parts.append("min " + Figure.format(low, .milliseconds) + ", max " + Figure.format(high, .milliseconds))
        }
        if let cpu = timing.cpu.median { parts.append("CPU median " + Figure.format(cpu, .milliseconds)) }
        parts.append(journal.text)
        if target == nil { parts.append("no target above 1,000,000 notes (issue 23 sets none)") }
        var baseline: Figure.Baseline?
        if let sqlite = timing.sqliteWall.median {
            baseline = Figure.Baseline(key: command.baselineKey, label: "SQLite", value: sqlite)
            var text = "SQLite, a fresh process each (\(command.sqliteWork)): median " + Figure.format(sqlite, .milliseconds)
            if let cpu = timing.sqliteCPU.median { text += ", CPU median " + Figure.format(cpu, .milliseconds) }
            if let ours = timing.wall.median, sqlite > 0 { text += "; ours ÷ SQLite " + Figure.format(ours / sqlite, .ratio) }
            parts.append(text)
        } else {
            parts.append("no SQLite side in this run")
        }
        return Figure(key: command.key, label: command.label, unit: .milliseconds, value: timing.wall.median,
                      target: target, baseline: baseline, note: parts.joined(separator: "; "))
    }

    /// Every command's figure without a value, and why.
    static func unavailable(notes: Int, reason: String) -> [Figure] {
        Command.allCases.map {
            Figure(key: $0.key, label: $0.label, unit: .milliseconds, value: nil, target: target(notes: notes), note: reason)
        }
    }
}
