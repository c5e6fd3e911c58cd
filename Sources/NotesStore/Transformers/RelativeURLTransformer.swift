import Foundation
import NotesModel

/// A file `URL` ↔ a path `String` relative to the store's folder, so a store can
/// move with its attachments. A file outside the folder, or a stored path that
/// would climb out of it (absolute, or `..`), is an error (see `AttachmentPath`).
public struct RelativeURLTransformer: StoreValueTransformer {
    public static let transformerName = "RelativeURLTransformer"
    public var name: String { Self.transformerName }

    /// The folder the stored paths are relative to.
    public let storeFolder: URL

    public init(storeFolder: URL) {
        self.storeFolder = storeFolder
    }

    /// A file URL to its path relative to `storeFolder`.
    public func transformedValue(_ url: URL) throws(TransformerError) -> String {
        guard url.isFileURL else {
            throw TransformerError(transformer: name, reason: "'\(url.absoluteString)' is not a file URL")
        }
        do {
            return try AttachmentPath(fileURL: url, storeFolder: storeFolder).relativePath
        } catch {
            throw TransformerError(transformer: name, reason: error.description)
        }
    }

    /// A stored relative path to the file URL inside `storeFolder`.
    public func reverseTransformedValue(_ text: String) throws(TransformerError) -> URL {
        do {
            return try AttachmentPath(text).url(in: storeFolder)
        } catch {
            throw TransformerError(transformer: name, reason: error.description)
        }
    }
}
