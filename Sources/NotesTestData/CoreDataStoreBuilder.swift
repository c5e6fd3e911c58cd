import CSQLite
import Foundation

/// Writes an SQLite file laid out as Core Data's SQLite store is: one `Z<ENTITY>` table per
/// root entity with `Z_PK`, `Z_ENT`, `Z_OPT` and a `Z<ATTRIBUTE>` column per attribute
/// (to-one relationships hold the target's `Z_PK`), `Z_PRIMARYKEY` (entity number, name,
/// super-entity, highest key), `Z_METADATA` (version, store UUID, and the metadata property
/// list with `NSStoreModelVersionHashes` per entity, `NSStoreType` `SQLite`, `NSStoreUUID`)
/// and `Z_MODELCACHE`. Dates are seconds since 2001-01-01 (`TIMESTAMP`). For the tests of
/// `notes import Notes.sqlite`; nothing here is Apple's code.
public final class CoreDataStoreBuilder {
    public enum Value {
        case text(String), real(Double), integer(Int64), blob(Data), null
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    private var handle: OpaquePointer?
    private var entities: [(name: String, table: String, number: Int, maxKey: Int64)] = []
    public let storeUUID: String

    /// A new store at `path`; `wal` switches it to write-ahead logging first, as Core Data does.
    public init(path: String, wal: Bool = false, storeUUID: String = UUID().uuidString) throws {
        self.storeUUID = storeUUID
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK else {
            throw Failure(description: "cannot create \(path)")
        }
        if wal {
            try execute("PRAGMA journal_mode = WAL")
            try execute("PRAGMA wal_autocheckpoint = 0")  // keep what is written in the -wal file
        }
        try execute("CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER)")
        try execute("CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB)")
        try execute("CREATE TABLE Z_MODELCACHE (Z_CONTENT BLOB)")
    }

    deinit { close() }

    /// Adds an entity (number in the order added, so add them by name as Core Data numbers them)
    /// with `attributes` as (name, SQL type): `("title", "VARCHAR")`, `("createdAt", "TIMESTAMP")`.
    public func entity(_ name: String, attributes: [(String, String)]) throws {
        let table = "Z" + name.uppercased()
        let columns = ["Z_PK INTEGER PRIMARY KEY", "Z_ENT INTEGER", "Z_OPT INTEGER"]
            + attributes.map { "Z\($0.0.uppercased()) \($0.1)" }
        try execute("CREATE TABLE \(table) ( \(columns.joined(separator: ", ")) )")
        entities.append((name, table, entities.count + 1, 0))
    }

    /// Inserts a row of `entity`; returns its `Z_PK`.
    @discardableResult
    public func insert(_ entity: String, _ values: [String: Value]) throws -> Int64 {
        guard let index = entities.firstIndex(where: { $0.name == entity }) else { throw Failure(description: "no entity \(entity)") }
        entities[index].maxKey += 1
        let key = entities[index].maxKey
        let names = ["Z_PK", "Z_ENT", "Z_OPT"] + values.keys.sorted().map { "Z" + $0.uppercased() }
        let row: [Value] = [.integer(key), .integer(Int64(entities[index].number)), .integer(1)] + values.keys.sorted().compactMap { values[$0] }
        try execute("INSERT INTO \(entities[index].table) (\(names.joined(separator: ", "))) VALUES (\(names.map { _ in "?" }.joined(separator: ", ")))", row)
        return key
    }

    /// Writes `Z_PRIMARYKEY` and `Z_METADATA`. With `keepOpen`, the connection stays open
    /// (a WAL store keeps its changes in `-wal` and `-shm`, as while the app runs).
    public func finish(keepOpen: Bool = false) throws {
        for entity in entities {
            try execute("INSERT INTO Z_PRIMARYKEY (Z_ENT, Z_NAME, Z_SUPER, Z_MAX) VALUES (?, ?, 0, ?)",
                        [.integer(Int64(entity.number)), .text(entity.name), .integer(entity.maxKey)])
        }
        var hashes: [String: Data] = [:]
        for entity in entities { hashes[entity.name] = Data((entity.name + "-hash-0123456789abcdef01234567").utf8.prefix(32)) }
        let metadata: [String: Any] = [
            "NSPersistenceFrameworkVersion": 1414, "NSStoreModelVersionHashes": hashes,
            "NSStoreModelVersionHashesVersion": 3, "NSStoreModelVersionIdentifiers": [""],
            "NSStoreType": "SQLite", "NSStoreUUID": storeUUID, "_NSAutoVacuumLevel": "2",
        ]
        let plist = try PropertyListSerialization.data(fromPropertyList: metadata, format: .binary, options: 0)
        try execute("INSERT INTO Z_METADATA (Z_VERSION, Z_UUID, Z_PLIST) VALUES (1, ?, ?)", [.text(storeUUID), .blob(plist)])
        if !keepOpen { close() }
    }

    public func close() {
        sqlite3_close(handle)
        handle = nil
    }

    public func execute(_ sql: String, _ values: [Value] = []) throws {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else {
            throw Failure(description: String(cString: sqlite3_errmsg(handle)) + " in " + sql)
        }
        defer { sqlite3_finalize(statement) }
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            switch value {
            case .text(let text): sqlite3_bind_text(statement, index, text, -1, transient)
            case .real(let real): sqlite3_bind_double(statement, index, real)
            case .integer(let integer): sqlite3_bind_int64(statement, index, integer)
            case .blob(let data): _ = data.withUnsafeBytes { sqlite3_bind_blob(statement, index, $0.baseAddress, Int32(data.count), transient) }
            case .null: sqlite3_bind_null(statement, index)
            }
        }
        let status = sqlite3_step(statement)
        guard status == SQLITE_DONE || status == SQLITE_ROW else {
            throw Failure(description: String(cString: sqlite3_errmsg(handle)) + " in " + sql)
        }
    }

    // MARK: The Notes app's model

    public struct NotesAppCategory {
        public var name: String
        public var color: Value
        public init(_ name: String, color: Value) {
            self.name = name
            self.color = color
        }
    }

    public struct NotesAppNote {
        public var title: String
        public var contents: String
        public var createdAt: Double
        public var updatedAt: Double
        /// Index into the categories, or nil.
        public var category: Int?
        public init(_ title: String, contents: String, createdAt: Double, updatedAt: Double, category: Int?) {
            self.title = title
            self.contents = contents
            self.createdAt = createdAt
            self.updatedAt = updatedAt
            self.category = category
        }
    }

    /// A store of the Notes app's model: `Category` (colorAsHex, name; to-many `notes`, which
    /// has no column) and `Note` (category, contents, createdAt, title, updatedAt).
    public static func notesApp(at path: String, wal: Bool = false, keepOpen: Bool = false,
                                categories: [NotesAppCategory], notes: [NotesAppNote]) throws -> CoreDataStoreBuilder {
        let builder = try CoreDataStoreBuilder(path: path, wal: wal)
        try builder.entity("Category", attributes: [("colorAsHex", "VARCHAR"), ("name", "VARCHAR")])
        try builder.entity("Note", attributes: [("category", "INTEGER"), ("contents", "VARCHAR"), ("createdAt", "TIMESTAMP"),
                                                ("title", "VARCHAR"), ("updatedAt", "TIMESTAMP")])
        try builder.execute("CREATE INDEX ZNOTE_ZCATEGORY_INDEX ON ZNOTE (ZCATEGORY)")
        var keys: [Int64] = []
        for category in categories {
            keys.append(try builder.insert("Category", ["name": .text(category.name), "colorAsHex": category.color]))
        }
        for note in notes {
            try builder.insert("Note", ["title": .text(note.title), "contents": .text(note.contents),
                                        "createdAt": .real(note.createdAt), "updatedAt": .real(note.updatedAt),
                                        "category": note.category.map { .integer(keys[$0]) } ?? .null])
        }
        try builder.finish(keepOpen: keepOpen)
        return builder
    }
}
