import Foundation
import NotesBase
import NotesStore

/// Attachments in a notes Markdown export: `attachments/<id>/<name>` beside the `.md` files.
extension ImportReader {
    /// Whether the open folder `folder` holds only folders named by note ids, as an export's
    /// `attachments/` does: its files are the notes' attachments, not notes to import.
    static func isAttachmentFolder(_ folder: Int32) -> Bool {
        let listed = try? ImportFile.names(in: folder)
        // The listing shares the descriptor's position: back to the start for the walk that may follow.
        lseek(folder, 0, SEEK_SET)
        guard let names = listed, !names.isEmpty else { return false }
        return names.allSatisfy { name in
            var info = stat()
            return UUID(uuidString: name) != nil && fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0
                && info.st_mode & S_IFMT == S_IFDIR
        }
    }

    /// Reads the attachments the batch's notes name as `attachments/<their id>/<name>` from
    /// beside the file each note was read from (without following a link), so they are saved
    /// in the store with the notes. One missing is a warning: the note keeps its link.
    func readNamedAttachments(into batch: inout ImportBatch) {
        for (index, note) in batch.bundle.notes.enumerated() where !note.attachments.isEmpty && index < batch.sources.count {
            let shown = batch.sources[index]
            let folder = URL(fileURLWithPath: shown).deletingLastPathComponent()
            for path in note.attachments where AttachmentFiles.owner(of: path) == note.id && batch.attachments.files[path] == nil {
                do {
                    batch.attachments.add(try AttachmentFiles.read(path, in: folder), at: path)
                } catch {
                    batch.warnings.append(.init(file: shown, reason: "the attachment \(path.relativePath) could not be read "
                                                + "(\(error.reason)); the note names it, the store will not have it"))
                }
            }
        }
    }
}
