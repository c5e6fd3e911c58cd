import Foundation
import NotesModel

extension Importer {
    /// What `plan` gathers note by note: each note read is matched with the source it was
    /// imported from before (an update, a rename, unchanged, in the trash) or by its id, or
    /// added as a new note.
    struct Planning {
        var plan = Plan()
        var missing: MissingSources
        var seenNotes: Set<UUID>
        var newNotes: [StoreChange] = []
        /// The records of where each note came from (`putImportSource`, `dropImportSource`).
        var records: [StoreChange] = []
        var updates = PendingUpdates()
        private var seenSources = Set<ImportSource.Key>()
        private var sourcesByPath: SourcesByPath
        private let database: NotesDatabase
        private let folders: [String: ImportFolderListing]
        private let attachments: ImportedAttachments
        private let storeFolder: URL?
        private let listingAdded: Bool

        init(_ database: NotesDatabase, folders: [String: ImportFolderListing], origins: [Int: ImportOrigin],
             noteCount: Int, attachments: ImportedAttachments, storeFolder: URL?, listingAdded: Bool) {
            missing = MissingSources(database, folders: folders, readKeys: Set(origins.values.map(\.key)),
                                     readFiles: Set(origins.values.lazy.filter { !$0.key.entry.isEmpty }
                                         .map { ImportSource.Key(folder: $0.key.folder, path: $0.key.path) }))
            seenNotes = Set<UUID>(minimumCapacity: noteCount)
            newNotes.reserveCapacity(noteCount)
            sourcesByPath = SourcesByPath(database)
            (self.database, self.folders, self.attachments) = (database, folders, attachments)
            (self.storeFolder, self.listingAdded) = (storeFolder, listingAdded)
        }

        /// One note read (`imported`, from `origin`; `file` names it in the plan).
        mutating func add(_ note: Note, origin: ImportOrigin?, file: String) {
            var imported = note
            // The key the source is recorded under: the one it was remembered by when the same
            // file was imported with another folder (a file of a folder imported alone, or back).
            var recordedKey = origin?.key
            if let origin {
                guard seenSources.insert(origin.key).inserted else {
                    plan.notesUnchanged += 1  // the same file named twice in one import
                    return
                }
                let (found, sameFileKey, renamedFrom) = knownSource(origin)
                if let sameFileKey { recordedKey = sameFileKey }
                if let known = found {
                    if known.sourceHash == origin.sourceHash, renamedFrom == nil {
                        plan.notesUnchanged += 1
                        // A record made before records named their tool learns it (its links are then read the tool's way).
                        if known.tool != origin.tool?.rawValue, sameFileKey == nil {
                            var named = known
                            named.tool = origin.tool?.rawValue
                            records.append(.putImportSource(named))
                        }
                        return
                    }
                    if let current = database.notes[known.noteID] {
                        update(&imported, current: current, known: known, origin: origin, renamedFrom: renamedFrom, file: file)
                        record(imported, as: current.id, origin: origin, key: recordedKey)
                        return
                    }
                    if database.trash[known.noteID] != nil {
                        plan.inTrash += 1
                        return
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
                if seenNotes.insert(imported.id).inserted { record(imported, as: imported.id, origin: origin, key: recordedKey) }
                return
            }
            seenNotes.insert(imported.id)
            newNotes.append(.putNote(imported))
            record(imported, as: imported.id, origin: origin, key: recordedKey)
            plan.notesAdded += 1
            if listingAdded { plan.items.append(Item(kind: .new, file: file, title: imported.title)) }
        }

        /// A file imported before whose note `current` is live: its attachments follow the
        /// file, and the update (or rename) is gathered.
        private mutating func update(_ imported: inout Note, current: Note, known: ImportSource, origin: ImportOrigin,
                                     renamedFrom: ImportSource.Key?, file: String) {
            seenNotes.insert(current.id)
            let follow = Importer.followAttachments(of: &imported, onto: current, files: attachments, storeFolder: storeFolder)
            var item = Item(kind: .updated, file: file, title: imported.title)
            if let renamedFrom {
                item.kind = .renamed
                item.previousFile = folders[renamedFrom.folder]?.shown(renamedFrom.shown) ?? renamedFrom.shown
                plan.notesRenamed += 1
                records.append(.dropImportSource(renamedFrom))
            }
            updates.add(imported, over: current, made: known.made, modified: origin.modified, item: item,
                        follow: follow, renamed: renamedFrom != nil, plan: &plan)
        }

        /// Records where the note `noteID` came from, as `imported` was made of it.
        private mutating func record(_ imported: Note, as noteID: UUID, origin: ImportOrigin?, key: ImportSource.Key?) {
            guard let origin, let key else { return }
            records.append(.putImportSource(ImportSource(key: key, noteID: noteID, sourceHash: origin.sourceHash,
                                                         made: ImportSource.Made(imported), tool: origin.tool?.rawValue)))
        }

        /// The source a file read now was imported as before, if any: under its own key; else
        /// the same file imported with another folder (a file of a folder imported alone, or
        /// back), whose key it keeps; else a file gone from its folder with the same bytes
        /// (`renamedFrom`: the file was renamed or moved).
        private mutating func knownSource(_ origin: ImportOrigin)
            -> (known: ImportSource?, sameFileKey: ImportSource.Key?, renamedFrom: ImportSource.Key?) {
            if let known = database.importSources[origin.key] { return (known, nil, nil) }
            if let same = sourcesByPath.source(sameFileAs: origin.key), seenSources.insert(same.key).inserted {
                return (same, same.key, nil)
            }
            if let moved = missing.claim(folder: origin.key.folder, hash: origin.sourceHash) { return (moved, nil, moved.key) }
            return (nil, nil, nil)
        }
    }
}
