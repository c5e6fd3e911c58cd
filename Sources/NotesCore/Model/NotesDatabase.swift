import Foundation

/// Everything a store holds, in memory: notes, categories and the picker's recent
/// colors. A value; `apply` checks the rules of the model before it changes anything.
public struct NotesDatabase: Equatable, Sendable {
    public private(set) var notes: [UUID: Note]
    public private(set) var categories: [UUID: Category]
    public private(set) var recentColors: [RGB8]
    /// Category ids by `Category.nameKey`, so that a name is found and checked for
    /// uniqueness without scanning every category (importing thousands stays linear).
    private var categoryIDsByName: [String: UUID] = [:]

    /// How many recent colors the picker keeps.
    public static let recentColorLimit = 16

    public init(notes: [Note] = [], categories: [Category] = [], recentColors: [RGB8] = []) {
        self.notes = Dictionary(notes.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        self.categories = Dictionary(categories.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        self.recentColors = Array(recentColors.prefix(Self.recentColorLimit))
        for category in self.categories.values {
            categoryIDsByName[Category.nameKey(category.name)] = category.id
        }
    }

    /// Notes already keyed by their ids (the store's reader builds this while it
    /// reads, so opening a large store copies no note twice).
    public init(notesByID: [UUID: Note], categories: [Category], recentColors: [RGB8]) {
        self.init(notes: [], categories: categories, recentColors: recentColors)
        self.notes = notesByID
    }

    /// Categories sorted by name, case-insensitively.
    public var sortedCategories: [Category] {
        categories.values.sorted { Category.nameKey($0.name) < Category.nameKey($1.name) }
    }

    /// The category with this name, compared case-insensitively.
    public func category(named name: String) -> Category? {
        categoryIDsByName[Category.nameKey(name)].flatMap { categories[$0] }
    }

    /// The note whose id is `text` or starts with it (at least 4 characters), if exactly one does.
    public func note(idOrPrefix text: String) -> Note? {
        if let id = UUID(uuidString: text) { return notes[id] }
        let prefix = text.uppercased()
        guard prefix.count >= 4 else { return nil }
        let matches = notes.keys.filter { $0.uuidString.hasPrefix(prefix) }
        guard matches.count == 1, let id = matches.first else { return nil }
        return notes[id]
    }

    /// Checks that `change` keeps the model's rules, without applying it.
    public func validate(_ change: StoreChange) throws(ModelError) {
        switch change {
        case .putNote(let note):
            guard !note.title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw .emptyTitle }
            try note.checkStorableDates()
            if let categoryID = note.categoryID, categories[categoryID] == nil {
                throw .noSuchCategory(categoryID.uuidString)
            }
        case .deleteNote(let id):
            guard notes[id] != nil else { throw .noSuchNote(id.uuidString) }
        case .putCategory(let category):
            let key = Category.nameKey(category.name)
            guard !key.isEmpty else { throw .emptyCategoryName }
            if let holder = categoryIDsByName[key], holder != category.id {
                throw .duplicateCategoryName(category.name)
            }
        case .deleteCategory(let id):
            guard categories[id] != nil else { throw .noSuchCategory(id.uuidString) }
        case .setRecentColors:
            break
        }
    }

    /// Validates and applies one change. On error nothing has changed.
    public mutating func apply(_ change: StoreChange) throws(ModelError) {
        try validate(change)
        switch change {
        case .putNote(let note):
            notes[note.id] = note
        case .deleteNote(let id):
            notes[id] = nil
        case .putCategory(let category):
            if let old = categories[category.id] { categoryIDsByName[Category.nameKey(old.name)] = nil }
            categories[category.id] = category
            categoryIDsByName[Category.nameKey(category.name)] = category.id
        case .deleteCategory(let id):
            if let old = categories[id] { categoryIDsByName[Category.nameKey(old.name)] = nil }
            categories[id] = nil
            for (noteID, note) in notes where note.categoryID == id {
                notes[noteID]?.categoryID = nil
            }
        case .setRecentColors(let colors):
            recentColors = Array(colors.prefix(Self.recentColorLimit))
        }
    }

    /// Applies all changes or none.
    public mutating func apply(_ changes: [StoreChange]) throws(ModelError) {
        if changes.count == 1, let only = changes.first {
            try apply(only)
            return
        }
        var copy = self
        for change in changes { try copy.apply(change) }
        self = copy
    }
}
