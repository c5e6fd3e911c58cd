import Foundation
import NotesBase
import NotesModel

extension Importer {
    /// The remembered sources whose file is gone from a folder this import walked whole
    /// (`ImportFolderListing.isGone`), or whose jrnl entry is gone from a file it read:
    /// candidates for a rename (a new file with the same bytes in the same folder), and
    /// what is left of them is reported as gone from the source.
    struct MissingSources {
        /// By folder and hash of the bytes, in the order of their keys: the next to claim first.
        private var byHash: [Pair: [ImportSource]] = [:]
        private var claimed = Set<ImportSource.Key>()
        private(set) var all: [ImportSource] = []

        private struct Pair: Hashable {
            var folder: String
            var hash: String
        }

        /// `readKeys`: the source of every note read by this import; `readFiles`: the files
        /// they came from, as `folder` and `path` (with no entry).
        init(_ database: NotesDatabase, folders: [String: ImportFolderListing], readKeys: Set<ImportSource.Key>,
             readFiles: Set<ImportSource.Key>) {
            guard !folders.isEmpty || !readFiles.isEmpty else { return }
            for source in database.importSources.values where !readKeys.contains(source.key) {
                let key = source.key
                let fileGone = folders[key.folder]?.isGone(key.path) ?? false
                let entryGone = !key.entry.isEmpty && readFiles.contains(ImportSource.Key(folder: key.folder, path: key.path))
                guard fileGone || entryGone else { continue }
                all.append(source)
            }
            all.sort { $0.key < $1.key }
            for source in all where database.notes[source.noteID] != nil {
                byHash[Pair(folder: source.key.folder, hash: source.sourceHash), default: []].append(source)
            }
        }

        /// A gone source of a live note, in `folder`, of the same bytes: the file renamed.
        mutating func claim(folder: String, hash: String) -> ImportSource? {
            let pair = Pair(folder: folder, hash: hash)
            guard var list = byHash[pair], !list.isEmpty else { return nil }
            let source = list.removeFirst()
            byHash[pair] = list
            claimed.insert(source.key)
            return source
        }

        /// The gone sources no rename claimed.
        var unclaimed: [ImportSource] { all.filter { !claimed.contains($0.key) } }
    }

    /// The remembered sources by the absolute path of their file (and their entry), so that
    /// a file is found whichever folder it was imported with: `notes import vault` remembers
    /// `Projects/plan.md` in `vault`, `notes import vault/Projects/plan.md` names `plan.md` in
    /// `vault/Projects`, and either import finds the other's source. Built on first use, once
    /// an import.
    struct SourcesByPath {
        private let database: NotesDatabase
        private var byPath: [ImportSource.Key: ImportSource]?

        init(_ database: NotesDatabase) {
            self.database = database
        }

        /// The source of the same file and entry as `key`, remembered under another folder.
        mutating func source(sameFileAs key: ImportSource.Key) -> ImportSource? {
            if byPath == nil {
                // One pass; of two sources of one file (made before this), the first key in order.
                var index: [ImportSource.Key: ImportSource] = [:]
                index.reserveCapacity(database.importSources.count)
                for source in database.importSources.values {
                    let path = Self.absolute(source.key)
                    if let kept = index[path], kept.key < source.key { continue }
                    index[path] = source
                }
                byPath = index
            }
            guard let found = byPath?[Self.absolute(key)], found.key != key else { return nil }
            return found
        }

        /// `key` as one path from the root: folder `/a`, path `b/c.md` → path `/a/b/c.md`.
        private static func absolute(_ key: ImportSource.Key) -> ImportSource.Key {
            let folder = key.folder.hasSuffix("/") ? String(key.folder.dropLast()) : key.folder
            return ImportSource.Key(folder: "", path: folder + "/" + key.path, entry: key.entry)
        }
    }

    /// Whether `note` was changed in notes since it was imported as `made`.
    static func changedInNotes(_ note: Note, since made: ImportSource.Made) -> Bool {
        note.title != made.title || note.tags != made.tags || note.categoryID != made.categoryID || note.kind != made.kind
            || note.pinned != made.pinned || note.aliases != made.aliases
            || ImportSource.Made.bodyHash(of: note) != made.bodyHash
    }

    /// The dates an update gives `current` from the file it was read from (`imported`):
    /// dates are fields the file holds.
    /// - created: the file's (its header, the date in its name), except a date equal to the
    ///   file's modification time, which is only the fallback of a file that states none
    ///   (it moves with every save): `current`'s stays.
    /// - updated: the header's `updated`/`modified` when it states one later than created,
    ///   else the file's modification time; never earlier than `current`'s when the note
    ///   was changed in notes since it was imported (that change is later than the file's).
    static func fileDates(of imported: Note, modified: Date?, current: Note, made: ImportSource.Made)
        -> (created: Date, updated: Date) {
        let fileTime = modified.map(ISODate.rounded)
        let created = fileTime != nil && imported.created == fileTime ? current.created : imported.created
        var updated = imported.updated
        if imported.updated == imported.created, let fileTime { updated = max(imported.created, fileTime) }
        if changedInNotes(current, since: made) { updated = max(updated, current.updated) }
        return (created, updated)
    }
}
