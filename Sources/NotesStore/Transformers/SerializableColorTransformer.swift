import Foundation
import NotesColor

/// `SerializableColor` ↔ `Data`: the secure keyed archive of `ColorArchive`
/// (store format v3). Reading validates the archive first, so bad data is a
/// `TransformerError` whose reason is the `ArchiveError`'s description.
public struct SerializableColorTransformer: StoreValueTransformer {
    public static let transformerName = "SerializableColorTransformer"
    public var name: String { Self.transformerName }

    public init() {}

    public func transformedValue(_ color: SerializableColor) throws(TransformerError) -> Data {
        do {
            return try ColorArchive.archive(color)
        } catch {
            throw TransformerError(transformer: name, reason: error.description)
        }
    }

    public func reverseTransformedValue(_ data: Data) throws(TransformerError) -> SerializableColor {
        do {
            return try ColorArchive.unarchive(data)
        } catch {
            throw TransformerError(transformer: name, reason: error.description)
        }
    }
}
