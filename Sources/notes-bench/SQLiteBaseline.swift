import CSQLite
import Foundation
import NotesColor

/// The SQLite baseline of PRODUCT §6: the same synthetic notes in an SQLite database
/// (one row a note, every field, indexes on `updated` and on `category`), and the same job as opening
/// the store ready to draw: open the database and read id, title, updated and category
/// of every live note, sorted by date, into Swift values.
enum SQLiteBaseline {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static let listQuery = "SELECT id, title, updated, category FROM notes WHERE deleted IS NULL ORDER BY updated DESC"

    /// Writes `synthetic` into a new database at `url` in one transaction (WAL mode, as apps use it).
    static func write(_ synthetic: SyntheticStore, to url: URL) throws {
        try? FileManager.default.removeItem(at: url)
        let database = try SQLiteConnection(path: url.path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        defer { database.close() }
        try database.execute("""
            PRAGMA journal_mode = WAL;
            CREATE TABLE categories (id BLOB PRIMARY KEY, name TEXT NOT NULL, color BLOB NOT NULL);
            CREATE TABLE notes (id BLOB PRIMARY KEY, title TEXT NOT NULL, body TEXT NOT NULL,
                                created REAL NOT NULL, updated REAL NOT NULL, category BLOB,
                                tags TEXT NOT NULL, kind INTEGER NOT NULL, attachments TEXT NOT NULL, deleted REAL);
            CREATE INDEX notes_by_updated ON notes (updated);
            CREATE INDEX notes_by_category ON notes (category, deleted);
            BEGIN;
            """)
        let category = try database.prepare("INSERT INTO categories VALUES (?, ?, ?)")
        for item in synthetic.categories {
            try category.bind(1, uuid: item.id)
            try category.bind(2, text: item.name)
            try category.bind(3, blob: Array(try ColorArchive.archive(item.color)))
            try category.stepDone()
        }
        category.finalize()
        let note = try database.prepare("INSERT INTO notes VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL)")
        for item in synthetic.notes {
            try note.bind(1, uuid: item.id)
            try note.bind(2, text: item.title)
            try note.bind(3, text: item.body)
            try note.bind(4, double: item.created.timeIntervalSinceReferenceDate)
            try note.bind(5, double: item.updated.timeIntervalSinceReferenceDate)
            if let id = item.categoryID { try note.bind(6, uuid: id) } else { try note.bindNull(6) }
            try note.bind(7, text: item.sortedTags.joined(separator: ","))
            try note.bind(8, int: item.kind.rawValue)
            try note.bind(9, text: item.attachments.map(\.relativePath).joined(separator: "\n"))
            try note.stepDone()
        }
        note.finalize()
        try database.execute("COMMIT; PRAGMA wal_checkpoint(TRUNCATE);")
    }

    /// One row of the list, as the app would hold it.
    struct Row {
        let id: UUID
        let title: String
        let updated: Double
        let category: UUID?
    }

    /// `--child-sqlite PATH`: prints `sqlite_ms=… cpu_ms=… rows=…` for open + list, in this fresh process.
    static func child(path: String) throws {
        let cpuBefore = ProcessCPUTime.milliseconds()
        let (rows, milliseconds) = try Stopwatch.time { () throws -> [Row] in
            let database = try SQLiteConnection(path: path, flags: SQLITE_OPEN_READONLY)
            defer { database.close() }
            let query = try database.prepare(listQuery)
            defer { query.finalize() }
            var rows: [Row] = []
            while try query.step() {
                rows.append(Row(id: query.uuid(0) ?? UUID(), title: query.text(1), updated: query.double(2),
                                category: query.uuid(3)))
            }
            return rows
        }
        print("sqlite_ms=\(milliseconds) cpu_ms=\(ProcessCPUTime.milliseconds() - cpuBefore) rows=\(rows.count)")
        withExtendedLifetime(rows) {}
    }

    /// Pairs of fresh processes, ours then SQLite's, so that a machine whose speed drifts
    /// (a shared one) disturbs both sides of each ratio alike.
    struct Pairs {
        var ours = Samples()
        var sqlite = Samples()
        var ratios = Samples()
        var cpuRatios = Samples()
        var sqliteCPU = Samples()
    }

    /// Runs `--child-open` on the store and `--child-sqlite` on the database in turn, `repetitions` times.
    static func measure(database: URL, store: URL, repetitions: Int) throws -> Pairs {
        var pairs = Pairs()
        for _ in 0..<repetitions {
            let ours = try ChildProcess.run(["--child-open", store.path])
            let theirs = try ChildProcess.run(["--child-sqlite", database.path])
            guard let open = ours["open_ms"].flatMap(Double.init), let ready = ours["ready_ms"].flatMap(Double.init),
                  let sqlite = theirs["sqlite_ms"].flatMap(Double.init) else {
                throw ChildProcess.Failure(description: "a child printed no time: \(ours) \(theirs)")
            }
            pairs.ours.add(open + ready)
            pairs.sqlite.add(sqlite)
            pairs.ratios.add((open + ready) / max(sqlite, 0.001))
            if let cpu = ours["cpu_ms"].flatMap(Double.init), let sqliteCPU = theirs["cpu_ms"].flatMap(Double.init) {
                pairs.cpuRatios.add(cpu / max(sqliteCPU, 0.001))
                pairs.sqliteCPU.add(sqliteCPU)
            }
        }
        return pairs
    }

    /// SQLite's time, and ours ÷ SQLite's: the median of the ratios of pairs run in turn (target ≤ 1.0×).
    static func figures(_ pairs: Pairs) -> [Figure] {
        let baseline = Figure(key: "baseline_sqlite_open_list_ms", label: "SQLite: open + list (baseline)", unit: .milliseconds,
                              value: pairs.sqlite.median, target: nil,
                              note: "median of \(pairs.sqlite.count) fresh processes: sqlite3_open_v2 read-only + \(listQuery) "
                                  + "(index on updated, WAL) into Swift values"
                                  + (pairs.sqliteCPU.median.map { "; CPU time " + Figure.format($0, .milliseconds) } ?? ""))
        var note = "open, ready to draw ÷ SQLite open + list of id, title, updated, category sorted by date: median of "
            + "\(pairs.ratios.count) ratios of a fresh process of each, run in turn"
        if let ours = pairs.ours.median, let theirs = pairs.sqlite.median {
            note += " (medians " + Figure.format(ours, .milliseconds) + " and " + Figure.format(theirs, .milliseconds) + ")"
        }
        if let cpu = pairs.cpuRatios.median { note += "; CPU time (all threads) ÷ SQLite's: " + Figure.format(cpu, .ratio) }
        return [baseline, Figure(key: "open_sqlite_ratio", label: "open ÷ SQLite open + list", unit: .ratio,
                                 value: pairs.ratios.median, target: 1.0, note: note)]
    }
}
