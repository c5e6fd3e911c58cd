import Foundation

/// What an export holds and an import reads: categories and notes, each note's
/// `categoryID` naming one of `categories` (or none). Ids are those of the source.
public struct ExchangeBundle: Equatable, Sendable {
    public var categories: [Category]
    public var notes: [Note]

    public init(categories: [Category] = [], notes: [Note] = []) {
        self.categories = categories
        self.notes = notes
    }

    /// Everything in `database`: categories by name, notes oldest first (then by id).
    /// With `includeTrash`, the notes in the trash too (each with its `deleted` date).
    public init(_ database: NotesDatabase, includeTrash: Bool = false) {
        categories = database.sortedCategories
        let all = includeTrash ? Array(database.notes.values) + Array(database.trash.values) : Array(database.notes.values)
        notes = all.sorted {
            $0.created != $1.created ? $0.created < $1.created : $0.id.uuidString < $1.id.uuidString
        }
    }

    /// The id of the category named `name` (case-insensitively), adding a category
    /// with that name and `color` (default white) if there is none yet.
    mutating func categoryID(named name: String, color: SerializableColor? = nil, id: UUID? = nil) -> UUID {
        if let existing = categories.first(where: { Category.nameKey($0.name) == Category.nameKey(name) }) {
            return existing.id
        }
        let category = Category(id: id ?? UUID(), name: name, color: color ?? .white)
        categories.append(category)
        return category.id
    }
}
