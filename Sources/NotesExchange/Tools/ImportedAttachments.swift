import Foundation
import NotesModel
import NotesStore

/// The files attached to imported notes (Bear's and TextBundles' `assets/`, Evernote's
/// `<resource>`s): read into memory by the readers, each at the path it will have in the
/// store's folder, `attachments/<note id>/<file name>`, and written there by `write` for the
/// notes the import adds, before the commit that names them.
public struct ImportedAttachments: Sendable {
    /// The bytes of each attachment, by its path relative to the store's folder.
    public private(set) var files: [AttachmentPath: Data] = [:]

    public init() {}

    public var isEmpty: Bool { files.isEmpty }
    public var count: Int { files.count }

    /// Where a file named `fileName` attached to `noteID` is kept; `taken` holds the names
    /// already used for that note (compared case-insensitively), so each path is unique.
    static func path(noteID: UUID, fileName: String, taken: inout Set<String>) -> AttachmentPath? {
        let base = safeName(fileName)
        let (stem, dot) = splitExtension(base)
        var name = base
        var counter = 2
        while taken.contains(name.lowercased()) {
            name = "\(stem)-\(counter)\(dot)"
            counter += 1
        }
        taken.insert(name.lowercased())
        return try? AttachmentPath("attachments/\(noteID.uuidString)/\(name)")
    }

    mutating func add(_ data: Data, at path: AttachmentPath) {
        files[path] = data
    }

    mutating func merge(_ other: ImportedAttachments) {
        files.merge(other.files) { _, new in new }
    }

    /// A file name safe in any folder: no separators or control characters, no leading
    /// dot, at most 200 bytes; `attachment` when nothing is left.
    static func safeName(_ name: String) -> String {
        let last = name.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        var cleaned = String(last.unicodeScalars.map { scalar -> Character in
            scalar.properties.generalCategory == .control || ":*?\"<>|".unicodeScalars.contains(scalar) ? "-" : Character(scalar)
        })
        while cleaned.hasPrefix(".") || cleaned.hasPrefix(" ") { cleaned.removeFirst() }
        while cleaned.hasSuffix(" ") || cleaned.hasSuffix(".") { cleaned.removeLast() }
        while cleaned.utf8.count > 200 { cleaned.removeFirst() }
        return cleaned.isEmpty ? "attachment" : cleaned
    }

    private static func splitExtension(_ name: String) -> (String, String) {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (name, "") }
        return (String(name[..<dot]), String(name[dot...]))
    }

    /// Writes the attachments of the notes `noteIDs` under `storeFolder` (`AttachmentFiles.write`):
    /// folders made as needed, never through a symbolic link; a file already there with the
    /// same bytes is kept (an import run again), one with other bytes is an error and nothing
    /// is overwritten. Returns how many files were written.
    public func write(for noteIDs: Set<UUID>, storeFolder: URL) throws(ExchangeError) -> Int {
        var written = 0
        for (path, data) in files.sorted(by: { $0.key.relativePath < $1.key.relativePath }) {
            guard let id = AttachmentFiles.owner(of: path), noteIDs.contains(id) else { continue }
            do {
                if try AttachmentFiles.write(data, to: path, in: storeFolder) { written += 1 }
            } catch {
                throw .io(path: error.path, operation: "save the attachment", reason: error.reason)
            }
        }
        return written
    }
}
