import Foundation
import NotesLinks
import NotesBase
import NotesColor
import NotesModel

/// Markdown export: one `.md` file a note that Obsidian, zk and nb read as a note, a YAML
/// front matter header, then the body exactly as stored and one final line break (which
/// the import drops again). The header holds, in order: `notes-format`
/// (`"notes-markdown/1"`: the file is in this exact form, read back by
/// `ExactMarkdownReader`), `title`, `date` (created), `updated`, `tags` (names valid as
/// tags in those tools, see `ExportTagName`), `notes-tags` (the exact names, only when one
/// differs), `category`, `category-id`, `category-color`, `category-archive` (only for a
/// color read from another program's archive: its bytes, base64), `kind`, `id`, `deleted` (a note
/// in the trash), `attachments` (when there are some), `notes-links` (the export's link edits,
/// see `ExportLinks`). Each value is a JSON string or list
/// of strings (YAML that is also JSON), or a bare date, id or kind.
/// Sync's `notes/<id>.md` files are these documents too.
///
/// A category color is written as `"#RRGGBB"` / `"#RRGGBBAA"` when that is exact,
/// else as CSS `"color(display-p3 r g b / a)"` with the exact components.
public enum MarkdownExchange {
    /// The text of `note`'s file. `withArchive`: a color read from another program's
    /// archive carries it (`category-archive`); sync's files leave it to `categories.json`.
    /// `links`: the body as the export writes it and the link edits it made (`ExportLinks`,
    /// recorded as `notes-links`); without, the body as stored.
    public static func document(for note: Note, category: Category?, withArchive: Bool = true) -> String {
        document(for: note, category: category, withArchive: withArchive, links: nil)
    }

    static func document(for note: Note, category: Category?, withArchive: Bool = true,
                         links: (body: String, edits: [ExportLinks.Edit])?) -> String {
        let quote = NoteDocument.quoted
        var lines = ["---"]
        lines.append(ExactMarkdownReader.formatKey + ": " + quote(ExactMarkdownReader.formatValue))
        lines.append("title: " + quote(note.title))
        lines.append("date: " + ISODate.format(note.created))
        lines.append("updated: " + ISODate.format(note.updated))
        let tags = note.sortedTags
        let exportedTags = tags.map(ExportTagName.make)
        lines.append("tags: [" + exportedTags.map(quote).joined(separator: ", ") + "]")
        if exportedTags != tags {
            lines.append("notes-tags: [" + tags.map(quote).joined(separator: ", ") + "]")
        }
        if let category {
            lines.append("category: " + quote(category.name))
            lines.append("category-id: " + category.id.uuidString)
            lines.append("category-color: " + quote(MarkdownColor.text(category.color)))
            if withArchive, let archive = category.color.sourceArchive,
               archive != ColorArchive.canonicalArchive(of: category.color) {
                // A foreign or older archive of this color: kept byte for byte through the export.
                lines.append("category-archive: " + quote(archive.base64EncodedString()))
            }
        }
        lines.append("kind: " + note.kind.name)
        lines.append("id: " + note.id.uuidString)
        if let deleted = note.deleted { lines.append("deleted: " + ISODate.format(deleted)) }
        if note.pinned { lines.append("pinned: true") }
        if !note.aliases.isEmpty { lines.append("aliases: [" + note.aliases.map(quote).joined(separator: ", ") + "]") }
        if !note.attachments.isEmpty {
            lines.append("attachments: [" + note.attachments.map { quote($0.relativePath) }.joined(separator: ", ") + "]")
        }
        if let links, !links.edits.isEmpty {
            lines.append("notes-links: [" + ExportLinks.headerValues(links.edits).map(quote).joined(separator: ", ") + "]")
        }
        lines.append("---")
        return lines.joined(separator: "\n") + "\n" + (links?.body ?? note.body) + "\n"
    }

    /// The longest file name, in bytes, that file systems take.
    static let maximumFileNameBytes = 255

    /// A file name for `title` not yet in `taken` (compared case-insensitively), which it joins:
    /// the title with what file systems or Obsidian's links refuse (`/ \ : * ? " < > | # ^ [ ]`,
    /// control characters, leading dots) as `-`, blanks as one space, cut on a character
    /// boundary so that the whole name, `-2` and `.md` included, is at most 255 bytes.
    public static func fileName(for title: String, taken: inout Set<String>) -> String {
        var stem = ""
        for character in title {
            if character.isWhitespace || character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                if !stem.isEmpty, stem.last != " " { stem.append(" ") }
            } else if "/\\:*?\"<>|#^[]".contains(character) {
                if stem.last != "-" { stem.append("-") }
            } else {
                stem.append(character)
            }
        }
        while let first = stem.first, first == "." || first == " " || first == "-" { stem.removeFirst() }
        var name = ""
        var counter = 1
        repeat {
            let suffix = (counter == 1 ? "" : "-\(counter)") + ".md"
            var cut = stem
            while cut.utf8.count + suffix.utf8.count > maximumFileNameBytes { cut.removeLast() }
            while let last = cut.last, last == " " || last == "." { cut.removeLast() }
            if cut.isEmpty { cut = "note" }
            name = cut + suffix
            counter += 1
        } while taken.contains(name.lowercased())
        taken.insert(name.lowercased())
        return name
    }

    /// Writes every note of `database` into `folder` (created 0700 if missing; it must be empty),
    /// files 0600, each newly created (never through a link, never over a file). On error
    /// everything written is removed, and the folder too if this export created it, so a
    /// retry starts from the same place. Returns how many notes were written.
    /// With `includeTrash`, the notes in the trash too, with a `deleted` date in their header.
    /// With `attachments`, each note's attachments are copied first, at their paths in the
    /// store's folder (`AttachmentExport`). `cancelled` is asked before each note: when it
    /// says so, what was written is removed as on an error and `ExchangeError.cancelled` thrown.
    @discardableResult
    public static func export(_ database: NotesDatabase, to folder: URL, includeTrash: Bool = false,
                              attachments: AttachmentExport? = nil,
                              progress: ((_ done: Int, _ total: Int) -> Void)? = nil,
                              cancelled: (() -> Bool)? = nil) throws(ExchangeError) -> Int {
        let bundle = ExchangeBundle(database, includeTrash: includeTrash)
        try bundle.checkBodies()  // before the folder is made: nothing is left behind
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        var createdFolder = false
        if manager.fileExists(atPath: folder.path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw .io(path: folder.path, operation: "export into it", reason: "it is a file") }
            let entries: [String]
            do { entries = try manager.contentsOfDirectory(atPath: folder.path) } catch {
                throw .io(path: folder.path, operation: "list the folder", reason: error.localizedDescription)
            }
            guard entries.isEmpty else { throw .outputFolderNotEmpty(folder.path) }
        } else {
            do {
                try manager.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch { throw .io(path: folder.path, operation: "create the folder", reason: error.localizedDescription) }
            createdFolder = true
        }
        var taken = Set<String>()
        let names = bundle.notes.map { fileName(for: $0.title, taken: &taken) }
        var stems: [UUID: String] = [:]
        for (note, name) in zip(bundle.notes, names) { stems[note.id] = String(name.dropLast(3)) }
        let links = ExportLinks(notes: bundle.notes, stems: stems, withAttachments: attachments != nil,
                                labelFirst: WikiLinkOrder.labelFirstNotes(of: database.importSources))
        var written: [URL] = []
        for (note, name) in zip(bundle.notes, names) {
            let url = folder.appendingPathComponent(name)
            let text = document(for: note, category: note.categoryID.flatMap { database.categories[$0] },
                                links: links.exported(note))
            do throws(ExchangeError) {
                if cancelled?() == true { throw .cancelled }
                try attachments?.copy(note, into: folder)
                try PrivateFile.create(Data(text.utf8), at: url)
            } catch {
                for done in written { unlink(done.path) }
                attachments?.removeCopied()
                if createdFolder { rmdir(folder.path) }
                throw error
            }
            written.append(url)
            progress?(written.count, bundle.notes.count)
        }
        return written.count
    }
}
