import Foundation

/// Transformers by name, like `ValueTransformer.setValueTransformer(_:forName:)`.
/// Filled at start-up; a schema is checked against it before any data is read.
public final class ValueTransformerRegistry: @unchecked Sendable {
    private let lock = NSLock()
    private var transformers: [String: any StoreValueTransformer] = [:]

    public init() {}

    public func register(_ transformer: any StoreValueTransformer) {
        lock.lock()
        defer { lock.unlock() }
        transformers[transformer.name] = transformer
    }

    public func transformer(named name: String) -> (any StoreValueTransformer)? {
        lock.lock()
        defer { lock.unlock() }
        return transformers[name]
    }

    public var registeredNames: [String] {
        lock.lock()
        defer { lock.unlock() }
        return transformers.keys.sorted()
    }
}
