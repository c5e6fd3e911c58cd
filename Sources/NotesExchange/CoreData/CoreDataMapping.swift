/// What `notes import --map` says about a Core Data store whose entities and attributes
/// notes cannot tell by their names: `note=Memo`, `category=Folder`, `note.title=headline`,
/// `note.body=text`, `note.created=…`, `note.updated=…`, `note.category=folder`,
/// `category.name=…`, `category.color=…`. Names are Core Data's (case does not matter).
public struct CoreDataMapping: Equatable, Sendable {
    public var entities: [String: String] = [:]
    public var attributes: [String: String] = [:]

    public static let entityKeys = ["note", "category"]
    public static let attributeKeys = ["note.title", "note.body", "note.created", "note.updated", "note.category",
                                       "category.name", "category.color"]

    public init() {}

    /// Reads `KEY=NAME` items; an unknown key or a missing name is an error saying what is known.
    public init(parsing items: [String]) throws(ExchangeError) {
        for item in items {
            let parts = item.split(separator: "=", maxSplits: 1).map { String($0).trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, !parts[1].isEmpty else {
                throw .invalidDocument(file: "--map", place: item, reason: "expected KEY=NAME, as note=Memo or note.title=headline")
            }
            let key = parts[0].lowercased()
            if Self.entityKeys.contains(key) {
                entities[key] = parts[1]
            } else if Self.attributeKeys.contains(key) {
                attributes[key] = parts[1]
            } else {
                throw .invalidDocument(file: "--map", place: item,
                                       reason: "unknown key '\(parts[0])' (known: \((Self.entityKeys + Self.attributeKeys).joined(separator: ", ")))")
            }
        }
    }
}
