import CSQLite
import Foundation

/// A thin wrapper over one `sqlite3` connection: errors carry SQLite's message.
final class SQLiteConnection {
    private var handle: OpaquePointer?

    init(path: String, flags: Int32) throws {
        let status = sqlite3_open_v2(path, &handle, flags, nil)
        guard status == SQLITE_OK else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "status \(status)"
            sqlite3_close(handle)
            throw SQLiteBaseline.Failure(description: "sqlite3_open_v2 \(path): \(message)")
        }
    }

    func close() {
        sqlite3_close(handle)
        handle = nil
    }

    /// Rows the last INSERT, UPDATE or DELETE changed.
    var changes: Int { Int(sqlite3_changes(handle)) }

    func execute(_ sql: String) throws {
        guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else { throw failure("exec") }
    }

    func prepare(_ sql: String) throws -> Statement {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw failure("prepare")
        }
        return Statement(statement, connection: self)
    }

    func failure(_ what: String) -> SQLiteBaseline.Failure {
        SQLiteBaseline.Failure(description: "sqlite \(what): " + (handle.map { String(cString: sqlite3_errmsg($0)) } ?? "closed"))
    }

    /// One prepared statement.
    final class Statement {
        private let statement: OpaquePointer
        private let connection: SQLiteConnection
        /// `SQLITE_TRANSIENT`: SQLite copies a bound value before the call returns.
        private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

        init(_ statement: OpaquePointer, connection: SQLiteConnection) {
            self.statement = statement
            self.connection = connection
        }

        func finalize() { sqlite3_finalize(statement) }

        private func check(_ status: Int32) throws {
            guard status == SQLITE_OK else { throw connection.failure("bind") }
        }

        func bind(_ index: Int32, text: String) throws {
            try check(sqlite3_bind_text(statement, index, text, -1, Self.transient))
        }

        func bind(_ index: Int32, blob: [UInt8]) throws {
            try check(blob.withUnsafeBytes { sqlite3_bind_blob(statement, index, $0.baseAddress, Int32($0.count), Self.transient) })
        }

        func bind(_ index: Int32, uuid: UUID) throws {
            try bind(index, blob: withUnsafeBytes(of: uuid.uuid) { Array($0) })
        }

        func bind(_ index: Int32, double: Double) throws { try check(sqlite3_bind_double(statement, index, double)) }
        func bind(_ index: Int32, int: Int) throws { try check(sqlite3_bind_int64(statement, index, Int64(int))) }
        func bindNull(_ index: Int32) throws { try check(sqlite3_bind_null(statement, index)) }

        /// Runs an insert; resets the statement for the next row.
        func stepDone() throws {
            guard sqlite3_step(statement) == SQLITE_DONE else { throw connection.failure("step") }
            sqlite3_reset(statement)
        }

        /// Steps a query: true while there is a row.
        func step() throws -> Bool {
            switch sqlite3_step(statement) {
            case SQLITE_ROW: return true
            case SQLITE_DONE: return false
            default: throw connection.failure("step")
            }
        }

        func text(_ column: Int32) -> String {
            guard let bytes = sqlite3_column_text(statement, column) else { return "" }
            let count = Int(sqlite3_column_bytes(statement, column))
            return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
        }

        func double(_ column: Int32) -> Double { sqlite3_column_double(statement, column) }
        func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(statement, column)) }

        func uuid(_ column: Int32) -> UUID? {
            guard sqlite3_column_bytes(statement, column) == 16, let bytes = sqlite3_column_blob(statement, column) else {
                return nil
            }
            var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)  // not UUID(): that reads /dev/urandom
            withUnsafeMutableBytes(of: &value) { $0.copyMemory(from: UnsafeRawBufferPointer(start: bytes, count: 16)) }
            return UUID(uuid: value)
        }
    }
}
