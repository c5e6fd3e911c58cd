import Foundation
import NotesModel
import NotesStore

extension Importer {
    /// What a note updated from its file does with the file's attachments.
    struct AttachmentFollow {
        /// Each attachment read (at the path under the id the reader gave the note) and the
        /// path it takes under the updated note's own folder.
        var moves: [AttachmentPath: AttachmentPath] = [:]
        /// Files of the note's folder it named before and no longer names: removed after the commit.
        var dropped: [AttachmentPath] = []
    }

    /// Makes `imported`, read again from the file of `current`, name its attachments in
    /// `current`'s folder, `attachments/<current id>/<name>` (the reader put them under the
    /// id it derives from the file's bytes, which changes with them), with its body's links
    /// to them rewritten alike.
    ///
    /// Attachment files are written once and never changed (sync sends a path once), so a
    /// file whose bytes differ from those already at its name in `storeFolder` takes the
    /// next free name (`photo-2.png`); the same bytes keep their name. Files the note owned
    /// and the file no longer names are reported as `dropped`. Without `storeFolder` (a dry
    /// run with no store) names are kept.
    static func followAttachments(of imported: inout Note, onto current: Note, files: ImportedAttachments,
                                  storeFolder: URL?) -> AttachmentFollow {
        var follow = AttachmentFollow()
        guard imported.id != current.id || !imported.attachments.isEmpty || !current.attachments.isEmpty else { return follow }
        var taken = Set<String>()
        var paths: [AttachmentPath] = []
        var body = imported.body
        for path in imported.attachments {
            guard AttachmentFiles.owner(of: path) == imported.id, let data = files.files[path],
                  let name = path.relativePath.split(separator: "/").last.map(String.init) else {
                paths.append(path)  // not a file of the note's own (a path of another shape): kept as written
                continue
            }
            guard let target = freePath(for: name, of: current.id, holding: data, taken: &taken, storeFolder: storeFolder) else {
                paths.append(path)
                continue
            }
            paths.append(target)
            follow.moves[path] = target
            if target != path {
                body = body.replacingOccurrences(of: "(" + linkTarget(path) + ")", with: "(" + linkTarget(target) + ")")
            }
        }
        if body != imported.body { imported.body = body }
        imported.attachments = paths
        let kept = Set(paths)
        follow.dropped = current.attachments.filter { AttachmentFiles.owner(of: $0) == current.id && !kept.contains($0) }
        return follow
    }

    /// `attachments/<id>/<name>`, or `<stem>-2<ext>`… when the name is taken in this note or
    /// its file in `storeFolder` holds other bytes.
    private static func freePath(for name: String, of noteID: UUID, holding data: Data, taken: inout Set<String>,
                                 storeFolder: URL?) -> AttachmentPath? {
        let dot = name.lastIndex(of: ".").flatMap { $0 == name.startIndex ? nil : $0 }
        let (stem, ext) = dot.map { (String(name[..<$0]), String(name[$0...])) } ?? (name, "")
        var candidate = name
        for counter in 2...10_000 {
            if !taken.contains(candidate.lowercased()), let path = try? AttachmentPath("attachments/\(noteID.uuidString)/\(candidate)") {
                let free = storeFolder.map { folder in
                    !AttachmentFiles.exists(path, in: folder) || (try? AttachmentFiles.read(path, in: folder)) == data
                } ?? true
                if free {
                    taken.insert(candidate.lowercased())
                    return path
                }
            }
            candidate = "\(stem)-\(counter)\(ext)"
        }
        return nil
    }

    /// A path as the readers write it in a Markdown link (`EnmlMarkdown`): spaces as `%20`.
    private static func linkTarget(_ path: AttachmentPath) -> String {
        path.relativePath.replacingOccurrences(of: " ", with: "%20")
    }
}

extension ImportedAttachments {
    /// The same files, those named in `moves` at the path each takes (an updated note's folder).
    public func following(_ moves: [AttachmentPath: AttachmentPath]) -> ImportedAttachments {
        guard !moves.isEmpty else { return self }
        var result = ImportedAttachments()
        for (path, data) in files { result.add(data, at: moves[path] ?? path) }
        return result
    }
}
