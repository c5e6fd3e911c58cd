import Foundation
import NotesModel

/// A note's attachments are files of its own folder, `attachments/<its id>/<name>`, and
/// nothing else of the store's folder: a path naming `notes.json`, the journal, the sync
/// repository's files or another note's folder would let an export (or an undo, a deletion)
/// reach a file that is no attachment. Imports refuse such a path with the note's place;
/// `notes doctor` reports one already stored; an export copies none.
public enum AttachmentOwnership {
    /// Why `path` cannot be an attachment of the note `noteID`; nil when it is one of its own.
    public static func problem(_ path: AttachmentPath, noteID: UUID) -> String? {
        guard AttachmentFiles.owner(of: path) != noteID else { return nil }
        return "'\(path.relativePath)' is not in the note's own folder \(AttachmentFiles.folderName)/\(noteID.uuidString)/: "
            + "a note's attachments can only be files there"
    }

    /// What `notes doctor` says of the stored notes that name a file outside their own folder.
    static func examine(_ notes: [(note: Note, trashed: Bool)], storeFolder: URL) -> [DoctorProblem] {
        var problems: [DoctorProblem] = []
        for (note, trashed) in notes {
            for path in note.attachments {
                guard let reason = problem(path, noteID: note.id) else { continue }
                problems.append(DoctorProblem(
                    file: storeFolder.appendingPathComponent(path.relativePath).path, place: nil,
                    message: "named as an attachment by the note \"\(note.title)\" (\(note.id.uuidString)"
                        + (trashed ? ", in the trash" : "") + "), but \(reason); no export copies it"))
            }
        }
        return problems
    }
}
