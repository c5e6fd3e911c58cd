import Foundation
import Synchronization

/// Transformers by name, like `ValueTransformer.setValueTransformer(_:forName:)`.
/// Filled at start-up; a schema is checked against it before any data is read, and the
/// store asks for each transformer it uses with the types it converts
/// (`transformer(named:converting:to:)`), once, at open.
public final class ValueTransformerRegistry: Sendable {
    private let transformers = Mutex<[String: any StoreValueTransformer]>([:])

    public init() {}

    public func register(_ transformer: any StoreValueTransformer) {
        transformers.withLock { $0[transformer.name] = transformer }
    }

    /// The transformer registered as `name`, whatever it converts.
    public func transformer(named name: String) -> (any StoreValueTransformer)? {
        transformers.withLock { $0[name] }
    }

    /// The transformer registered as `name`, as one converting `Value` to `Stored`;
    /// throws when none is registered under that name or it converts other types.
    public func transformer<Value, Stored>(
        named name: String, converting value: Value.Type, to stored: Stored.Type
    ) throws(TransformerError) -> any StoreValueTransformer<Value, Stored> {
        guard let found = transformer(named: name) else {
            throw TransformerError(transformer: name, reason: "no transformer of that name is registered")
        }
        guard let typed = found as? any StoreValueTransformer<Value, Stored> else {
            throw TransformerError(transformer: name, reason: "converts \(Self.types(of: found)), "
                                   + "but \(Value.self) ↔ \(Stored.self) is needed")
        }
        return typed
    }

    public var registeredNames: [String] {
        transformers.withLock { $0.keys.sorted() }
    }

    private static func types<Transformer: StoreValueTransformer>(of transformer: Transformer) -> String {
        "\(Transformer.Value.self) ↔ \(Transformer.Stored.self)"
    }
}
