import Foundation
import NotesBase
import NotesColor
import NotesModel

/// The schema of format version 10 (the entities are those of format 4; format 5 lets a
/// journal line leave out a body that did not change, see `JournalEntry.keptBodies`;
/// format 6 adds the optional `imports` records and the `putImportSource` change, see
/// `ImportSource`, kept outside the entities so that a format-5 snapshot reads as it is;
/// format 7 adds the journal change `dropImportSource`; format 8 adds a note's optional
/// `pinned`, written only when true; format 9 a note's optional `aliases`, written only
/// when there are some; format 10 an import record's optional `tool`): the entities the store keeps, their attributes,
/// and the transformer each transformable attribute names. Its per-entity hashes
/// are written into every snapshot as `modelVersionHashes` (like Core Data's
/// `NSStoreModelVersionHashes`), so a change to the model shows in the file.
public enum StoreSchema {
    /// The format version this program writes and the newest it reads.
    public static let formatVersion = 10

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
            SchemaAttribute(name: "pinned", type: .optional(.boolean)),
            SchemaAttribute(name: "aliases", type: .optional(.stringList)),
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
        let hash = Array(text.utf8).withUnsafeBufferPointer(ContentHash.fnv1a64)
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
        case .stringList: "stringList"
        case .transformable(let name): "transformable(\(name))"
        }
    }

    /// The program's standard transformers (`ValueTransformerRegistry.standard`),
    /// attachment paths relative to `storeFolder`.
    public static func defaultRegistry(storeFolder: URL = URL(fileURLWithPath: ".")) -> ValueTransformerRegistry {
        ValueTransformerRegistry.standard(storeFolder: storeFolder)
    }

    /// Checks the schema against `registry` and returns the transformers the codec uses,
    /// each typed by what it converts.
    static func transformers(from registry: ValueTransformerRegistry) throws(StoreError) -> StoreTransformers {
        do throws(SchemaError) { try schema.validate(against: registry) } catch { throw .schema(error.description) }
        do throws(TransformerError) {
            return StoreTransformers(
                color: try registry.transformer(named: colorTransformerName, converting: SerializableColor.self, to: Data.self),
                compactColors: try registry.transformer(named: compactColorsTransformerName, converting: [RGB8].self,
                                                        to: Data.self),
                hexColor: try registry.transformer(named: hexColorTransformerName, converting: SerializableColor.self,
                                                   to: String?.self))
        } catch {
            throw .schema(error.description)
        }
    }
}

/// The transformers the snapshot and journal codecs call, looked up once at open.
struct StoreTransformers: Sendable {
    let color: any StoreValueTransformer<SerializableColor, Data>
    let compactColors: any StoreValueTransformer<[RGB8], Data>
    let hexColor: any StoreValueTransformer<SerializableColor, String?>

    /// A color as its secure archive.
    func archive(_ color: SerializableColor) throws(TransformerError) -> Data {
        try self.color.transformedValue(color)
    }

    func unarchive(_ data: Data) throws(TransformerError) -> SerializableColor {
        try color.reverseTransformedValue(data)
    }

    func packColors(_ colors: [RGB8]) throws(TransformerError) -> Data {
        try compactColors.transformedValue(colors)
    }

    func unpackColors(_ data: Data) throws(TransformerError) -> [RGB8] {
        try compactColors.reverseTransformedValue(data)
    }

    func color(hex: String) throws(TransformerError) -> SerializableColor {
        try hexColor.reverseTransformedValue(hex)
    }
}
