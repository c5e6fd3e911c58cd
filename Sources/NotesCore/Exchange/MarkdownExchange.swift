import Foundation

/// Markdown export and import: one `.md` file a note, a front matter header
/// (title, id, category, category-id, category-color, tags, kind, created,
/// updated, attachments), then the body exactly as stored.
///
/// A category color is written as `"#RRGGBB"` / `"#RRGGBBAA"` when that is exact,
/// else as CSS `"color(display-p3 r g b / a)"` with the exact components.
public enum MarkdownExchange {
    static let bareKeys: Set<String> = ["id", "category-id", "kind", "created", "updated", "deleted"]

    /// The text of `note`'s file.
    public static func document(for note: Note, category: Category?) -> String {
        var matter = FrontMatter()
        matter.fields.append(("title", .text(note.title)))
        matter.fields.append(("id", .text(note.id.uuidString)))
        if let category {
            matter.fields.append(("category", .text(category.name)))
            matter.fields.append(("category-id", .text(category.id.uuidString)))
            matter.fields.append(("category-color", .text(MarkdownColor.text(category.color))))
        }
        matter.fields.append(("tags", .list(note.tags.sorted())))
        matter.fields.append(("kind", .text(note.kind.name)))
        matter.fields.append(("created", .text(ISODate.format(note.created))))
        matter.fields.append(("updated", .text(ISODate.format(note.updated))))
        if let deleted = note.deleted { matter.fields.append(("deleted", .text(ISODate.format(deleted)))) }
        if !note.attachments.isEmpty {
            matter.fields.append(("attachments", .list(note.attachments.map(\.relativePath))))
        }
        return matter.rendered(bareKeys: bareKeys) + note.body
    }

    /// A file name for `title` not yet in `taken` (compared case-insensitively), which it joins:
    /// lowercase letters and digits, other runs of characters as `-`, at most 60 characters, `.md`.
    public static func fileName(for title: String, taken: inout Set<String>) -> String {
        var slug = ""
        for character in title.lowercased() {
            if character.isLetter || character.isNumber {
                slug.append(character)
            } else if !slug.isEmpty, slug.last != "-" {
                slug.append("-")
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        if slug.count > 60 { slug = String(slug.prefix(60)) }
        while slug.hasSuffix("-") { slug.removeLast() }
        if slug.isEmpty { slug = "note" }
        var name = slug + ".md"
        var counter = 2
        while taken.contains(name.lowercased()) {
            name = "\(slug)-\(counter).md"
            counter += 1
        }
        taken.insert(name.lowercased())
        return name
    }

    /// Writes every note of `database` into `folder` (created 0700 if missing; it must be empty),
    /// files 0600, each newly created (never through a link, never over a file). On error
    /// everything written is removed, and the folder too if this export created it, so a
    /// retry starts from the same place. Returns how many notes were written.
    /// With `includeTrash`, the notes in the trash too, with a `deleted` date in their header.
    @discardableResult
    public static func export(_ database: NotesDatabase, to folder: URL, includeTrash: Bool = false) throws(ExchangeError) -> Int {
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
        let bundle = ExchangeBundle(database, includeTrash: includeTrash)
        var taken = Set<String>()
        var written: [URL] = []
        for note in bundle.notes {
            let url = folder.appendingPathComponent(fileName(for: note.title, taken: &taken))
            let text = document(for: note, category: note.categoryID.flatMap { database.categories[$0] })
            do {
                try PrivateFile.create(Data(text.utf8), at: url)
            } catch {
                for done in written { unlink(done.path) }
                if createdFolder { rmdir(folder.path) }
                throw error
            }
            written.append(url)
        }
        return written.count
    }

    /// Reads every `.md` file directly in `folder` (sorted by name) into a bundle.
    public static func read(folder: URL) throws(ExchangeError) -> ExchangeBundle {
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: folder.path) } catch {
            throw .io(path: folder.path, operation: "list the folder", reason: error.localizedDescription)
        }
        var bundle = ExchangeBundle()
        for name in names.sorted() where name.lowercased().hasSuffix(".md") && !name.hasPrefix(".") {
            let url = folder.appendingPathComponent(name)
            try PrivateFile.requireRegularFile(url)
            let data: Data
            do { data = try Data(contentsOf: url) } catch {
                throw .io(path: url.path, operation: "read", reason: error.localizedDescription)
            }
            guard let text = String(data: data, encoding: .utf8) else {
                throw .invalidDocument(file: url.path, place: "file", reason: "not UTF-8 text")
            }
            let modified = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
            try MarkdownNoteReader(file: url.path, fileTitle: String(name.dropLast(3)), modified: modified)
                .read(text, into: &bundle)
        }
        return bundle
    }
}
