import Foundation
import NotesModel

/// What `notes doctor` checks of the attachments: every file a note (live or in the trash)
/// names is a regular file under the store's folder, every folder in `attachments/`
/// belongs to a note and holds only what it names, and what the holding place
/// (`HeldAttachments`) keeps for undo.
public enum AttachmentCheck {
    /// A missing file is a problem (its note's link points at nothing); a folder no note owns
    /// (left by a kill between the attachments and their journal line, or before a deletion
    /// finished removing them) is a notice: it is harmless, and only the user can say it may go.
    public static func examine(_ database: NotesDatabase, storeFolder: URL) -> (problems: [DoctorProblem], notices: [String]) {
        var problems: [DoctorProblem] = []
        let notes = database.notes.values.lazy.filter { !$0.attachments.isEmpty }.map { ($0, false) }
            + database.trash.values.lazy.filter { !$0.attachments.isEmpty }.map { ($0, true) }
        for (note, trashed) in notes.sorted(by: { $0.0.id.uuidString < $1.0.id.uuidString }) {
            for path in note.attachments where !AttachmentFiles.exists(path, in: storeFolder) {
                problems.append(DoctorProblem(file: storeFolder.appendingPathComponent(path.relativePath).path, place: nil,
                                              message: "missing: an attachment of the note \"\(note.title)\" (\(note.id.uuidString)"
                                                  + (trashed ? ", in the trash" : "") + ")"))
            }
        }
        var notices: [String] = []
        let attachments = storeFolder.appendingPathComponent(AttachmentFiles.folderName)
        for name in AttachmentFiles.noteFolderNames(in: storeFolder) {
            guard let id = UUID(uuidString: name), let note = database.anyNote(id) else {
                notices.append("\(attachments.appendingPathComponent(name).path) belongs to no note (a deletion or an import "
                               + "was cut short); remove it if you do not need what it holds")
                continue
            }
            notices += strayEntries(of: note, in: storeFolder).map { path in
                "\(path) is in the folder of the note \"\(note.title)\" (\(note.id.uuidString)), which does not name it: "
                    + "no export or sync carries it, and deleting the note for good removes it; move it elsewhere to keep it"
            }
        }
        for session in HeldAttachments.sessions(in: storeFolder) {
            notices += session.folders.map { path in
                session.isLive
                    ? "\(path) holds the attachments of a note deleted for good, kept while the notes that deleted it "
                        + "runs so that its undo can bring them back; they go when no undo can reach the note"
                    : "\(path) holds the attachments of a note deleted for good by a notes that ended without letting go "
                        + "(killed); no undo can bring them back, and the next notes that changes this store removes them"
            }
        }
        return (problems, notices)
    }

    /// The entries in `attachments/<id>/` of `note` that its `attachments` list does not name.
    static func strayEntries(of note: Note, in storeFolder: URL) -> [String] {
        let folder = storeFolder.appendingPathComponent(AttachmentFiles.folderName).appendingPathComponent(note.id.uuidString)
        let named = Set(note.attachments.filter { AttachmentFiles.owner(of: $0) == note.id }
            .compactMap { $0.relativePath.split(separator: "/").last.map(String.init) })
        return AttachmentFiles.names(in: folder.path).filter { !named.contains($0) }.sorted().map { folder.appendingPathComponent($0).path }
    }
}
