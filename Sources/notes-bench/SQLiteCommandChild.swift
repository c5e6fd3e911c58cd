import CSQLite
import Foundation

/// `--child-sqlite-command DATABASE VERB …`: SQLite's side of the single-note command
/// timings. A fresh process (this benchmark, a Swift program like `notes`) opens the
/// baseline database, does the one-row work of the command and prints what the command
/// would; `CommandTiming` times it from outside as it times `notes`.
///
///     show ID | set ID TITLE | add TITLE BODY | rm ID | category-list
enum SQLiteCommandChild {
    static func run(path: String, command: [String]) throws {
        let database = try SQLiteConnection(path: path, flags: SQLITE_OPEN_READWRITE)
        defer { database.close() }
        // Every commit synced, as `notes` syncs each journal line it appends.
        try database.execute("PRAGMA synchronous = FULL")
        let now = Date().timeIntervalSinceReferenceDate
        switch command.first {
        case "show" where command.count == 2:
            let query = try database.prepare("SELECT title, body, updated FROM notes WHERE id = ?")
            defer { query.finalize() }
            try query.bind(1, uuid: try id(command[1]))
            guard try query.step() else { throw failure("no note \(command[1])") }
            print(query.text(0))
            print(query.text(1))
        case "set" where command.count == 3:
            let update = try database.prepare("UPDATE notes SET title = ?, updated = ? WHERE id = ? AND deleted IS NULL")
            defer { update.finalize() }
            try update.bind(1, text: command[2])
            try update.bind(2, double: now)
            try update.bind(3, uuid: try id(command[1]))
            try update.stepDone()
            guard database.changes == 1 else { throw failure("no note \(command[1])") }
            print("updated \(command[1])")
        case "add" where command.count == 3:
            let insert = try database.prepare("INSERT INTO notes VALUES (?, ?, ?, ?, ?, NULL, '', 0, '', NULL)")
            defer { insert.finalize() }
            let new = UUID()
            try insert.bind(1, uuid: new)
            try insert.bind(2, text: command[1])
            try insert.bind(3, text: command[2])
            try insert.bind(4, double: now)
            try insert.bind(5, double: now)
            try insert.stepDone()
            print(new.uuidString)
        case "rm" where command.count == 2:
            let update = try database.prepare("UPDATE notes SET deleted = ? WHERE id = ? AND deleted IS NULL")
            defer { update.finalize() }
            try update.bind(1, double: now)
            try update.bind(2, uuid: try id(command[1]))
            try update.stepDone()
            guard database.changes == 1 else { throw failure("no live note \(command[1])") }
            print("moved to the trash: \(command[1])")
        case "category-list" where command.count == 1:
            // COUNT(notes.category), not COUNT(notes.id): the index on (category, deleted)
            // covers it, so no note row is read (the id is not in that index).
            let query = try database.prepare("""
                SELECT categories.name, COUNT(notes.category) FROM categories
                LEFT JOIN notes ON notes.category = categories.id AND notes.deleted IS NULL
                GROUP BY categories.id ORDER BY categories.name
                """)
            defer { query.finalize() }
            while try query.step() { print("\(query.text(0))  \(query.int(1))") }
        default:
            throw failure("unknown command: \(command.joined(separator: " "))")
        }
    }

    private static func id(_ text: String) throws -> UUID {
        guard let id = UUID(uuidString: text) else { throw failure("not an id: \(text)") }
        return id
    }

    private static func failure(_ description: String) -> SQLiteBaseline.Failure {
        SQLiteBaseline.Failure(description: description)
    }
}
