import Foundation
import NotesColor

/// `SerializableColor` ↔ hex `String` without `#`: `RRGGBB`, or `RRGGBBAA` when
/// the color is not opaque (store format v2, `colorAsHex`). A Display P3 color is
/// written as its displayed sRGB value. A missing (nil) or empty stored string reads
/// as the default, opaque white `FFFFFF`.
public struct HexColorTransformer: StoreValueTransformer {
    public static let transformerName = "HexColorTransformer"
    public var name: String { Self.transformerName }

    /// What a missing or empty stored value reads as.
    public static let defaultHex = "FFFFFF"

    public init() {}

    public func transformedValue(_ color: SerializableColor) -> String? {
        String(color.hex.dropFirst())
    }

    public func reverseTransformedValue(_ stored: String?) throws(TransformerError) -> SerializableColor {
        guard let text = stored, !text.trimmingCharacters(in: .whitespaces).isEmpty else { return SerializableColor.white }
        do {
            return try SerializableColor(hex: text)
        } catch {
            throw TransformerError(transformer: name, reason: error.description)
        }
    }
}
