import Foundation
import NotesModel

/// Where one imported note was read from (`ImportBatch.origins`): the source it will be
/// remembered by, and the hash of the bytes read.
public struct ImportOrigin: Equatable, Sendable {
    public var key: ImportSource.Key
    public var sourceHash: String
    /// The file's modification time: the `updated` of a note updated from a file whose header says none.
    public var modified: Date?
    /// The tool whose vault the file is in (`ImportSource.tool`), nil for any other file.
    public var tool: ImportSourceTool?

    public init(key: ImportSource.Key, sourceHash: String, modified: Date? = nil, tool: ImportSourceTool? = nil) {
        self.key = key
        self.sourceHash = sourceHash
        self.modified = modified
        self.tool = tool
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
///   notes is lost. Its dates are the file's (`fileDates`), never the import's; a change
///   of the header's dates alone is an update. A note in the trash is left there.
/// - no source at its path, but a source in the same folder whose file is gone and that
///   had the same bytes: the file was **renamed**; its note follows (the record moves, in
///   the same commit: `dropImportSource` and `putImportSource`), and where the tool titles
///   a note by its file name the title follows as an update.
/// - no source yet: matched by id (an id in the file, or `StableNoteID`): a note already in
///   the store is never replaced (**unchanged** when it holds the same fields, else counted
///   as already in the store); otherwise it is **new**.
/// Sources in a folder walked whole whose file is gone (and was not renamed) are reported
/// (`Plan.gone`) and left alone; with `trashMissing` their notes move to the trash (their
/// records dropped), except a note changed in notes since it was imported, which is kept.
/// An updated note's attachments follow its file (`followAttachments`): the plan names the
/// path each file read takes (`attachmentMoves`), written before the commit, and the files
/// the note no longer names (`attachmentsDropped`), removed after it.
/// Each new, updated or matched source is recorded (`putImportSource`) in the same commit.
/// A category is matched by name, case-insensitively; a matched category keeps its color.
/// A new category keeps its id unless the store already uses it (the bundle has already
/// given a stated id precedence over a name alone: `ExchangeBundle.categoryID`). Tags are
/// normalized.
public enum Importer {
    /// The plan of importing `bundle`, whose note at index `i` was read from `origins[i]`
    /// (none: a note of a notes JSON export, matched by id only) and `sources[i]` (for
    /// messages). `folders`: what the walk of each folder imported whole listed (files gone
    /// from them are found by it). `listingAdded: false` leaves the new notes out of `items`
    /// (a million of them, for a large export, would only be counted). `now` dates what the
    /// import trashes. `progress` is told how many notes are checked.
    public static func plan(_ bundle: ExchangeBundle, origins: [Int: ImportOrigin] = [:], sources: [String] = [],
                            folders: [String: ImportFolderListing] = [:], into database: NotesDatabase, now: Date = Date(),
                            listingAdded: Bool = true, trashMissing: Bool = false,
                            attachments: ImportedAttachments = ImportedAttachments(), storeFolder: URL? = nil,
                            progress: ImportPlanProgress? = nil) throws -> Plan {
        var categoryChanges: [StoreChange] = []
        var planning = Planning(database, folders: folders, origins: origins, noteCount: bundle.notes.count,
                                attachments: attachments, storeFolder: storeFolder, listingAdded: listingAdded)
        let categoryMap = mapCategories(bundle.categories, into: database, changes: &categoryChanges, plan: &planning.plan)
        let total = bundle.notes.count
        for (index, note) in bundle.notes.enumerated() {
            if let progress, index % progress.step == 0 { try progress.report(index, total) }
            var imported = note
            imported.categoryID = note.categoryID.flatMap { categoryMap[$0] }
            // Nearly every note read has its tags normalized already: its set is kept as it is.
            if note.tags.contains(where: { Tag.normalize($0) != $0 }) { imported.tags = Set(note.tags.compactMap(Tag.normalize)) }
            let origin = origins[index]
            var file = index < sources.count ? sources[index] : ""
            if let entry = origin?.key.entry, !entry.isEmpty { file += " (\(entry))" }
            planning.add(imported, origin: origin, file: file)
        }
        try progress?.report(total, total)
        var plan = planning.plan
        let goneChanges = gone(planning.missing.unclaimed, folders: folders, in: database, sparing: planning.seenNotes,
                               now: now, trashMissing: trashMissing, plan: &plan)
        if planning.updates.edits.isEmpty {
            plan.changes = categoryChanges + planning.newNotes + planning.records + goneChanges
        } else {
            plan.changes = try planning.updates.resolved(after: categoryChanges, in: database, now: now, plan: &plan)
                + planning.newNotes + planning.records + goneChanges
        }
        return plan
    }

    /// Reports the notes of `sources` (gone from their folder) that are live and were not
    /// met by this import; with `trashMissing`, the changes that move those unchanged since
    /// imported to the trash and drop their records.
    private static func gone(_ sources: [ImportSource], folders: [String: ImportFolderListing], in database: NotesDatabase,
                             sparing seen: Set<UUID>, now: Date, trashMissing: Bool, plan: inout Plan) -> [StoreChange] {
        var changes: [StoreChange] = []
        var reported = Set<UUID>()
        for source in sources {
            guard let note = database.notes[source.noteID], !seen.contains(note.id), reported.insert(note.id).inserted else { continue }
            var gone = Gone(file: folders[source.key.folder]?.shown(source.key.shown) ?? source.key.shown, noteID: note.id,
                            title: note.title, action: .left)
            if trashMissing {
                if changedInNotes(note, since: source.made) {
                    gone.action = .kept
                } else {
                    gone.action = .trashed
                    changes += [.trashNote(note.id, at: now), .dropImportSource(source.key)]
                }
            }
            plan.gone.append(gone)
        }
        return changes
    }

    /// The edit that brings `current` from what notes made of the file last time (`made`)
    /// to what it makes now (`imported`): only the fields the file changed.
    /// A switch over every `NoteField`: a new field does not compile until re-importing handles it.
    static func update(from made: ImportSource.Made, to imported: Note, on current: Note) -> NoteEdit {
        var edit = NoteEdit(noteID: current.id)
        for field in NoteField.allCases {
            switch field {
            case .title:
                if made.title != imported.title { edit.title = FieldChange(from: made.title, to: imported.title) }
            case .body:
                guard ImportSource.Made.bodyHash(of: imported) != made.bodyHash else { continue }
                // The body the import made is known by its hash only. When the note still holds
                // it, the edit starts from the note's body; when not, the body was changed in
                // notes too, and the edit starts from one the note does not hold, so that
                // `StoreEdit.resolve` keeps the note's version as a conflict copy (if the note
                // already holds the new body, resolve finds nothing to do).
                let unchangedInNotes = ImportSource.Made.bodyHash(of: current) == made.bodyHash
                edit.body = NoteEdit.BodyChange(from: unchangedInNotes ? current.bodyStorage : imported.bodyStorage,
                                                to: imported.bodyStorage)
            case .category:
                if made.categoryID != imported.categoryID { edit.category = FieldChange(from: made.categoryID, to: imported.categoryID) }
            case .tags:
                edit.addedTags = imported.tags.subtracting(made.tags)
                edit.removedTags = made.tags.subtracting(imported.tags)
            case .kind:
                if made.kind != imported.kind { edit.kind = FieldChange(from: made.kind, to: imported.kind) }
            case .pinned:
                if made.pinned != imported.pinned { edit.pinned = FieldChange(from: made.pinned, to: imported.pinned) }
            case .aliases:
                if made.aliases != imported.aliases { edit.aliases = FieldChange(from: made.aliases, to: imported.aliases) }
            }
        }
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
