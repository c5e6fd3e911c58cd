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
        if Self.isNormalized(relativePath) {
            self.relativePath = relativePath
            return
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

    /// Whether `path` is already what the rule above makes of it: no NUL, no empty
    /// component (`//`, a `/` at either end) and no `.` or `..` component. Every stored
    /// path is (the store writes normalized paths), and one pass over its bytes is all the
    /// open then pays for it, instead of splitting and joining it (and `contains`, which
    /// goes through Foundation's string search).
    static func isNormalized(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { bytes in
            guard let first = bytes.first, first != UInt8(ascii: "/"), bytes.last != UInt8(ascii: "/") else { return false }
            var componentStart = 0
            for index in 0...bytes.count {
                let byte = index < bytes.count ? bytes[index] : UInt8(ascii: "/")
                if byte == 0 { return false }
                guard byte == UInt8(ascii: "/") else { continue }
                let length = index - componentStart
                if length == 0 { return false }
                if length <= 2, bytes[componentStart] == UInt8(ascii: "."), length == 1 || bytes[componentStart + 1] == UInt8(ascii: ".") {
                    return false
                }
                componentStart = index + 1
            }
            return true
        }
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
