import Foundation
import NotesColor
import NotesModel

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

    /// Throws for the first note whose body is damaged in the store (`Note.bodyDamage`), so
    /// that an export never writes the message such a body reads as.
    public func checkBodies() throws(ExchangeError) {
        for note in notes {
            if let reason = note.bodyDamage { throw .damagedBody(id: note.id, title: note.title, reason: reason) }
        }
    }

    /// The id of the category named `name` (case-insensitively), adding a category
    /// with that name, `color` (default white) and `id` (default a new one) if there is
    /// none yet. A category made up here from a name alone (no `id`) gives way to one
    /// whose id is stated (a notes export's `category-id`): it takes that id, name and color,
    /// and the notes in it follow, so the order the files are read in loses no id.
    mutating func categoryID(named name: String, color: SerializableColor? = nil, id: UUID? = nil) -> UUID {
        let key = nameKey(name)
        if indexedCount != categories.count { rebuildIndex() }
        var found = index[key]
        if let position = found, position >= categories.count || nameKey(categories[position].name) != key {
            rebuildIndex()  // `categories` was edited directly
            found = index[key]
        }
        if let position = found {
            let existing = categories[position].id
            guard let id, id != existing, madeUpCategoryIDs.contains(existing), !categories.contains(where: { $0.id == id }) else {
                return existing
            }
            categories[position].id = id
            categories[position].name = name
            if let color { categories[position].color = color }
            madeUpCategoryIDs.remove(existing)
            for offset in notes.indices where notes[offset].categoryID == existing { notes[offset].categoryID = id }
            return id
        }
        let category = Category(id: id ?? UUID(), name: name, color: color ?? .white)
        if id == nil { madeUpCategoryIDs.insert(category.id) }
        categories.append(category)
        index[key] = categories.count - 1
        indexedCount = categories.count
        return category.id
    }

    /// The categories made up from a name alone, with no id stated (see `categoryID(named:color:id:)`).
    var madeUpCategoryIDs = Set<UUID>()

    /// Positions in `categories` by `Category.nameKey` (the first of each name), so that
    /// reading thousands of categories stays linear; `indexedCount` says how many it covers.
    private var index: [String: Int] = [:]
    private var indexedCount = 0
    /// `Category.nameKey` of each name met: an import names the same few categories a
    /// hundred thousand times, and the key trims through Foundation.
    private var nameKeys: [String: String] = [:]

    private mutating func nameKey(_ name: String) -> String {
        if let key = nameKeys[name] { return key }
        let key = Category.nameKey(name)
        nameKeys[name] = key
        return key
    }

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
