import Foundation

/// What an export holds and an import reads: categories and notes, each note's
/// `categoryID` naming one of `categories` (or none). Ids are those of the source.
public struct ExchangeBundle: Equatable, Sendable {
    public private(set) var categories: [Category]
    public var notes: [Note]
    /// Category ids by `Category.nameKey`, so that finding a name costs the same with
    /// 10 categories or 10,000.
    private var idsByName: [String: UUID] = [:]

    public init(categories: [Category] = [], notes: [Note] = []) {
        self.categories = []
        self.notes = notes
        for category in categories { add(category) }
    }

    /// Everything in `database`: categories by name, notes oldest first (then by id).
    public init(_ database: NotesDatabase) {
        self.init(categories: database.sortedCategories)
        notes = database.notes.values.sorted {
            $0.created != $1.created ? $0.created < $1.created : $0.id.uuidString < $1.id.uuidString
        }
    }

    public static func == (lhs: ExchangeBundle, rhs: ExchangeBundle) -> Bool {
        lhs.categories == rhs.categories && lhs.notes == rhs.notes
    }

    /// The id of the category named `name` (case-insensitively), adding a category
    /// with that name and `color` (default white) if there is none yet.
    mutating func categoryID(named name: String, color: SerializableColor? = nil, id: UUID? = nil) -> UUID {
        if let existing = idsByName[Category.nameKey(name)] { return existing }
        let category = Category(id: id ?? UUID(), name: name, color: color ?? .white)
        add(category)
        return category.id
    }

    private mutating func add(_ category: Category) {
        let key = Category.nameKey(category.name)
        guard idsByName[key] == nil else { return }
        idsByName[key] = category.id
        categories.append(category)
    }

    /// Adds `other`'s categories (matched by name) and notes (their categories mapped to
    /// this bundle's ids).
    mutating func merge(_ other: ExchangeBundle) {
        var mapped: [UUID: UUID] = [:]
        for category in other.categories {
            mapped[category.id] = categoryID(named: category.name, color: category.color, id: category.id)
        }
        for var note in other.notes {
            note.categoryID = note.categoryID.flatMap { mapped[$0] }
            notes.append(note)
        }
    }
}
