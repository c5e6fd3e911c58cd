import Foundation

/// What `notes doctor` checks of the attachments: every file a note (live or in the trash)
/// names is a regular file under the store's folder, and every folder in `attachments/`
/// belongs to a note.
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
            guard let id = UUID(uuidString: name), database.anyNote(id) != nil else {
                notices.append("\(attachments.appendingPathComponent(name).path) belongs to no note (a deletion or an import "
                               + "was cut short); remove it if you do not need what it holds")
                continue
            }
        }
        return (problems, notices)
    }
}
