import Foundation
import NotesColor

/// Everything a store holds, in memory: notes, categories and the picker's recent
/// colors. A value; `apply` checks the rules of the model before it changes anything.
public struct NotesDatabase: Equatable, Sendable {
    /// The live notes. Lists, searches, counts and exports read these.
    public private(set) var notes: [UUID: Note]
    /// Notes moved to the trash (each with its `deleted` date), until the trash is emptied.
    public private(set) var trash: [UUID: Note] = [:]
    /// The live categories.
    public private(set) var categories: [UUID: Category]
    /// Deleted categories (each with its `deleted` date), kept while notes in the trash
    /// may go back into them.
    public private(set) var deletedCategories: [UUID: Category] = [:]
    public private(set) var recentColors: [RGB8]
    /// Where imported notes came from, by file (see `ImportSource`). Not part of any note.
    public private(set) var importSources: [ImportSource.Key: ImportSource] = [:]
    /// Category ids by `Category.nameKey`, so that a name is found and checked for
    /// uniqueness without scanning every category (importing thousands stays linear).
    private var categoryIDsByName: [String: UUID] = [:]

    /// How many recent colors the picker keeps.
    public static let recentColorLimit = 16

    /// A database of these notes and categories, each placed by its `deleted` date
    /// (live, or in the trash / kept as deleted).
    public init(notes: [Note] = [], categories: [Category] = [], recentColors: [RGB8] = []) {
        self.notes = Dictionary(notes.lazy.filter { $0.deleted == nil }.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        self.trash = Dictionary(notes.lazy.filter { $0.deleted != nil }.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        self.categories = Dictionary(categories.lazy.filter { $0.deleted == nil }.map { ($0.id, $0) },
                                     uniquingKeysWith: { _, last in last })
        self.deletedCategories = Dictionary(categories.lazy.filter { $0.deleted != nil }.map { ($0.id, $0) },
                                            uniquingKeysWith: { _, last in last })
        self.recentColors = Array(recentColors.prefix(Self.recentColorLimit))
        for category in self.categories.values {
            categoryIDsByName[Category.nameKey(category.name)] = category.id
        }
    }

    /// Notes already keyed by their ids (the store's reader builds this while it
    /// reads, so opening a large store copies no note twice). `notesByID` holds live
    /// notes only; `trash` the trashed ones.
    public init(notesByID: [UUID: Note], trash: [UUID: Note] = [:], categories: [Category], recentColors: [RGB8],
                importSources: [ImportSource] = []) {
        self.init(notes: [], categories: categories, recentColors: recentColors)
        self.notes = notesByID
        self.trash = trash
        self.importSources = Dictionary(importSources.lazy.map { ($0.key, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// This database with `notes` (live or trashed, each placed by its `deleted` date) as
    /// its only notes and no import records: its categories, their name table and the
    /// recent colors are shared, not built again (`validationProxy(for:)`).
    func withNotes(_ notes: [Note]) -> NotesDatabase {
        var database = self
        database.notes = Dictionary(notes.lazy.filter { $0.deleted == nil }.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        database.trash = Dictionary(notes.lazy.filter { $0.deleted != nil }.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        database.importSources = [:]
        return database
    }

    /// Categories sorted by name, case-insensitively.
    public var sortedCategories: [Category] {
        // Sorted by the name keys kept for lookups: each name is folded once, not at every
        // comparison (10,000 categories took 0.2 s).
        categoryIDsByName.sorted { $0.key < $1.key }.compactMap { categories[$0.value] }
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
            // A title that starts with a printable ASCII character is not empty once trimmed: the
            // common case, without Foundation's UTF-16 pass (three a note in a bulk import).
            let startsWithText = note.title.utf8.first.map { $0 > 0x20 && $0 < 0x7F } ?? false
            guard startsWithText || !note.title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw .emptyTitle }
            try note.checkStorableDates()
            if let categoryID = note.categoryID, categories[categoryID] == nil,
               note.deleted == nil || deletedCategories[categoryID] == nil {
                throw .noSuchCategory(categoryID.uuidString)
            }
        case .deleteNote(let id):
            guard notes[id] != nil || trash[id] != nil else { throw .noSuchNote(id.uuidString) }
        case .trashNote(let id, let date):
            guard notes[id] != nil else { throw .noSuchNote(id.uuidString) }
            guard Note.isStorable(date) else { throw .dateOutOfRange("the trash date of note \(id.uuidString) is outside what the store keeps") }
        case .restoreNote(let id):
            guard trash[id] != nil else { throw .notInTrash(id.uuidString) }
        case .putCategory(let category):
            let key = Category.nameKey(category.name)
            guard !key.isEmpty else { throw .emptyCategoryName }
            if category.deleted == nil, let holder = categoryIDsByName[key], holder != category.id {
                throw .duplicateCategoryName(category.name)
            }
            if categories[category.id] == nil, deletedCategories[category.id] == nil,
               categories.count + deletedCategories.count >= Category.maximumCount {
                throw .tooManyCategories(Category.maximumCount)
            }
        case .deleteCategory(let id):
            guard categories[id] != nil || deletedCategories[id] != nil else { throw .noSuchCategory(id.uuidString) }
        case .trashCategory(let id, let date):
            guard categories[id] != nil else { throw .noSuchCategory(id.uuidString) }
            guard Note.isStorable(date) else { throw .dateOutOfRange("the deletion date of category \(id.uuidString) is outside what the store keeps") }
        case .setRecentColors, .putImportSource, .dropImportSource:
            break
        }
    }

    /// Validates and applies one change. On error nothing has changed.
    public mutating func apply(_ change: StoreChange) throws(ModelError) {
        try validate(change)
        switch change {
        case .putNote(let note):
            if note.deleted == nil {
                trash[note.id] = nil
                notes[note.id] = note
            } else {
                notes[note.id] = nil
                trash[note.id] = note
            }
        case .deleteNote(let id):
            notes[id] = nil
            trash[id] = nil
        case .trashNote(let id, let date):
            guard var note = notes.removeValue(forKey: id) else { return }
            note.deleted = date
            trash[id] = note
        case .restoreNote(let id):
            guard var note = trash.removeValue(forKey: id) else { return }
            note.deleted = nil
            if let category = note.categoryID, categories[category] == nil { note.categoryID = nil }
            notes[id] = note
        case .putCategory(let category):
            if let old = categories[category.id] { categoryIDsByName[Category.nameKey(old.name)] = nil }
            if category.deleted == nil {
                deletedCategories[category.id] = nil
                categories[category.id] = category
                categoryIDsByName[Category.nameKey(category.name)] = category.id
            } else {
                categories[category.id] = nil
                deletedCategories[category.id] = category
                uncategorize(notesIn: category.id, includingTrash: false)
            }
        case .deleteCategory(let id):
            if let old = categories[id] { categoryIDsByName[Category.nameKey(old.name)] = nil }
            categories[id] = nil
            deletedCategories[id] = nil
            uncategorize(notesIn: id, includingTrash: true)
        case .trashCategory(let id, let date):
            guard var category = categories.removeValue(forKey: id) else { return }
            categoryIDsByName[Category.nameKey(category.name)] = nil
            category.deleted = date
            deletedCategories[id] = category
            uncategorize(notesIn: id, includingTrash: false)
        case .setRecentColors(let colors):
            recentColors = Array(colors.prefix(Self.recentColorLimit))
        case .putImportSource(let source):
            importSources[source.key] = source
        case .dropImportSource(let key):
            importSources[key] = nil
        }
    }

    private mutating func uncategorize(notesIn categoryID: UUID, includingTrash: Bool) {
        for (noteID, note) in notes where note.categoryID == categoryID {
            notes[noteID]?.categoryID = nil
        }
        guard includingTrash else { return }
        for (noteID, note) in trash where note.categoryID == categoryID {
            trash[noteID]?.categoryID = nil
        }
    }

    /// Makes room in the live notes' table for the notes `changes` put that it does not
    /// hold yet, before they are applied one at a time: a bulk import into a new store
    /// otherwise grows the table step by step, hashing every note again at each step.
    public mutating func reserveRoom(for changes: [StoreChange]) {
        var added = 0
        for change in changes {
            if case .putNote(let note) = change, note.deleted == nil, notes[note.id] == nil { added += 1 }
        }
        if added > 0 { notes.reserveCapacity(notes.count + added) }
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
