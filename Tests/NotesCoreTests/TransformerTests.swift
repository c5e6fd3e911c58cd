import Foundation
import NotesCore
import Testing

@Suite struct TransformerTests {
    let folder = URL(fileURLWithPath: "/tmp/notes-store", isDirectory: true)

    private func expectTransformerError(_ transformer: String, _ body: () throws -> Any,
                                        sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(sourceLocation: sourceLocation) {
            _ = try body()
        } throws: { error in
            (error as? TransformerError)?.transformer == transformer
        }
    }

    // MARK: SerializableColorTransformer

    @Test func serializableColorRoundTripsThroughTheSecureArchive() throws {
        let transformer = SerializableColorTransformer()
        let color = try SerializableColor(colorSpace: .displayP3, red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8)
        let stored = try #require(try transformer.transformedValue(color) as? Data)
        #expect(try ColorArchive.unarchive(stored) == color)
        #expect(try transformer.reverseTransformedValue(stored) as? SerializableColor == color)
    }

    @Test func serializableColorRejectsWrongTypesAndBadArchives() throws {
        let transformer = SerializableColorTransformer()
        expectTransformerError("SerializableColorTransformer") { try transformer.transformedValue("red") }
        expectTransformerError("SerializableColorTransformer") { try transformer.reverseTransformedValue("FFFFFF") }
        let array = try NSKeyedArchiver.archivedData(withRootObject: NSArray(), requiringSecureCoding: false)
        #expect(throws: TransformerError(transformer: "SerializableColorTransformer",
                                         reason: ArchiveError.disallowedClass("NSArray").description)) {
            try transformer.reverseTransformedValue(array)
        }
    }

    // MARK: HexColorTransformer

    @Test func hexRoundTrips() throws {
        let transformer = HexColorTransformer()
        let color = try SerializableColor(hex: "#3A7BD5")
        #expect(try transformer.transformedValue(color) as? String == "3A7BD5")
        #expect(try transformer.reverseTransformedValue("3A7BD5") as? SerializableColor == color)
        let translucent = try SerializableColor(hex: "3A7BD580")
        #expect(try transformer.transformedValue(translucent) as? String == "3A7BD580")
        #expect(try transformer.reverseTransformedValue("3A7BD580") as? SerializableColor == translucent)
    }

    @Test func missingOrEmptyHexReadsAsWhite() throws {
        let transformer = HexColorTransformer()
        let missing: String? = nil
        for stored in [missing as Any, NSNull(), "", "  "] {
            #expect(try transformer.reverseTransformedValue(stored) as? SerializableColor == SerializableColor.white)
        }
        #expect(HexColorTransformer.defaultHex == "FFFFFF")
    }

    @Test func hexRejectsWrongTypesAndBadText() {
        let transformer = HexColorTransformer()
        expectTransformerError("HexColorTransformer") { try transformer.transformedValue(42) }
        expectTransformerError("HexColorTransformer") { try transformer.reverseTransformedValue(Data([1, 2, 3])) }
        #expect(throws: TransformerError(transformer: "HexColorTransformer",
                                         reason: ModelError.invalidHexColor("#GG0000").description)) {
            try transformer.reverseTransformedValue("#GG0000")
        }
    }

    // MARK: RelativeURLTransformer

    @Test func relativeURLRoundTrips() throws {
        let transformer = RelativeURLTransformer(storeFolder: folder)
        let file = folder.appendingPathComponent("files/photo 1.png")
        #expect(try transformer.transformedValue(file) as? String == "files/photo 1.png")
        let back = try #require(try transformer.reverseTransformedValue("files/photo 1.png") as? URL)
        #expect(back.standardizedFileURL.path == file.standardizedFileURL.path)
        #expect(try transformer.transformedValue(try AttachmentPath("a/./b.txt")) as? String == "a/b.txt")
    }

    @Test func relativeURLRejectsPathsOutsideTheFolder() {
        let transformer = RelativeURLTransformer(storeFolder: folder)
        for outside in ["/etc/passwd", "/tmp/notes-store-other/x", "/tmp/notes-store/../x"] {
            expectTransformerError("RelativeURLTransformer") { try transformer.transformedValue(URL(fileURLWithPath: outside)) }
        }
        for stored in ["../secret", "/etc/passwd", "a/../../b", ""] {
            expectTransformerError("RelativeURLTransformer") { try transformer.reverseTransformedValue(stored) }
        }
        expectTransformerError("RelativeURLTransformer") { try transformer.transformedValue(URL(string: "https://example.com/a") as Any) }
        expectTransformerError("RelativeURLTransformer") { try transformer.transformedValue("files/a.png") }
        expectTransformerError("RelativeURLTransformer") { try transformer.reverseTransformedValue(7) }
    }

    // MARK: CompactColorsTransformer

    @Test func compactColorsAreThreeBytesAColor() throws {
        let transformer = CompactColorsTransformer()
        let colors = [RGB8(red: 1, green: 2, blue: 3), RGB8(red: 255, green: 128, blue: 0)]
        #expect(try transformer.transformedValue(colors) as? Data == Data([1, 2, 3, 255, 128, 0]))
        #expect(try transformer.reverseTransformedValue(Data([1, 2, 3, 255, 128, 0])) as? [RGB8] == colors)
        #expect(try transformer.reverseTransformedValue(Data()) as? [RGB8] == [])
    }

    @Test func compactColorsRejectPartialColorsAndWrongTypes() {
        let transformer = CompactColorsTransformer()
        for count in [1, 2, 4, 5] {
            expectTransformerError("CompactColorsTransformer") {
                try transformer.reverseTransformedValue(Data(repeating: 7, count: count))
            }
        }
        expectTransformerError("CompactColorsTransformer") { try transformer.transformedValue([1, 2, 3]) }
        expectTransformerError("CompactColorsTransformer") { try transformer.reverseTransformedValue([UInt8(1), 2, 3]) }
    }

    // MARK: Registry and schema

    @Test func theStandardRegistryHoldsEveryTransformerByName() {
        let registry = ValueTransformerRegistry.standard(storeFolder: folder)
        #expect(registry.registeredNames == ValueTransformerRegistry.standardTransformerNames.sorted())
        for name in ValueTransformerRegistry.standardTransformerNames {
            #expect(registry.transformer(named: name)?.name == name)
        }
        #expect((registry.transformer(named: "RelativeURLTransformer") as? RelativeURLTransformer)?.storeFolder == folder)
    }

    @Test func aSchemaNamingAnUnregisteredTransformerFailsNamingAllThree() throws {
        let schema = Schema(entities: [
            SchemaEntity(name: "Category", attributes: [
                SchemaAttribute(name: "name", type: .string),
                SchemaAttribute(name: "color", type: .transformable("SerializableColorTransformer")),
            ]),
            SchemaEntity(name: "Settings", attributes: [
                SchemaAttribute(name: "recentColors", type: .transformable("PaletteTransformer")),
            ]),
        ])
        let registry = ValueTransformerRegistry.standard(storeFolder: folder)
        #expect(throws: SchemaError.unregisteredTransformer(
            transformer: "PaletteTransformer", attribute: "recentColors", entity: "Settings")) {
            try schema.validate(against: registry)
        }
        let message = SchemaError.unregisteredTransformer(transformer: "PaletteTransformer", attribute: "recentColors",
                                                          entity: "Settings").description
        #expect(message.contains("PaletteTransformer") && message.contains("recentColors") && message.contains("Settings"))
        #expect(throws: SchemaError.self) { try schema.validate(against: ValueTransformerRegistry()) }
        registry.register(CompactColorsTransformerNamed(name: "PaletteTransformer"))
        try schema.validate(against: registry)
    }
}

/// A compact-colors transformer under another name, to register a missing one.
private struct CompactColorsTransformerNamed: StoreValueTransformer {
    let name: String
    func transformedValue(_ value: Any) throws -> Any { try CompactColorsTransformer().transformedValue(value) }
    func reverseTransformedValue(_ stored: Any) throws -> Any { try CompactColorsTransformer().reverseTransformedValue(stored) }
}
