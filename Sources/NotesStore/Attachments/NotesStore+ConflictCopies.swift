import Foundation
import NotesModel

/// A conflict copy (sync's, or a body edit's that met another change) is a new note made
/// from another version of a note, so it names the files in that note's folder. It gets
/// copies of its own instead: deleting the original for good would otherwise take them.
extension NotesStore {
    /// `changes` with each conflict copy they add (a new note tagged `conflict`) naming files
    /// in its own folder instead of another note's: each such file is copied into
    /// `attachments/<copy id>/` first (before the journal line, like every attachment), and
    /// the paths in its `attachments` list and the links in its body follow. A file that
    /// cannot be read or written is left named where it was (a warning).
    func givingConflictCopiesTheirOwnFiles(_ changes: [StoreChange]) -> [StoreChange] {
        guard changes.contains(where: { change in
            guard case .putNote(let note) = change else { return false }
            return note.tags.contains(ConflictCopyNaming.tag) && note.attachments.contains { AttachmentFiles.owner(of: $0) != note.id }
        }) else { return changes }
        let storeFolder = url.deletingLastPathComponent()
        return changes.map { change in
            guard case .putNote(var note) = change, note.tags.contains(ConflictCopyNaming.tag), contents.anyNote(note.id) == nil
            else { return change }
            let named = Set(note.attachments)
            for (index, path) in note.attachments.enumerated() {
                guard let owner = AttachmentFiles.owner(of: path), owner != note.id,
                      let name = path.relativePath.split(separator: "/").last.map(String.init),
                      let own = try? AttachmentPath("\(AttachmentFiles.folderName)/\(note.id.uuidString)/\(name)"),
                      !named.contains(own) else { continue }
                do {
                    try AttachmentFiles.write(try AttachmentFiles.read(path, in: storeFolder), to: own, in: storeFolder)
                } catch {
                    warn("the conflict copy \"\(note.title)\" keeps naming \(path.relativePath): it could not get its own copy (\(error))")
                    continue
                }
                note.attachments[index] = own
                for (from, to) in [(path.relativePath, own.relativePath),
                                   (path.relativePath.replacingOccurrences(of: " ", with: "%20"),
                                    own.relativePath.replacingOccurrences(of: " ", with: "%20"))] {
                    note.body = note.body.replacingOccurrences(of: from, with: to)
                }
            }
            return .putNote(note)
        }
    }
}
