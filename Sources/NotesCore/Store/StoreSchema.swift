import Foundation

/// The schema of format version 6 (the entities are those of format 4; format 5 lets a
/// journal line leave out a body that did not change, see `JournalEntry.keptBodies`;
/// format 6 adds the optional `imports` records, see `ImportSource`, kept outside the
/// entities so that a format-5 snapshot reads as it is): the entities the store keeps, their attributes,
/// and the transformer each transformable attribute names. Its per-entity hashes
/// are written into every snapshot as `modelVersionHashes` (like Core Data's
/// `NSStoreModelVersionHashes`), so a change to the model shows in the file.
public enum StoreSchema {
    /// The format version this program writes and the newest it reads.
    public static let formatVersion = 6

    public static let colorTransformerName = SerializableColorTransformer.transformerName
    public static let hexColorTransformerName = HexColorTransformer.transformerName
    public static let relativeURLTransformerName = RelativeURLTransformer.transformerName
    public static let compactColorsTransformerName = CompactColorsTransformer.transformerName

    public static let schema = Schema(entities: [
        SchemaEntity(name: "Category", attributes: [
            SchemaAttribute(name: "id", type: .uuid),
            SchemaAttribute(name: "name", type: .string),
            SchemaAttribute(name: "color", type: .transformable(colorTransformerName)),
            SchemaAttribute(name: "deleted", type: .optional(.date)),
        ]),
        SchemaEntity(name: "Note", attributes: [
            SchemaAttribute(name: "id", type: .uuid),
            SchemaAttribute(name: "title", type: .string),
            SchemaAttribute(name: "body", type: .string),
            SchemaAttribute(name: "created", type: .date),
            SchemaAttribute(name: "updated", type: .date),
            SchemaAttribute(name: "category", type: .optional(.uuid)),
            SchemaAttribute(name: "tags", type: .stringSet),
            SchemaAttribute(name: "kind", type: .integer16),
            SchemaAttribute(name: "attachments", type: .transformable(relativeURLTransformerName)),
            SchemaAttribute(name: "deleted", type: .optional(.date)),
        ]),
        SchemaEntity(name: "Store", attributes: [
            SchemaAttribute(name: "formatVersion", type: .integer16),
            SchemaAttribute(name: "sequence", type: .integer16),
            SchemaAttribute(name: "recentColors", type: .transformable(compactColorsTransformerName)),
        ]),
    ])

    /// Entity name → 16 hex digits, a stable hash of the entity's description.
    public static var modelVersionHashes: [(String, String)] {
        schema.entities.map { ($0.name, versionHash(of: $0)) }
    }

    /// FNV-1a (64 bit) of `Entity(name){attribute:type;…}`: stable across runs and
    /// platforms, unlike `Hasher`.
    public static func versionHash(of entity: SchemaEntity) -> String {
        var text = "Entity(\(entity.name)){"
        for attribute in entity.attributes { text += "\(attribute.name):\(describe(attribute.type));" }
        text += "}"
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    private static func describe(_ type: SchemaAttribute.AttributeType) -> String {
        switch type {
        case .uuid: "uuid"
        case .string: "string"
        case .date: "date"
        case .integer16: "integer16"
        case .boolean: "boolean"
        case .optional(let wrapped): "optional(\(describe(wrapped)))"
        case .stringSet: "stringSet"
        case .transformable(let name): "transformable(\(name))"
        }
    }

    /// The program's standard transformers (`ValueTransformerRegistry.standard`),
    /// attachment paths relative to `storeFolder`.
    public static func defaultRegistry(storeFolder: URL = URL(fileURLWithPath: ".")) -> ValueTransformerRegistry {
        ValueTransformerRegistry.standard(storeFolder: storeFolder)
    }

    /// Checks the schema against `registry` and returns the transformers the codec uses.
    static func transformers(from registry: ValueTransformerRegistry) throws(StoreError) -> StoreTransformers {
        do throws(SchemaError) { try schema.validate(against: registry) } catch { throw .schema(error.description) }
        guard let color = registry.transformer(named: colorTransformerName),
              let compact = registry.transformer(named: compactColorsTransformerName),
              let hex = registry.transformer(named: hexColorTransformerName)
        else { throw .schema("a color transformer is missing") }
        return StoreTransformers(color: color, compactColors: compact, hexColor: hex)
    }
}

/// The transformers the snapshot and journal codecs call, looked up once at open.
struct StoreTransformers: Sendable {
    let color: any StoreValueTransformer
    let compactColors: any StoreValueTransformer
    let hexColor: any StoreValueTransformer

    /// A color as its secure archive.
    func archive(_ color: SerializableColor) throws -> Data {
        guard let data = try self.color.transformedValue(color) as? Data else {
            throw TransformerError(transformer: self.color.name, reason: "did not produce data")
        }
        return data
    }

    func unarchive(_ data: Data) throws -> SerializableColor {
        guard let color = try self.color.reverseTransformedValue(data) as? SerializableColor else {
            throw TransformerError(transformer: self.color.name, reason: "did not produce a SerializableColor")
        }
        return color
    }

    func packColors(_ colors: [RGB8]) throws -> Data {
        guard let data = try compactColors.transformedValue(colors) as? Data else {
            throw TransformerError(transformer: compactColors.name, reason: "did not produce data")
        }
        return data
    }

    func unpackColors(_ data: Data) throws -> [RGB8] {
        guard let colors = try compactColors.reverseTransformedValue(data) as? [RGB8] else {
            throw TransformerError(transformer: compactColors.name, reason: "did not produce colors")
        }
        return colors
    }

    func color(hex: String) throws -> SerializableColor {
        guard let color = try hexColor.reverseTransformedValue(hex) as? SerializableColor else {
            throw TransformerError(transformer: hexColor.name, reason: "did not produce a SerializableColor")
        }
        return color
    }
}
