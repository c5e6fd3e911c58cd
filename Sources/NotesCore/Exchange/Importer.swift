import Foundation

/// Where one imported note was read from (`ImportBatch.origins`): the source it will be
/// remembered by, and the hash of the bytes read.
public struct ImportOrigin: Equatable, Sendable {
    public var key: ImportSource.Key
    public var sourceHash: String

    public init(key: ImportSource.Key, sourceHash: String) {
        self.key = key
        self.sourceHash = sourceHash
    }
}

/// Merges what was read into a database, as the changes of one commit (built under the
/// store's lock, through `commit(derivedFrom:)`).
///
/// A note read from a file (it has an `ImportOrigin`) is matched by its source first
/// (`NotesDatabase.importSources`):
/// - the same bytes as last time: **unchanged**, nothing is written;
/// - other bytes: its note is **updated** as a field edit from what notes made of the file
///   last time to what it makes now (`StoreEdit.resolve`, PRODUCT §5.1): fields changed in
///   notes since and not in the file stay; tags merge as sets; a title, category or kind
///   changed on both sides takes the file's; a body changed on both sides keeps the
///   note's version as a **conflict** copy (tagged `conflict`), so nothing written in
///   notes is lost. A note in the trash is left there.
/// - no source yet: matched by id (an id in the file, or `StableNoteID`): a note already in
///   the store is never replaced (**unchanged** when it holds the same fields, else counted
///   as already in the store); otherwise it is **new**.
/// Each new, updated or matched source is recorded (`putImportSource`) in the same commit.
/// A category is matched by name, case-insensitively; a matched category keeps its color.
/// A new category keeps its id unless the store already uses it. Tags are normalized.
public enum Importer {
    /// One note the import adds or changes, for messages.
    public struct Item: Equatable, Sendable {
        public enum Kind: String, Sendable { case new, updated, conflict }
        public var kind: Kind
        /// The file it was read from (as shown, with the jrnl entry), or "" when not known.
        public var file: String
        public var title: String
        /// For a conflict: the title of the copy that keeps the note's own version.
        public var copyTitle: String?
        /// Values set in notes that the file's replaced (`ReplacedValue.note`).
        public var replaced: [ReplacedValue] = []
    }

    /// The changes to commit and the counts to report.
    public struct Plan: Equatable, Sendable, CustomStringConvertible {
        /// The counts and items as `notes import --json` prints them (see json-output.md).
        public var json: JSONValue {
            .object([
                ("new", .integer(notesAdded)), ("updated", .integer(notesUpdated)), ("unchanged", .integer(notesUnchanged)),
                ("conflicts", .integer(conflicts)), ("alreadyInStore", .integer(notesSkipped)), ("inTrash", .integer(inTrash)),
                ("categoriesAdded", .integer(categoriesAdded)),
                ("notes", .array(items.map { item in
                    .object([("change", .string(item.kind.rawValue)), ("file", .string(item.file)), ("title", .string(item.title)),
                             ("conflictCopy", item.copyTitle.map(JSONValue.string) ?? .null),
                             ("replaced", .array(item.replaced.map { .string($0.description) }))])
                })),
            ])
        }

        public var changes: [StoreChange] = []
        /// Each note updated or made a conflict of, and (with `listingAdded`) each new one.
        public var items: [Item] = []
        public var notesAdded = 0
        public var notesUpdated = 0
        public var notesUnchanged = 0
        /// Notes updated from a changed file whose body was changed in notes too: each left a conflict copy.
        public var conflicts = 0
        /// Notes whose id is in the store already with other contents, and no source says
        /// they came from this file: kept as the store has them.
        public var notesSkipped = 0
        /// Changed files whose note is in the trash: left there.
        public var inTrash = 0
        public var categoriesAdded = 0

        public init() {}

        /// `2 new, 1 updated, 3 unchanged, 0 conflicts` and what else happened.
        public var description: String {
            var text = "\(notesAdded) new, \(notesUpdated) updated, \(notesUnchanged) unchanged, "
                + "\(conflicts) \(conflicts == 1 ? "conflict" : "conflicts")"
            if notesSkipped > 0 { text += ", \(notesSkipped) already in the store with other contents (kept)" }
            if inTrash > 0 { text += ", \(inTrash) changed in \(inTrash == 1 ? "its file but in" : "their files but in") the trash (left there)" }
            if categoriesAdded > 0 {
                text += "; added \(categoriesAdded) \(categoriesAdded == 1 ? "category" : "categories")"
            }
            return text
        }
    }

    /// The plan of importing `bundle`, whose note at index `i` was read from `origins[i]`
    /// (none: a note of a notes JSON export, matched by id only) and `sources[i]` (for
    /// messages). `listingAdded: false` leaves the new notes out of `items` (a million
    /// of them, for a large export, would only be counted). `now` dates
    /// the updates.
    public static func plan(_ bundle: ExchangeBundle, origins: [Int: ImportOrigin] = [:], sources: [String] = [],
                            into database: NotesDatabase, now: Date = Date(), listingAdded: Bool = true) throws -> Plan {
        var plan = Plan()
        var categoryChanges: [StoreChange] = []
        let categoryMap = mapCategories(bundle.categories, into: database, changes: &categoryChanges, plan: &plan)
        var seenNotes = Set<UUID>(minimumCapacity: bundle.notes.count)
        var seenSources = Set<ImportSource.Key>()
        var newNotes: [StoreChange] = []
        var records: [StoreChange] = []
        var edits: [(edit: NoteEdit, item: Item)] = []
        newNotes.reserveCapacity(bundle.notes.count)
        for (index, note) in bundle.notes.enumerated() {
            var imported = note
            imported.categoryID = note.categoryID.flatMap { categoryMap[$0] }
            imported.tags = Set(note.tags.compactMap(Tag.normalize))
            let origin = origins[index]
            var file = index < sources.count ? sources[index] : ""
            if let entry = origin?.key.entry, !entry.isEmpty { file += " (\(entry))" }
            func record(_ noteID: UUID) {
                guard let origin else { return }
                records.append(.putImportSource(ImportSource(key: origin.key, noteID: noteID, sourceHash: origin.sourceHash,
                                                             made: ImportSource.Made(imported))))
            }
            if let origin {
                guard seenSources.insert(origin.key).inserted else {
                    plan.notesUnchanged += 1  // the same file named twice in one import
                    continue
                }
                if let known = database.importSources[origin.key] {
                    if known.sourceHash == origin.sourceHash {
                        plan.notesUnchanged += 1
                        continue
                    }
                    if let current = database.notes[known.noteID] {
                        seenNotes.insert(current.id)
                        let edit = update(from: known.made, to: imported, on: current)
                        if NoteField.changed(from: current, to: edit.applied(to: current)).isEmpty {
                            plan.notesUnchanged += 1
                        } else {
                            edits.append((edit, Item(kind: .updated, file: file, title: imported.title)))
                        }
                        record(current.id)
                        continue
                    }
                    if database.trash[known.noteID] != nil {
                        plan.inTrash += 1
                        continue
                    }
                    // Deleted for good since: the file is imported as it is now, as a new note.
                }
            }
            if let existing = database.anyNote(imported.id) ?? (seenNotes.contains(imported.id) ? imported : nil) {
                if existing.deleted == nil, NoteField.changed(from: existing, to: imported).isEmpty {
                    plan.notesUnchanged += 1
                } else {
                    plan.notesSkipped += 1
                }
                if seenNotes.insert(imported.id).inserted { record(imported.id) }
                continue
            }
            seenNotes.insert(imported.id)
            newNotes.append(.putNote(imported))
            record(imported.id)
            plan.notesAdded += 1
            if listingAdded { plan.items.append(Item(kind: .new, file: file, title: imported.title)) }
        }
        if edits.isEmpty {
            plan.changes = categoryChanges + newNotes + records
        } else {
            // Updates meet the notes as they are, by the one set of rules every edit follows.
            let resolution = try StoreEdit.resolve(categoryChanges.map { .change($0) } + edits.map { .note($0.edit) },
                                                   in: database, now: now)
            for (pending, outcome) in zip(edits, resolution.outcomes.suffix(edits.count)) {
                var item = pending.item
                item.replaced = outcome.replaced
                if let copy = outcome.conflictCopy {
                    item.kind = .conflict
                    item.copyTitle = copy.title
                    plan.conflicts += 1
                } else {
                    plan.notesUpdated += 1
                }
                plan.items.append(item)
            }
            plan.changes = resolution.changes + newNotes + records
        }
        return plan
    }

    /// The edit that brings `current` from what notes made of the file last time (`made`)
    /// to what it makes now (`imported`): only the fields the file changed.
    static func update(from made: ImportSource.Made, to imported: Note, on current: Note) -> NoteEdit {
        var edit = NoteEdit(noteID: current.id)
        if made.title != imported.title { edit.title = FieldChange(from: made.title, to: imported.title) }
        if ImportSource.Made.bodyHash(of: imported) != made.bodyHash {
            // The body the import made is known by its hash only. When the note still holds
            // it, the edit starts from the note's body; when not, the body was changed in
            // notes too, and the edit starts from one the note does not hold, so that
            // `StoreEdit.resolve` keeps the note's version as a conflict copy (if the note
            // already holds the new body, resolve finds nothing to do).
            let unchangedInNotes = ImportSource.Made.bodyHash(of: current) == made.bodyHash
            edit.body = NoteEdit.BodyChange(from: unchangedInNotes ? current.bodyStorage : imported.bodyStorage,
                                            to: imported.bodyStorage)
        }
        if made.categoryID != imported.categoryID { edit.category = FieldChange(from: made.categoryID, to: imported.categoryID) }
        edit.addedTags = imported.tags.subtracting(made.tags)
        edit.removedTags = made.tags.subtracting(imported.tags)
        if made.kind != imported.kind { edit.kind = FieldChange(from: made.kind, to: imported.kind) }
        return edit
    }

    /// The store's id of each of `categories`: an existing category of that name, or a new
    /// one (whose `putCategory` is added to `changes`).
    private static func mapCategories(_ categories: [Category], into database: NotesDatabase,
                                      changes: inout [StoreChange], plan: inout Plan) -> [UUID: UUID] {
        var categoryMap: [UUID: UUID] = [:]
        var addedByName: [String: UUID] = [:]
        var usedCategoryIDs = Set(database.categories.keys).union(database.deletedCategories.keys)
        var existingByName: [String: UUID] = [:]
        for category in database.categories.values { existingByName[Category.nameKey(category.name)] = category.id }
        for category in categories {
            let key = Category.nameKey(category.name)
            if let existing = existingByName[key] {
                categoryMap[category.id] = existing
            } else if let added = addedByName[key] {
                categoryMap[category.id] = added
            } else {
                var added = category
                if usedCategoryIDs.contains(added.id) { added.id = UUID() }
                usedCategoryIDs.insert(added.id)
                addedByName[key] = added.id
                categoryMap[category.id] = added.id
                changes.append(.putCategory(added))
                plan.categoriesAdded += 1
            }
        }
        return categoryMap
    }
}
