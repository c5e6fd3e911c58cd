import Foundation

/// `SerializableColor` ↔ `Data`: the secure keyed archive of `ColorArchive`
/// (store format v3). Reading validates the archive first, so bad data is a
/// `TransformerError` whose reason is the `ArchiveError`'s description.
public struct SerializableColorTransformer: StoreValueTransformer {
    public static let transformerName = "SerializableColorTransformer"
    public var name: String { Self.transformerName }

    public init() {}

    public func transformedValue(_ value: Any) throws -> Any {
        guard let color = value as? SerializableColor else {
            throw TransformerError(transformer: name, reason: "expected a SerializableColor, got \(type(of: value))")
        }
        do {
            return try ColorArchive.archive(color)
        } catch {
            throw TransformerError(transformer: name, reason: error.description)
        }
    }

    public func reverseTransformedValue(_ stored: Any) throws -> Any {
        guard let data = stored as? Data else {
            throw TransformerError(transformer: name, reason: "expected archive data, got \(type(of: stored))")
        }
        do {
            return try ColorArchive.unarchive(data)
        } catch {
            throw TransformerError(transformer: name, reason: error.description)
        }
    }
}
