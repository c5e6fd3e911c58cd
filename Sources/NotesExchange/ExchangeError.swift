import Foundation

/// Why an export or an import failed. Every case names the file or folder.
public enum ExchangeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The document cannot be read; `place` says where (a line and column, or a JSON path).
    case invalidDocument(file: String, place: String, reason: String)
    /// A JSON export of a format version newer than this program reads.
    case unsupportedVersion(file: String, found: Int, supported: Int)
    case io(path: String, operation: String, reason: String)
    /// Markdown export needs an empty or missing folder, so that nothing is overwritten.
    case outputFolderNotEmpty(String)
    case notFound(String)
    /// A note whose body was damaged in the store after notes wrote it (`Note.bodyDamage`):
    /// exporting it would write a message in place of the body.
    case damagedBody(id: UUID, title: String, reason: String)
    /// The export was stopped (`Ctrl-C`) before its last file; what it wrote was removed.
    case cancelled

    public var description: String {
        switch self {
        case .invalidDocument(let file, let place, let reason):
            "\(file): \(place): \(reason)"
        case .unsupportedVersion(let file, let found, let supported):
            "\(file) is a notes export of version \(found); this notes reads up to version \(supported)"
        case .io(let path, let operation, let reason):
            "\(path): cannot \(operation): \(reason)"
        case .outputFolderNotEmpty(let path):
            "\(path) is not empty; export Markdown into a new or empty folder"
        case .notFound(let path):
            "\(path): no such file or folder"
        case .damagedBody(let id, let title, let reason):
            "the body of note \(id) ('\(title)') is damaged in the store (\(reason)); nothing was exported: "
                + "replace the body, or see 'notes doctor'"
        case .cancelled:
            "export cancelled, nothing written"
        }
    }
}
