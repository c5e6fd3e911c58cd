import Foundation

/// A named, reversible conversion between a model value and the form the store keeps
/// it in — Foundation's `ValueTransformer` (which does not exist on Linux), typed: each
/// transformer says what it converts (`Value`) to what (`Stored`, a `String` or `Data`,
/// written to JSON as base64), so a caller gets the type it asked for and no value is
/// handed over as `Any`.
public protocol StoreValueTransformer<Value, Stored>: Sendable {
    associatedtype Value
    associatedtype Stored
    /// The name a schema attribute uses to ask for this transformer.
    var name: String { get }
    /// Model value to stored form. Throws for a value the store cannot keep.
    func transformedValue(_ value: Value) throws(TransformerError) -> Stored
    /// Stored form back to the model value. Throws for bad stored data; never crashes.
    func reverseTransformedValue(_ stored: Stored) throws(TransformerError) -> Value
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
