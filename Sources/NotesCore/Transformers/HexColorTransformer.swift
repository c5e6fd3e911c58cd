import Foundation

/// `SerializableColor` ↔ hex `String` without `#`: `RRGGBB`, or `RRGGBBAA` when
/// the color is not opaque (store format v2, `colorAsHex`). A Display P3 color is
/// written as its displayed sRGB value. A missing (nil, `NSNull`) or empty
/// stored string reads as the default, opaque white `FFFFFF`.
public struct HexColorTransformer: StoreValueTransformer {
    public static let transformerName = "HexColorTransformer"
    public var name: String { Self.transformerName }

    /// What a missing or empty stored value reads as.
    public static let defaultHex = "FFFFFF"

    public init() {}

    public func transformedValue(_ value: Any) throws -> Any {
        guard let color = value as? SerializableColor else {
            throw TransformerError(transformer: name, reason: "expected a SerializableColor, got \(type(of: value))")
        }
        return String(color.hex.dropFirst())
    }

    public func reverseTransformedValue(_ stored: Any) throws -> Any {
        if StoredValue.isMissing(stored) { return SerializableColor.white }
        guard let text = stored as? String else {
            throw TransformerError(transformer: name, reason: "expected a hex string, got \(type(of: stored))")
        }
        if text.trimmingCharacters(in: .whitespaces).isEmpty { return SerializableColor.white }
        do {
            return try SerializableColor(hex: text)
        } catch {
            throw TransformerError(transformer: name, reason: error.description)
        }
    }
}

/// Helpers for stored values handed over as `Any`.
enum StoredValue {
    /// Whether `value` is nil (an `Optional.none` wrapped in `Any`) or `NSNull`.
    static func isMissing(_ value: Any) -> Bool {
        if value is NSNull { return true }
        let mirror = Mirror(reflecting: value)
        return mirror.displayStyle == .optional && mirror.children.isEmpty
    }

    /// `value` with any levels of `Optional` removed; nil if it is nil.
    static func unwrapped(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        guard let wrapped = mirror.children.first?.value else { return nil }
        return unwrapped(wrapped)
    }
}
