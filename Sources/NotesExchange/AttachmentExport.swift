import Foundation
import NotesModel
import NotesStore

/// Copies exported notes' attachments from the store's folder into a Markdown export, at
/// the same relative paths (`attachments/<id>/<name>` beside the `.md` files), so the links
/// in the bodies still point at them and `notes import` of the folder brings them back.
/// A file missing from the store (or not readable) is listed, not fatal: the rest is exported.
public final class AttachmentExport {
    /// The folder the store's attachments are read from.
    public let storeFolder: URL
    /// How many files were copied.
    public private(set) var copied = 0
    /// Each attachment that could not be copied, with its note's title and the reason.
    public private(set) var missing: [String] = []
    private var wroteInto: URL?
    private var topNames = Set<String>()

    public init(storeFolder: URL) {
        self.storeFolder = storeFolder
    }

    /// Copies `note`'s attachments into `folder` (the export's, empty when the export began).
    func copy(_ note: Note, into folder: URL) throws(ExchangeError) {
        for path in note.attachments {
            let data: Data
            do { data = try AttachmentFiles.read(path, in: storeFolder) } catch {
                missing.append("\"\(note.title)\" (\(note.id.uuidString)): \(error.path): \(error.reason); not exported")
                continue
            }
            wroteInto = folder
            topNames.insert(String(path.relativePath.split(separator: "/")[0]))
            do {
                if try AttachmentFiles.write(data, to: path, in: folder) { copied += 1 }
            } catch {
                throw .io(path: error.path, operation: "export the attachment", reason: error.reason)
            }
        }
    }

    /// Removes what `copy` wrote (the export failed): the top folders of the paths written.
    func removeCopied() {
        guard let folder = wroteInto else { return }
        for name in topNames.sorted() { try? AttachmentFiles.removeEntry(name, in: folder) }
        copied = 0
    }
}
