import Foundation

/// What a Core Data SQLite store says about itself: its entities (`Z_PRIMARYKEY`: number,
/// name, super-entity), the table and columns of each (`Z<ROOT ENTITY>`, `Z<ATTRIBUTE>`), and
/// its `Z_METADATA` (store UUID, model entity names). Read only from SQLite's catalog and
/// those tables; a file that lacks them is not a Core Data store.
struct CoreDataModel {
    struct Entity {
        let number: Int64
        let name: String
        let superNumber: Int64
        /// The table holding its rows (its root entity's).
        var table: String
        /// Column names, uppercase, as `PRAGMA table_info` gives them.
        var columns: [String]
        /// This entity's number and those of its sub-entities (their rows share the table).
        var numbers: [Int64]

        /// The column of attribute or relationship `name` (`createdAt` → `ZCREATEDAT`), if the table has it.
        func column(_ name: String) -> String? {
            let wanted = "Z" + name.uppercased()
            return columns.first { $0.uppercased() == wanted }
        }

        /// Its attribute names as found (`ZCREATEDAT` → `CREATEDAT`), without Core Data's own columns.
        var attributeNames: [String] {
            columns.filter { $0.hasPrefix("Z") && $0.dropFirst().first.map { $0 != "_" && !$0.isNumber } == true }
                .map { String($0.dropFirst()) }
        }
    }

    var entities: [Entity]
    /// `Z_METADATA.Z_UUID`: the store's identity, part of every imported note's id.
    let storeUUID: String

    init(_ database: SQLiteReader, file: String) throws(ExchangeError) {
        func fail(_ reason: String) -> ExchangeError { .invalidDocument(file: file, place: "store", reason: reason) }
        let tables: [String]
        do {
            tables = try database.rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").compactMap { $0.first?.text }
        } catch { throw fail("SQLite cannot read it: \(error.reason)") }
        guard tables.contains("Z_PRIMARYKEY"), tables.contains("Z_METADATA") else {
            throw fail("an SQLite database, but not a Core Data store (no Z_PRIMARYKEY and Z_METADATA tables; tables: \(tables.prefix(20).joined(separator: ", ")))")
        }
        do {
            storeUUID = try database.rows("SELECT Z_UUID FROM Z_METADATA ORDER BY Z_VERSION LIMIT 1").first?.first?.text ?? ""
            let rows = try database.rows("SELECT Z_ENT, Z_NAME, Z_SUPER FROM Z_PRIMARYKEY ORDER BY Z_ENT", limit: 10_000)
            var entities: [Entity] = rows.compactMap { row in
                guard row.count == 3, let number = row[0].integer, let name = row[1].text else { return nil }
                return Entity(number: number, name: name, superNumber: row[2].integer ?? 0, table: "", columns: [], numbers: [number])
            }
            let byNumber = Dictionary(entities.map { ($0.number, $0) }, uniquingKeysWith: { first, _ in first })
            for index in entities.indices {
                var root = entities[index], steps = 0
                while root.superNumber != 0, let parent = byNumber[root.superNumber], steps < 64 {
                    root = parent
                    steps += 1
                    if let position = entities.firstIndex(where: { $0.number == parent.number }) {
                        entities[position].numbers.append(entities[index].number)
                    }
                }
                entities[index].table = "Z" + root.name.uppercased()
            }
            for index in entities.indices where tables.contains(entities[index].table) {
                entities[index].columns = try database.rows("SELECT name FROM pragma_table_info(?)", [entities[index].table])
                    .compactMap { $0.first?.text }
            }
            self.entities = entities.filter { !$0.columns.isEmpty }
        } catch { throw fail("its Core Data tables cannot be read: \(error.reason)") }
    }

    func entity(named name: String) -> Entity? {
        entities.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }

    /// "Note (TITLE, BODY), Folder (NAME)": what was found, for a refusal.
    var summary: String {
        entities.map { "\($0.name) (\($0.attributeNames.joined(separator: ", ")))" }.joined(separator: "; ")
    }
}
