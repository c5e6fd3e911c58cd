import Foundation
import NotesBase
import NotesJSON
import NotesColor
import NotesModel
import NotesExchange

/// The files of the sync repository, readable on any git host:
/// - `notes/<XY>/<ID>.md`: a live note, in notes' exact Markdown format (written by
///   `MarkdownExchange.document`, read back exactly by `ExactMarkdownReader`), in the
///   folder named by the first two hex digits of its id (`bucket(of:)`);
/// - `trash/<XY>/<ID>.md`: a note in the trash, the same with its `deleted` date;
/// - `categories.json`: every category with its color (hex and secure archive) and
///   when it last changed; deleted ones with their `deleted` date. Its `format` is the
///   repository's layout: 2 since notes are spread over 256 folders.
/// Names come from ids, so renaming a note changes one file and moves none; a change to
/// one note rewrites one folder of ~1/256 of the notes, not a tree of all of them.
/// Layout 1 (`notes/<ID>.md`, `trash/<ID>.md`, format 1) is still read: a repository
/// written by an earlier version moves to layout 2 in the first sync that commits.
public enum SyncFiles {
    public static let notesFolder = "notes"
    public static let trashFolder = "trash"
    public static let categoriesFile = "categories.json"
    /// The layout written (`categories.json`'s `format`) when no note has an attachment;
    /// every layout up to `formatVersionWithAttachments` is read. An earlier version of
    /// notes refuses a newer one ("update notes") and changes nothing.
    static let formatVersion = 2
    /// The layout written when the tree holds `attachments/`: an earlier version, which
    /// would keep its own `attachments/` folder over the remote's in a merge, refuses it.
    static let formatVersionWithAttachments = 3

    /// The repository path of `note`'s file.
    public static func path(for note: Note) -> String {
        path(forNote: note.id, inTrash: note.deleted != nil)
    }

    /// The repository path of the file of note `id`, live or in the trash.
    public static func path(forNote id: UUID, inTrash: Bool) -> String {
        let name = id.uuidString
        return "\(inTrash ? trashFolder : notesFolder)/\(name.prefix(2))/\(name).md"
    }

    /// The folder of `notes/` or `trash/` a note's file is in: the first two hex digits
    /// of its id (upper case, as in the file name), so 256 folders.
    static func bucket(of id: UUID) -> String { String(id.uuidString.prefix(2)) }

    /// What a synced file stands for, whatever the layout: a note file's folder and id as
    /// layout 1 names it (`notes/<ID>.md`, `trash/<ID>.md`), `categories.json` itself;
    /// nil for any other path.
    static func fileKey(_ path: String) -> String? {
        guard let id = noteID(inPath: path) else { return path == categoriesFile ? path : nil }
        return (path.hasPrefix(trashFolder + "/") ? trashFolder : notesFolder) + "/" + id.uuidString + ".md"
    }

    /// Every file of `snapshot`, by repository path.
    public static func files(for snapshot: SyncSnapshot) -> [String: Data] {
        var files: [String: Data] = [:]
        files.reserveCapacity(snapshot.notes.count + 1)
        for note in snapshot.notes.values {
            let category = note.categoryID.flatMap { snapshot.categories[$0]?.category }
            files[path(for: note)] = document(for: note, category: category)
        }
        files[categoriesFile] = categoriesData(snapshot.categories)
        return files
    }

    /// The bytes of `note`'s file: the exact Markdown format, without the category's
    /// archive (that is in `categories.json`, not in every note's file).
    static func document(for note: Note, category: Category?) -> Data {
        Data(MarkdownExchange.document(for: note, category: category, withArchive: false).utf8)
    }

    /// Whether a repository path is one of the files sync reads.
    public static func isSyncedPath(_ path: String) -> Bool {
        path == categoriesFile || noteID(inPath: path) != nil
    }

    /// The id a note file is named after, if `path` is one: `notes/<XY>/<ID>.md` where
    /// `XY` is the id's folder (layout 2), or `notes/<ID>.md` (layout 1); the same in `trash/`.
    static func noteID(inPath path: String) -> UUID? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, parts[0] == notesFolder || parts[0] == trashFolder,
              let name = parts.last, name.hasSuffix(".md"), let id = UUID(uuidString: String(name.dropLast(3))),
              String(name.dropLast(3)) == id.uuidString
        else { return nil }
        if parts.count == 3, parts[1] != bucket(of: id) { return nil }
        return id
    }

    /// The snapshot the files describe. `readNote` is given each note file; callers cache it.
    public static func snapshot(from files: [String: Data]) throws(SyncError) -> SyncSnapshot {
        var snapshot = SyncSnapshot()
        if let data = files[categoriesFile] { snapshot.categories = try readCategories(data) }
        for (path, data) in files where path != categoriesFile {
            guard noteID(inPath: path) != nil else { continue }
            let note = try readNote(path: path, data: data, categories: snapshot.categories)
            snapshot.notes[note.id] = note
        }
        return snapshot
    }

    /// A note file read back exactly (`ExactMarkdownReader`): every field from its header,
    /// the body byte for byte. Its id must be its file's name, and its folder must say what
    /// its header says (`trash/` for a note with a `deleted` date, `notes/` for one without).
    /// Its category is the one of its `category-id`; when `categories.json` has no such id
    /// (a file edited by hand), the live category of the same name, else none.
    static func readNote(path: String, data: Data, categories: [UUID: SyncCategory]) throws(SyncError) -> Note {
        guard let fileID = noteID(inPath: path) else { throw .unreadableFile(path: path, reason: "not a note file") }
        let document: ExactMarkdownReader.Document
        do {
            // Files written before the format key existed have the same layout.
            document = try ExactMarkdownReader(file: path).read(data, requireFormatKey: false)
        } catch {
            let reason = error.description
            throw .unreadableFile(path: path, reason: reason.hasPrefix(path + ": ") ? String(reason.dropFirst(path.count + 2)) : reason)
        }
        var note = document.note
        if note.id != fileID { throw .unreadableFile(path: path, reason: "its id \(note.id.uuidString) is not its file name") }
        let inTrash = path.hasPrefix(trashFolder + "/")
        if inTrash != (note.deleted != nil) {
            throw .unreadableFile(path: path, reason: inTrash ? "it is in the trash folder but has no 'deleted' date"
                                                              : "it has a 'deleted' date but is not in the trash folder")
        }
        if let categoryID = note.categoryID, categories[categoryID] == nil {
            let name = document.category.map { Category.nameKey($0.name) }
            note.categoryID = categories.values.first {
                $0.category.deleted == nil && Category.nameKey($0.category.name) == name
            }?.category.id
        }
        return note
    }

    /// `categories.json`: categories sorted by name then id, stable keys.
    static func categoriesData(_ categories: [UUID: SyncCategory], format: Int = formatVersion) -> Data {
        let sorted = categories.values.sorted {
            let left = Category.nameKey($0.category.name), right = Category.nameKey($1.category.name)
            return left != right ? left < right : $0.category.id.uuidString < $1.category.id.uuidString
        }
        let entries: [JSONValue] = sorted.map { entry in
            let category = entry.category
            var members: [(String, JSONValue)] = [
                ("id", .string(category.id.uuidString)),
                ("name", .string(category.name)),
                ("color", .string(MarkdownColor.text(category.color))),
            ]
            if let archive = entry.archive ?? (try? ColorArchive.archive(category.color)) {
                members.append(("archive", .string(archive.base64EncodedString())))
            }
            members.append(("changed", .string(ISODate.format(entry.changed))))
            if let deleted = category.deleted { members.append(("deleted", .string(ISODate.format(deleted)))) }
            return .object(members)
        }
        let document = JSONValue.object([("format", .integer(format)), ("categories", .array(entries))])
        return Data((document.serialized(pretty: true) + "\n").utf8)
    }

    /// Reads `categories.json`. The color comes from the archive when it is a valid one,
    /// else from the `color` text, else it is white. An archive that cannot be read never
    /// stops a sync: its bytes are kept (`SyncCategory.archive`, written back while the
    /// color stays the same) and the reason is in `SyncCategory.archiveProblem`.
    static func readCategories(_ data: Data) throws(SyncError) -> [UUID: SyncCategory] {
        func fail(_ reason: String) -> SyncError { .unreadableFile(path: categoriesFile, reason: reason) }
        let document: JSONValue
        do { document = try JSONValue.parse(data) } catch { throw fail(error.description) }
        if let format = document["format"]?.intValue, format > formatVersionWithAttachments {
            throw fail("format \(format) is newer than this program reads (\(formatVersionWithAttachments)): update notes")
        }
        guard let entries = document["categories"]?.arrayValue else { throw fail("no 'categories' list") }
        guard entries.count <= Category.maximumCount else {
            throw fail("it holds \(entries.count) categories, more than the \(Category.maximumCount) a store keeps")
        }
        var categories: [UUID: SyncCategory] = [:]
        for (index, entry) in entries.enumerated() {
            guard let id = entry["id"]?.stringValue.flatMap(UUID.init(uuidString:)),
                  let name = entry["name"]?.stringValue,
                  let changed = entry["changed"]?.stringValue.flatMap(ISODate.parse)
            else { throw fail("category \(index + 1) needs an 'id', a 'name' and a 'changed' date") }
            guard !Category.nameKey(name).isEmpty else { throw fail("category \(index + 1) has an empty name") }
            let color = readColor(of: entry, name: name)
            let deleted = entry["deleted"]?.stringValue.flatMap(ISODate.parse)
            var category = SyncCategory(Category(id: id, name: name, color: color.color, deleted: deleted), changed: changed)
            category.archive = color.archive
            category.archiveProblem = color.problem
            categories[id] = category
        }
        return categories
    }

    /// A category's color in `categories.json`: from its archive (which keeps its bytes)
    /// when that can be read, else from its hex text, else white. An archive that cannot
    /// be read is kept as it is, with the reason.
    private static func readColor(of entry: JSONValue, name: String)
        -> (color: SerializableColor, archive: Data?, problem: String?) {
        let hex = entry["color"]?.stringValue.flatMap { try? MarkdownColor.parse($0) }
        let fallback = hex.map { "its color \($0.hex) is used" } ?? "it has no readable hex color, so it is white"
        guard let text = entry["archive"]?.stringValue else {
            guard let hex else {
                return (.white, nil, "category '\(name)' in \(categoriesFile) has neither a readable color nor an archive; it is white")
            }
            return (hex, nil, nil)
        }
        guard let archive = Data(base64Encoded: text) else {
            return (hex ?? .white, nil, "category '\(name)': its color archive in \(categoriesFile) is not base64; \(fallback)")
        }
        do {
            return (try ColorArchive.unarchive(archive), archive, nil)
        } catch {
            return (hex ?? .white, archive,
                    "category '\(name)': its color archive in \(categoriesFile) could not be read (\(error)); \(fallback), the archive is kept as it is")
        }
    }
}
