import Foundation

// Stand-ins with the schema's transformer names, used until the shared
// transformers in `Transformers/` are merged; `StoreSchema.defaultRegistry()`
// is the only place that names them.

struct InterimColorTransformer: StoreValueTransformer {
    let name = StoreSchema.colorTransformerName
    func transformedValue(_ value: Any) throws -> Any {
        guard let color = value as? SerializableColor else { throw TransformerError(transformer: name, reason: "expected a SerializableColor") }
        return try ColorArchive.archive(color)
    }
    func reverseTransformedValue(_ stored: Any) throws -> Any {
        guard let data = stored as? Data else { throw TransformerError(transformer: name, reason: "expected data") }
        return try ColorArchive.unarchive(data)
    }
}

struct InterimHexColorTransformer: StoreValueTransformer {
    let name = StoreSchema.hexColorTransformerName
    func transformedValue(_ value: Any) throws -> Any {
        guard let color = value as? SerializableColor else { throw TransformerError(transformer: name, reason: "expected a SerializableColor") }
        return String(color.hex.dropFirst())
    }
    func reverseTransformedValue(_ stored: Any) throws -> Any {
        guard let text = stored as? String else { throw TransformerError(transformer: name, reason: "expected a string") }
        return try SerializableColor(hex: text)
    }
}

struct InterimRelativeURLTransformer: StoreValueTransformer {
    let name = StoreSchema.relativeURLTransformerName
    func transformedValue(_ value: Any) throws -> Any {
        guard let path = value as? AttachmentPath else { throw TransformerError(transformer: name, reason: "expected an attachment path") }
        return path.relativePath
    }
    func reverseTransformedValue(_ stored: Any) throws -> Any {
        guard let text = stored as? String else { throw TransformerError(transformer: name, reason: "expected a string") }
        return try AttachmentPath(text)
    }
}

struct InterimCompactColorsTransformer: StoreValueTransformer {
    let name = StoreSchema.compactColorsTransformerName
    func transformedValue(_ value: Any) throws -> Any {
        guard let colors = value as? [RGB8] else { throw TransformerError(transformer: name, reason: "expected [RGB8]") }
        return Data(colors.flatMap { [$0.red, $0.green, $0.blue] })
    }
    func reverseTransformedValue(_ stored: Any) throws -> Any {
        guard let data = stored as? Data else { throw TransformerError(transformer: name, reason: "expected data") }
        guard data.count % 3 == 0 else { throw TransformerError(transformer: name, reason: "\(data.count) bytes is not 3 bytes a color") }
        let bytes = [UInt8](data)
        return stride(from: 0, to: bytes.count, by: 3).map { RGB8(red: bytes[$0], green: bytes[$0 + 1], blue: bytes[$0 + 2]) }
    }
}
