import Foundation
import NotesModel

/// Where one imported note was read from (`ImportBatch.origins`): the source it will be
/// remembered by, and the hash of the bytes read.
public struct ImportOrigin: Equatable, Sendable {
    public var key: ImportSource.Key
    public var sourceHash: String
    /// The file's modification time: the `updated` of a note updated from a file whose header says none.
    public var modified: Date?

    public init(key: ImportSource.Key, sourceHash: String, modified: Date? = nil) {
        self.key = key
        self.sourceHash = sourceHash
        self.modified = modified
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
    /// import trashes.
    public static func plan(_ bundle: ExchangeBundle, origins: [Int: ImportOrigin] = [:], sources: [String] = [],
                            folders: [String: ImportFolderListing] = [:], into database: NotesDatabase, now: Date = Date(),
                            listingAdded: Bool = true, trashMissing: Bool = false,
                            attachments: ImportedAttachments = ImportedAttachments(), storeFolder: URL? = nil) throws -> Plan {
        var plan = Plan()
        var categoryChanges: [StoreChange] = []
        let categoryMap = mapCategories(bundle.categories, into: database, changes: &categoryChanges, plan: &plan)
        var missing = MissingSources(database, folders: folders, readKeys: Set(origins.values.map(\.key)),
                                     readFiles: Set(origins.values.lazy.filter { !$0.key.entry.isEmpty }
                                         .map { ImportSource.Key(folder: $0.key.folder, path: $0.key.path) }))
        var seenNotes = Set<UUID>(minimumCapacity: bundle.notes.count)
        var seenSources = Set<ImportSource.Key>()
        var newNotes: [StoreChange] = []
        var records: [StoreChange] = []
        var edits: [(edit: NoteEdit, item: Item)] = []
        var datedNotes: [UUID: (created: Date, updated: Date)] = [:]
        var attachmentLists: [UUID: [AttachmentPath]] = [:]
        var follows: [UUID: AttachmentFollow] = [:]
        var sourcesByPath = SourcesByPath(database)
        newNotes.reserveCapacity(bundle.notes.count)
        for (index, note) in bundle.notes.enumerated() {
            var imported = note
            imported.categoryID = note.categoryID.flatMap { categoryMap[$0] }
            imported.tags = Set(note.tags.compactMap(Tag.normalize))
            let origin = origins[index]
            var file = index < sources.count ? sources[index] : ""
            if let entry = origin?.key.entry, !entry.isEmpty { file += " (\(entry))" }
            // The key the source is recorded under: the one it was remembered by when the same
            // file was imported with another folder (a file of a folder imported alone, or back).
            var recordedKey = origin?.key
            func record(_ noteID: UUID) {
                guard let origin, let recordedKey else { return }
                records.append(.putImportSource(ImportSource(key: recordedKey, noteID: noteID, sourceHash: origin.sourceHash,
                                                             made: ImportSource.Made(imported))))
            }
            if let origin {
                guard seenSources.insert(origin.key).inserted else {
                    plan.notesUnchanged += 1  // the same file named twice in one import
                    continue
                }
                var known = database.importSources[origin.key]
                if known == nil, let same = sourcesByPath.source(sameFileAs: origin.key), seenSources.insert(same.key).inserted {
                    known = same
                    recordedKey = same.key
                }
                var renamedFrom: ImportSource.Key?
                if known == nil, let moved = missing.claim(folder: origin.key.folder, hash: origin.sourceHash) {
                    known = moved
                    renamedFrom = moved.key
                }
                if let known {
                    if known.sourceHash == origin.sourceHash, renamedFrom == nil {
                        plan.notesUnchanged += 1
                        continue
                    }
                    if let current = database.notes[known.noteID] {
                        seenNotes.insert(current.id)
                        let follow = followAttachments(of: &imported, onto: current, files: attachments, storeFolder: storeFolder)
                        let edit = update(from: known.made, to: imported, on: current)
                        let dates = fileDates(of: imported, modified: origin.modified, current: current, made: known.made)
                        let fieldsChange = !NoteField.changed(from: current, to: edit.applied(to: current)).isEmpty
                        let datesChange = dates.created != current.created || dates.updated != current.updated
                        let attachmentsChange = imported.attachments != current.attachments
                        var item = Item(kind: .updated, file: file, title: imported.title)
                        if let renamedFrom {
                            item.kind = .renamed
                            item.previousFile = folders[renamedFrom.folder]?.shown(renamedFrom.shown) ?? renamedFrom.shown
                            plan.notesRenamed += 1
                            records.append(.dropImportSource(renamedFrom))
                        }
                        if fieldsChange || datesChange || attachmentsChange {
                            edits.append((edit, item))
                            datedNotes[current.id] = dates
                            if attachmentsChange { attachmentLists[current.id] = imported.attachments }
                            follows[current.id] = follow
                        } else if renamedFrom != nil {
                            plan.items.append(item)
                        } else {
                            plan.notesUnchanged += 1
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
        let goneChanges = gone(missing.unclaimed, folders: folders, in: database, sparing: seenNotes, now: now,
                               trashMissing: trashMissing, plan: &plan)
        if edits.isEmpty {
            plan.changes = categoryChanges + newNotes + records + goneChanges
        } else {
            // Updates meet the notes as they are, by the one set of rules every edit follows.
            let resolution = try StoreEdit.resolve(categoryChanges.map { .change($0) } + edits.map { .note($0.edit) },
                                                   in: database, now: now)
            for (pending, outcome) in zip(edits, resolution.outcomes.suffix(edits.count)) {
                var item = pending.item
                item.replaced = outcome.replaced
                if let copy = outcome.conflictCopy {
                    if item.kind == .updated { item.kind = .conflict }
                    item.copyTitle = copy.title
                    plan.conflicts += 1
                } else if item.kind == .updated {
                    plan.notesUpdated += 1
                }
                plan.items.append(item)
                if let follow = follows[pending.edit.noteID] {
                    plan.attachmentMoves.merge(follow.moves) { _, new in new }
                    // A conflict copy keeps the note's own body, whose links name the old files: they stay.
                    if outcome.conflictCopy == nil { plan.attachmentsDropped += follow.dropped }
                }
            }
            plan.changes = dated(resolution.changes, datedNotes, attachments: attachmentLists, in: database)
                + newNotes + records + goneChanges
        }
        return plan
    }

    /// `changes` with each updated note dated as its file says (`dates`) and naming the
    /// attachments its file has now (`attachments`); a note whose dates or attachments alone
    /// changed gets a `putNote` of its own.
    private static func dated(_ changes: [StoreChange], _ dates: [UUID: (created: Date, updated: Date)],
                              attachments: [UUID: [AttachmentPath]], in database: NotesDatabase) -> [StoreChange] {
        var pending = dates
        var result = changes.map { change -> StoreChange in
            guard case .putNote(var note) = change, let date = pending.removeValue(forKey: note.id) else { return change }
            (note.created, note.updated) = (date.created, date.updated)
            if let paths = attachments[note.id] { note.attachments = paths }
            return .putNote(note)
        }
        for (id, date) in pending.sorted(by: { $0.key.uuidString < $1.key.uuidString }) {
            guard var note = database.notes[id] else { continue }
            (note.created, note.updated) = (date.created, date.updated)
            if let paths = attachments[id] { note.attachments = paths }
            result.append(.putNote(note))
        }
        return result
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
