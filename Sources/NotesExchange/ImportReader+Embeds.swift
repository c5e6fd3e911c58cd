import Foundation
import NotesBase
import NotesLinks
import NotesModel
import NotesStore

/// Files that the notes of an imported folder embed or link to (`![[photo.png]]`,
/// `![alt](assets/x.png)`, `[report](files/report.pdf)`), brought in as the notes'
/// attachments, named as `AttachmentLinks` says so that the body keeps its bytes and its
/// links still lead to them.
extension ImportReader {
    /// For each note read from a file of an imported folder, the files its body links to that
    /// are in that folder (found as the walk listed it: never through a link, never outside
    /// it) are read and attached. A link to a file that is not there is a warning; the note
    /// keeps its link. Files that are notes themselves, and names the note already has as
    /// attachments (a TextBundle's assets, notes' own export), are left alone.
    func readEmbeddedFiles(into batch: inout ImportBatch) {
        var finders: [String: EmbeddedFileFinder] = [:]
        for index in batch.bundle.notes.indices where index < batch.sources.count {
            guard let origin = batch.origins[index], let listing = batch.folders[origin.key.folder] else { continue }
            let body = batch.bundle.notes[index].body
            // A Dendron note's `[[see|photo.png]]` names the file after the bar.
            let order = WikiLinkOrder(tool: origin.tool?.rawValue)
            let files = AttachmentLinks.fileLinks(in: body, order: order)
            guard !files.paths.isEmpty else { continue }
            let finder = finders[origin.key.folder] ?? EmbeddedFileFinder(listing: listing)
            finders[origin.key.folder] = finder
            attachFiles(files, to: index, from: origin.key, finder: finder, into: &batch)
        }
    }

    /// Attaches the files of `files` (the body's, `AttachmentLinks.fileLinks`) to the note at `index`.
    private func attachFiles(_ files: (paths: [String], explicit: Set<String>), to index: Int, from key: ImportSource.Key,
                             finder: EmbeddedFileFinder, into batch: inout ImportBatch) {
        let note = batch.bundle.notes[index]
        let paths = files.paths
        let held = Set(note.attachments.map { AttachmentLinks.fileName($0.relativePath).lowercased() })
        var taken = held
        for (path, name) in zip(paths, AttachmentLinks.names(for: paths)) {
            // A note (by its file or, as Dendron embeds them, its name), a URL, or a file held already
            // (found as `AttachmentLinks.attachment` finds it: by this name, else by the file name).
            guard ImportFormat.guess(fileName: path) == nil, !path.contains("://"),
                  finder.find(path + ".md", from: key.path) == nil,
                  !held.contains(name.lowercased()), !held.contains(AttachmentLinks.fileName(path).lowercased())
            else { continue }
            guard let found = finder.find(path, from: key.path) else {
                // Embeds and links to files; a wiki link to `v1.2` may be a missing note: no warning.
                if files.explicit.contains(path), AttachmentLinks.looksLikeFileName(path) {
                    batch.warnings.append(.init(file: batch.sources[index], reason: "links to the file '\(path)', "
                                                + "which is not in the imported folder: the link is kept, no attachment"))
                }
                continue
            }
            do {
                let file = try ImportFile.open(.init(folder: AT_FDCWD, name: key.folder + "/" + found, followLink: false))
                let data = try file.contents(limit: maximumFileSize)
                guard let attachment = ImportedAttachments.path(noteID: note.id, fileName: name, taken: &taken) else { continue }
                batch.attachments.add(data, at: attachment)
                batch.bundle.notes[index].attachments.append(attachment)
            } catch {
                batch.warnings.append(.init(file: batch.sources[index], reason: "the linked file '\(found)' could not be read "
                                            + "(\(error.reason)): the link is kept, no attachment"))
            }
        }
    }
}

/// Finds the file a link names among the files an imported folder's walk listed: a path
/// relative to the linking note's folder, else from the folder's root, else (as Obsidian
/// finds `![[photo.png]]`) any file of that name, the fewest folders deep first, then the
/// shortest path. Names compare
/// case-insensitively, as those tools do.
struct EmbeddedFileFinder {
    private var byPath: [String: String] = [:]
    private var byName: [String: String] = [:]

    init(listing: ImportFolderListing) {
        let depth = { (path: String) in path.utf8.count { $0 == UInt8(ascii: "/") } }
        let ordered = listing.names.sorted { (depth($0), $0.count, $0) < (depth($1), $1.count, $1) }
        for path in ordered where !listing.listedFolders.contains(path) {
            byPath[path.lowercased()] = path
            let name = AttachmentLinks.fileName(path).lowercased()
            if byName[name] == nil { byName[name] = path }
        }
    }

    /// The listed path `link` leads to from the note at `notePath`, if any.
    func find(_ link: String, from notePath: String) -> String? {
        let folder = notePath.split(separator: "/").dropLast().map(String.init)
        if let joined = Self.normalized(folder + link.split(separator: "/").map(String.init)),
           let found = byPath[joined.lowercased()] { return found }
        if let rooted = Self.normalized(link.split(separator: "/").map(String.init)), let found = byPath[rooted.lowercased()] {
            return found
        }
        return byName[AttachmentLinks.fileName(link).lowercased()]
    }

    /// The components joined with `.` and `..` resolved; nil when `..` leaves the folder.
    private static func normalized(_ parts: [String]) -> String? {
        var kept: [String] = []
        for part in parts where part != "." && !part.isEmpty {
            if part == ".." {
                guard !kept.isEmpty else { return nil }
                kept.removeLast()
            } else {
                kept.append(part)
            }
        }
        return kept.isEmpty ? nil : kept.joined(separator: "/")
    }
}
