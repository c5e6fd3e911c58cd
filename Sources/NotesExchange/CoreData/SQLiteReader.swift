import CSQLite
import Foundation

/// A read-only SQLite connection: open, run a query, read its rows. Only what the Core Data
/// import needs; every failure is a `SQLiteReader.Failure` with SQLite's message.
final class SQLiteReader {
    struct Failure: Error, Equatable, CustomStringConvertible {
        let reason: String
        var description: String { reason }
    }

    /// One value of a row.
    enum Value: Equatable {
        case null
        case integer(Int64)
        case real(Double)
        case text(String)
        case blob(Data)

        var text: String? { if case .text(let text) = self { text } else { nil } }
        var integer: Int64? {
            switch self {
            case .integer(let value): value
            case .real(let value) where value.rounded() == value && abs(value) < 9e18: Int64(value)
            default: nil
            }
        }
        var real: Double? {
            switch self {
            case .integer(let value): Double(value)
            case .real(let value): value
            default: nil
            }
        }
        var blob: Data? { if case .blob(let data) = self { data } else { nil } }
    }

    private var handle: OpaquePointer?

    /// Opens `path` with `SQLITE_OPEN_READONLY`: SQLite writes nothing to the database file.
    init(readOnly path: String) throws(Failure) {
        var connection: OpaquePointer?
        let status = sqlite3_open_v2(path, &connection, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil)
        guard status == SQLITE_OK, let connection else {
            let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close(connection)
            throw Failure(reason: message)
        }
        handle = connection
        sqlite3_busy_timeout(connection, 2_000)
    }

    deinit { sqlite3_close(handle) }

    /// The rows of `sql` (with `?` bound to `arguments`), at most `limit` of them.
    func rows(_ sql: String, _ arguments: [String] = [], limit: Int = 10_000_000) throws(Failure) -> [[Value]] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw Failure(reason: message())
        }
        defer { sqlite3_finalize(statement) }
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        for (index, argument) in arguments.enumerated() {
            sqlite3_bind_text(statement, Int32(index + 1), argument, -1, transient)
        }
        var result: [[Value]] = []
        while true {
            let status = sqlite3_step(statement)
            if status == SQLITE_DONE { break }
            guard status == SQLITE_ROW else { throw Failure(reason: message()) }
            guard result.count < limit else { throw Failure(reason: "more than \(limit) rows") }
            let columns = sqlite3_column_count(statement)
            result.append((0..<columns).map { column(statement, $0) })
        }
        return result
    }

    private func column(_ statement: OpaquePointer, _ index: Int32) -> Value {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, index))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, index))
        case SQLITE_TEXT:
            guard let text = sqlite3_column_text(statement, index) else { return .text("") }
            let count = Int(sqlite3_column_bytes(statement, index))
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, index))
            guard count > 0, let bytes = sqlite3_column_blob(statement, index) else { return .blob(Data()) }
            return .blob(Data(bytes: bytes, count: count))
        default: return .null
        }
    }

    private func message() -> String { handle.map { String(cString: sqlite3_errmsg($0)) } ?? "no connection" }

    /// Whether `data` starts like an SQLite 3 database file.
    static func isDatabase(header: Data) -> Bool {
        header.starts(with: Array("SQLite format 3\0".utf8))
    }
}
