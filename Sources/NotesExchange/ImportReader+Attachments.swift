import Foundation
import NotesBase
import NotesModel
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
    /// in the store with the notes. One missing is a warning: the note keeps its link. A
    /// folder with no `attachments` folder at all (a JSON export holds no files) is one
    /// warning with the count, not one a file.
    func readNamedAttachments(into batch: inout ImportBatch) {
        var hasFolder: [String: Bool] = [:]
        var unfound = UnfoundAttachments()
        for (index, note) in batch.bundle.notes.enumerated() where !note.attachments.isEmpty && index < batch.sources.count {
            let named = note.attachments.filter { AttachmentFiles.owner(of: $0) == note.id && batch.attachments.files[$0] == nil }
            guard !named.isEmpty else { continue }
            let shown = batch.sources[index]
            let folder = URL(fileURLWithPath: shown).deletingLastPathComponent()
            let present = hasFolder[folder.path] ?? Self.hasAttachmentsFolder(in: folder)
            hasFolder[folder.path] = present
            guard present else {
                unfound.add(named.count, from: shown, in: folder.path)
                continue
            }
            for path in named {
                do {
                    batch.attachments.add(try AttachmentFiles.read(path, in: folder), at: path)
                } catch {
                    batch.warnings.append(.init(file: shown, reason: "the attachment \(path.relativePath) could not be read "
                                                + "(\(error.reason)); the note names it, the store will not have it"))
                }
            }
        }
        batch.warnings += unfound.warnings()
    }

    /// Whether `folder` holds an `attachments` folder (not a link to one).
    static func hasAttachmentsFolder(in folder: URL) -> Bool {
        var info = stat()
        return lstat(folder.appendingPathComponent("attachments").path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }
}

/// The attachments notes name in folders that have no `attachments` folder, counted by
/// folder, in the order first met.
struct UnfoundAttachments {
    private var folders: [String] = []
    /// By folder: the first file met, whether notes came from other files too, the counts.
    private var counts: [String: (file: String, otherFiles: Bool, notes: Int, attachments: Int)] = [:]

    /// `count` attachments named by one note read from `file`, in `folder`.
    mutating func add(_ count: Int, from file: String, in folder: String) {
        if counts[folder] == nil { folders.append(folder) }
        var entry = counts[folder] ?? (file, false, 0, 0)
        entry.otherFiles = entry.otherFiles || entry.file != file
        entry.notes += 1
        entry.attachments += count
        counts[folder] = entry
    }

    /// One warning a folder: the file when the notes came from one, else the folder.
    func warnings() -> [ImportBatch.Skip] {
        folders.compactMap { folder in
            guard let entry = counts[folder] else { return nil }
            let notes = entry.notes == 1 ? "1 note names" : "\(ProgressLine.grouped(entry.notes)) notes name"
            let attachments = entry.attachments == 1 ? "1 attachment" : "\(ProgressLine.grouped(entry.attachments)) attachments"
            return ImportBatch.Skip(file: entry.otherFiles ? folder : entry.file,
                               reason: "\(notes) \(attachments), but no 'attachments' folder is beside it: the notes keep "
                                   + "their names, the store will not have the files (a JSON export holds none; "
                                   + "'notes export --format markdown' writes them)")
        }
    }
}
