import Foundation
import NotesTestData
import Testing
import NotesColor
import NotesModel
import NotesStore

@Suite struct TransformerTests {
    let folder = URL(fileURLWithPath: "/tmp/notes-store", isDirectory: true)

    private func expectTransformerError<Result>(_ transformer: String, _ body: () throws -> Result,
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
        let stored = try transformer.transformedValue(color)
        #expect(try ColorArchive.unarchive(stored) == color)
        #expect(try transformer.reverseTransformedValue(stored) == color)
    }

    @Test func serializableColorRejectsBadArchives() throws {
        let transformer = SerializableColorTransformer()
        expectTransformerError("SerializableColorTransformer") { try transformer.reverseTransformedValue(Data("FFFFFF".utf8)) }
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
        #expect(transformer.transformedValue(color) == "3A7BD5")
        #expect(try transformer.reverseTransformedValue("3A7BD5") == color)
        let translucent = try SerializableColor(hex: "3A7BD580")
        #expect(transformer.transformedValue(translucent) == "3A7BD580")
        #expect(try transformer.reverseTransformedValue("3A7BD580") == translucent)
    }

    @Test func missingOrEmptyHexReadsAsWhite() throws {
        let transformer = HexColorTransformer()
        for stored in [nil, "", "  "] as [String?] {
            #expect(try transformer.reverseTransformedValue(stored) == SerializableColor.white)
        }
        #expect(HexColorTransformer.defaultHex == "FFFFFF")
    }

    @Test func hexRejectsBadText() {
        let transformer = HexColorTransformer()
        expectTransformerError("HexColorTransformer") { try transformer.reverseTransformedValue("12345") }
        #expect(throws: TransformerError(transformer: "HexColorTransformer",
                                         reason: ModelError.invalidHexColor("#GG0000").description)) {
            try transformer.reverseTransformedValue("#GG0000")
        }
    }

    // MARK: RelativeURLTransformer

    @Test func relativeURLRoundTrips() throws {
        let transformer = RelativeURLTransformer(storeFolder: folder)
        let file = folder.appendingPathComponent("files/photo 1.png")
        #expect(try transformer.transformedValue(file) == "files/photo 1.png")
        let back = try transformer.reverseTransformedValue("files/photo 1.png")
        #expect(back.standardizedFileURL.path == file.standardizedFileURL.path)
        #expect(try transformer.transformedValue(folder.appendingPathComponent("a/./b.txt")) == "a/b.txt")
    }

    @Test func relativeURLRejectsPathsOutsideTheFolder() {
        let transformer = RelativeURLTransformer(storeFolder: folder)
        for outside in ["/etc/passwd", "/tmp/notes-store-other/x", "/tmp/notes-store/../x"] {
            expectTransformerError("RelativeURLTransformer") { try transformer.transformedValue(URL(fileURLWithPath: outside)) }
        }
        for stored in ["../secret", "/etc/passwd", "a/../../b", ""] {
            expectTransformerError("RelativeURLTransformer") { try transformer.reverseTransformedValue(stored) }
        }
        if let web = URL(string: "https://example.com/a") {
            expectTransformerError("RelativeURLTransformer") { try transformer.transformedValue(web) }
        }
    }

    // MARK: CompactColorsTransformer

    @Test func compactColorsAreThreeBytesAColor() throws {
        let transformer = CompactColorsTransformer()
        let colors = [RGB8(red: 1, green: 2, blue: 3), RGB8(red: 255, green: 128, blue: 0)]
        #expect(transformer.transformedValue(colors) == Data([1, 2, 3, 255, 128, 0]))
        #expect(try transformer.reverseTransformedValue(Data([1, 2, 3, 255, 128, 0])) == colors)
        #expect(try transformer.reverseTransformedValue(Data()) == [])
    }

    @Test func compactColorsRejectPartialColors() {
        let transformer = CompactColorsTransformer()
        for count in [1, 2, 4, 5] {
            expectTransformerError("CompactColorsTransformer") {
                try transformer.reverseTransformedValue(Data(repeating: 7, count: count))
            }
        }
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

    @Test func aTransformerIsAskedForWithTheTypesItConverts() throws {
        let registry = ValueTransformerRegistry.standard(storeFolder: folder)
        let hex = try registry.transformer(named: "HexColorTransformer", converting: SerializableColor.self, to: String?.self)
        #expect(try hex.reverseTransformedValue("3A7BD5") == SerializableColor(hex: "3A7BD5"))
        // The right name with the wrong types, or a name not registered, is a clear error.
        #expect(throws: TransformerError(transformer: "HexColorTransformer",
                                         reason: "converts SerializableColor ↔ Optional<String>, but SerializableColor ↔ Data is needed")) {
            try registry.transformer(named: "HexColorTransformer", converting: SerializableColor.self, to: Data.self)
        }
        #expect(throws: TransformerError(transformer: "PaletteTransformer", reason: "no transformer of that name is registered")) {
            try registry.transformer(named: "PaletteTransformer", converting: [RGB8].self, to: Data.self)
        }
    }

    @Test func aStoreWhoseColorTransformerConvertsOtherTypesIsRefusedAtOpen() throws {
        let registry = ValueTransformerRegistry.standard(storeFolder: folder)
        registry.register(CompactColorsTransformerNamed(name: "SerializableColorTransformer"))
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        #expect {
            try NotesStore.open(at: temporary.url.appendingPathComponent("notes.json"), options: NotesStoreOptions(registry: registry))
        } throws: { error in
            "\(error)".contains("SerializableColorTransformer: converts Array<RGB8> ↔ Data, but SerializableColor ↔ Data is needed")
        }
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
    func transformedValue(_ colors: [RGB8]) -> Data { CompactColorsTransformer().transformedValue(colors) }
    func reverseTransformedValue(_ data: Data) throws(TransformerError) -> [RGB8] {
        try CompactColorsTransformer().reverseTransformedValue(data)
    }
}
