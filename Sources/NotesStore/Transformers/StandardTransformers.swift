import Foundation

extension ValueTransformerRegistry {
    /// The names of the transformers `registerStandardTransformers(storeFolder:)` registers.
    public static let standardTransformerNames = [
        SerializableColorTransformer.transformerName,
        HexColorTransformer.transformerName,
        RelativeURLTransformer.transformerName,
        CompactColorsTransformer.transformerName,
    ]

    /// Registers the program's transformers; called once at start-up, before a
    /// schema is validated. `storeFolder` is what attachment paths are relative to.
    public func registerStandardTransformers(storeFolder: URL) {
        register(SerializableColorTransformer())
        register(HexColorTransformer())
        register(RelativeURLTransformer(storeFolder: storeFolder))
        register(CompactColorsTransformer())
    }

    /// A registry holding the standard transformers.
    public static func standard(storeFolder: URL) -> ValueTransformerRegistry {
        let registry = ValueTransformerRegistry()
        registry.registerStandardTransformers(storeFolder: storeFolder)
        return registry
    }
}
