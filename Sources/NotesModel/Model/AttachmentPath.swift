import Foundation

/// A file attached to a note, kept as a path relative to the store's folder so
/// that the store can move. A path that would resolve outside that folder
/// (absolute, or climbing out with `..`) is rejected.
public struct AttachmentPath: Hashable, Sendable, CustomStringConvertible {
    /// The normalized relative path, components joined by `/`.
    public let relativePath: String

    public init(_ relativePath: String) throws(ModelError) {
        guard !relativePath.isEmpty, !relativePath.hasPrefix("/") else {
            throw .attachmentOutsideStore(relativePath)
        }
        var parts: [Substring] = []
        for part in relativePath.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { throw .attachmentOutsideStore(relativePath) }
                parts.removeLast()
            default: parts.append(part)
            }
        }
        guard !parts.isEmpty, !relativePath.contains("\0") else { throw .attachmentOutsideStore(relativePath) }
        self.relativePath = parts.joined(separator: "/")
    }

    /// The attachment for a file URL, relative to `storeFolder`; rejected if the file is outside it.
    public init(fileURL: URL, storeFolder: URL) throws(ModelError) {
        let base = storeFolder.standardizedFileURL.path
        let path = fileURL.standardizedFileURL.path
        let prefix = base.hasSuffix("/") ? base : base + "/"
        guard path.hasPrefix(prefix) else { throw .attachmentOutsideStore(fileURL.path) }
        try self.init(String(path.dropFirst(prefix.count)))
    }

    /// The absolute URL of the attachment for a store kept in `storeFolder`.
    public func url(in storeFolder: URL) -> URL {
        storeFolder.appendingPathComponent(relativePath)
    }

    public var description: String { relativePath }
}
