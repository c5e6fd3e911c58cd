import Foundation

/// A named, reversible conversion between a model value and the form the store
/// keeps it in — Foundation's `ValueTransformer`, which does not exist on Linux.
/// The stored form is a `String` or `Data` (written to JSON as base64).
public protocol StoreValueTransformer: Sendable {
    /// The name a schema attribute uses to ask for this transformer.
    var name: String { get }
    /// Model value to stored form. Throws `TransformerError` for a value of the wrong type.
    func transformedValue(_ value: Any) throws -> Any
    /// Stored form back to the model value. Throws for bad stored data; never crashes.
    func reverseTransformedValue(_ stored: Any) throws -> Any
}

/// Why a transformer could not convert a value.
public struct TransformerError: Error, Equatable, Sendable, CustomStringConvertible {
    public let transformer: String
    public let reason: String
    public init(transformer: String, reason: String) {
        self.transformer = transformer
        self.reason = reason
    }
    public var description: String { "\(transformer): \(reason)" }
}
