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
    public init(_ database: NotesDatabase) {
        categories = database.sortedCategories
        notes = database.notes.values.sorted {
            $0.created != $1.created ? $0.created < $1.created : $0.id.uuidString < $1.id.uuidString
        }
    }

    /// The id of the category named `name` (case-insensitively), adding a category
    /// with that name and `color` (default white) if there is none yet.
    mutating func categoryID(named name: String, color: SerializableColor? = nil, id: UUID? = nil) -> UUID {
        let key = Category.nameKey(name)
        if indexedCount != categories.count { rebuildIndex() }
        if let position = index[key] {
            if position < categories.count, Category.nameKey(categories[position].name) == key { return categories[position].id }
            rebuildIndex()  // `categories` was edited directly
            if let again = index[key] { return categories[again].id }
        }
        let category = Category(id: id ?? UUID(), name: name, color: color ?? .white)
        categories.append(category)
        index[key] = categories.count - 1
        indexedCount = categories.count
        return category.id
    }

    /// Positions in `categories` by `Category.nameKey` (the first of each name), so that
    /// reading thousands of categories stays linear; `indexedCount` says how many it covers.
    private var index: [String: Int] = [:]
    private var indexedCount = 0

    private mutating func rebuildIndex() {
        index = [:]
        for (position, category) in categories.enumerated() where index[Category.nameKey(category.name)] == nil {
            index[Category.nameKey(category.name)] = position
        }
        indexedCount = categories.count
    }

    public static func == (left: ExchangeBundle, right: ExchangeBundle) -> Bool {
        left.categories == right.categories && left.notes == right.notes
    }
}
