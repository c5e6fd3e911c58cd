/// The command line of `notes-bench`, parsed by hand (a handful of flags).
///
///     notes-bench [--notes N] [--json] [--keep PATH [--store-only]] [--bulk-only | --only quick-open | --only filter]
///     notes-bench --existing PATH [--only app] [--json]
///     notes-bench --fill-journal PATH BYTES
///     notes-bench --long-note MB [--json]
///
/// `--child-open PATH`, `--child-decode PATH`, `--child-sqlite PATH` and `--child-terminal PATH` are hidden: the benchmark re-runs
/// itself with them to measure one open in a fresh process (time and peak memory).
/// `--child-sqlite-command DATABASE VERB …` (hidden, last: it takes every argument after it)
/// is SQLite's side of the single-note command timings (`SQLiteCommandChild`).
struct BenchOptions {
    var noteCount = 100_000
    var json = false
    var keepPath: String?
    /// Only write the store (to `keepPath`) and stop: for timing commands on it (Resources/scripts/sync-timing.sh).
    var storeOnly = false
    /// Only the bulk figures (imports as processes, `notes list` to a pipe) after writing the store.
    var bulkOnly = false
    /// Only the quick-open and frame figures after writing and opening the store, with
    /// each quick-open key's median (`--only quick-open`).
    var quickOpenOnly = false
    /// Only the filter's figures after writing and opening the store (`--only filter`).
    var filterOnly = false
    /// With `--existing`: only the app's key, body-edit and category-rename figures, with
    /// each body edit's wall and CPU time (`--only app`).
    var appOnly = false
    /// Only the figures of the running app on a store that already exists (a copy: it is
    /// edited and compacted): saving body edits, the UI around a compaction, and the
    /// single-note commands (on a copy of their own).
    var existingPath: String?
    /// Commit one-note edits to the store at this path until its journal holds `fillBytes`,
    /// without compacting (the command timings, and Resources/scripts/tmux-compaction-check.py).
    var fillJournalPath: String?
    var fillBytes = 0
    /// Only the read view of one note this many MiB long (`LongNoteMeasurement`).
    var longNoteMegabytes: Int?
    var childOpenPath: String?
    var childDecodePath: String?
    var childTerminalPath: String?
    var childSQLitePath: String?
    /// `--child-sqlite-command`: the database and the command (`SQLiteCommandChild`).
    var childSQLiteCommand: (database: String, command: [String])?

    static let usage = """
        usage: notes-bench [--notes N] [--json] [--keep PATH [--store-only]] [--bulk-only | --only quick-open | --only filter]
               notes-bench --existing PATH [--only app] [--json]
               notes-bench --fill-journal PATH BYTES
               notes-bench --long-note MB [--json]
          --notes N    how many synthetic notes (default 100000)
          --json       print one JSON object instead of the table
          --keep PATH  write the synthetic store to PATH (a new file) and keep it
          --store-only with --keep: only write the store, measure nothing
          --bulk-only  only the bulk figures: the imports and notes list to a pipe
          --only quick-open  only quick open and one frame, on the store opened as the app
                       opens it, and each quick-open key's median wall and CPU time
          --only filter  only the filter as you type, on the store opened as the app opens it
          --existing PATH  only the app's edit and compaction figures and the single-note
                       commands, on the store at PATH (which they edit and compact: use a copy)
          --only app   with --existing: only the app's key, body-edit and rename figures,
                       and each body edit's wall time and its thread's CPU time
          --fill-journal PATH BYTES  edit notes of the store at PATH, one commit each,
                       until its journal holds BYTES, without compacting it
          --long-note MB  only the read view (rendered and raw) of one note of MB MiB of
                       Markdown: open, page down, G, / and n, each key timed
        """

    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    /// `--only quick-open`, `--only filter` or `--only app`.
    private mutating func takeOnly(_ figure: String?) throws {
        switch figure {
        case "quick-open": quickOpenOnly = true
        case "filter": filterOnly = true
        case "app": appOnly = true
        default: throw UsageError(description: "--only takes quick-open, filter or app")
        }
    }

    init(arguments: [String]) throws {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--notes":
                guard let text = remaining.popFirst(), let count = Int(text), count >= 1 else {
                    throw UsageError(description: "--notes needs a whole number of at least 1")
                }
                noteCount = count
            case "--json": json = true
            case "--keep":
                guard let path = remaining.popFirst(), !path.isEmpty else {
                    throw UsageError(description: "--keep needs a path")
                }
                keepPath = path
            case "--store-only": storeOnly = true
            case "--bulk-only": bulkOnly = true
            case "--only": try takeOnly(remaining.popFirst())
            case "--fill-journal":
                guard let path = remaining.popFirst(), !path.isEmpty,
                      let text = remaining.popFirst(), let bytes = Int(text), bytes > 0 else {
                    throw UsageError(description: "--fill-journal needs a path and a number of bytes")
                }
                fillJournalPath = path
                fillBytes = bytes
            case "--long-note":
                guard let text = remaining.popFirst(), let megabytes = Int(text), megabytes >= 1 else {
                    throw UsageError(description: "--long-note needs a whole number of MiB, at least 1")
                }
                longNoteMegabytes = megabytes
            case "--existing":
                guard let path = remaining.popFirst(), !path.isEmpty else {
                    throw UsageError(description: "--existing needs a path")
                }
                existingPath = path
            case "--child-open":
                childOpenPath = remaining.popFirst()
            case "--child-decode":
                childDecodePath = remaining.popFirst()
            case "--child-sqlite":
                childSQLitePath = remaining.popFirst()
            case "--child-sqlite-command":
                guard let database = remaining.popFirst(), !remaining.isEmpty else {
                    throw UsageError(description: "--child-sqlite-command needs a database and a command")
                }
                childSQLiteCommand = (database, Array(remaining))
                remaining = []
            case "--child-terminal":
                childTerminalPath = remaining.popFirst()
            case "-h", "--help":
                throw UsageError(description: Self.usage)
            default:
                throw UsageError(description: "unknown argument '\(argument)'\n" + Self.usage)
            }
        }
        if storeOnly, keepPath == nil { throw UsageError(description: "--store-only needs --keep PATH") }
        if appOnly, existingPath == nil { throw UsageError(description: "--only app needs --existing PATH") }
    }
}
