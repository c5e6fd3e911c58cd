import Foundation
import NotesTestData
import Testing
@testable import NotesColor
@testable import NotesModel
@testable import NotesStore
@testable import NotesExchange

/// Apple color archives where a color comes in: a category's archive in the store, a
/// `{"archive": …}` color of the JSON import; an unreadable one is marked in `--json`,
/// reported by the doctor and kept byte for byte.
@Suite struct AppleColorStoreTests {
    private static func pattern() throws -> Data {
        try ArchiveFixtures.archive(objects: [
            ["$class": ArchiveFixtures.uid(2), "NSColorSpace": 7], ["$classname": "NSColor", "$classes": ["NSColor", "NSObject"]],
        ])
    }

    private static func deviceRed() throws -> Data {
        try ArchiveFixtures.rootArchive("NSColor", ["NSColorSpace": 2, "NSRGB": Data("1 0.3333333333 0.3333333333\0".utf8)])
    }

    private func document(_ color: String) -> Data {
        Data("""
        {"format": "notes-export", "version": 1, "categories": [{"name": "Apple", "color": \(color)}],
         "notes": [{"title": "In it", "category": "Apple"}]}
        """.utf8)
    }

    @Test func theJSONImportReadsAColorGivenAsAnArchive() throws {
        let archive = try Self.deviceRed()
        let bundle = try JSONExchange.read(document("{\"archive\": \"\(archive.base64EncodedString())\"}"), file: "in.json")
        let color = try #require(bundle.categories.first?.color)
        #expect(color.hex == "#FF5555")
        #expect(color.sourceArchive == archive)
    }

    @Test func anUnreadableArchiveInTheJSONImportNamesItsClassAndPlace() throws {
        let text = document("{\"archive\": \"\(try Self.pattern().base64EncodedString())\"}")
        #expect(throws: ExchangeError.invalidDocument(
            file: "in.json", place: "categories[0].color.archive",
            reason: "an archived 'NSColor' whose color cannot be read: NSColorSpace 7 is a pattern image, which has no single color")) {
            try JSONExchange.read(text, file: "in.json")
        }
    }

    @Test func anUnreadableArchiveInTheStoreIsMarkedReportedAndKept() throws {
        // Given a store whose category holds a pattern NSColor (written by another program)
        let (folder, url) = try TemporaryFolder.forStore()
        defer { folder.remove() }
        let pattern = try Self.pattern()
        let store = try NotesStore.open(at: url)
        try store.commit(.putCategory(Category(name: "Wallpaper", color: try SerializableColor(hex: "#123456").keeping(sourceArchive: pattern))))
        try store.compactNow()
        store.close()

        // When it is opened
        let reopened = try NotesStore.open(at: url)
        defer { reopened.close() }
        let category = try #require(reopened.contents.categories.values.first)

        // Then the color is white, marked with the real reason, in --json too; the bytes are kept
        #expect(category.color.hex == "#FFFFFF")
        let json = String(decoding: JSONOutput.category(category, noteCount: 0).jsonBytes(), as: UTF8.self)
        #expect(json.contains("\"unreadable\":true") || json.contains("\"unreadable\": true"))
        #expect(json.contains("pattern image"))
        #expect(try ColorArchive.archive(category.color) == pattern)
        let export = try JSONExchange.document(of: reopened.contents)
        #expect(export["categories"]?.arrayValue?.first?["archive"]?.stringValue == pattern.base64EncodedString())

        // And the doctor names the category, the class and the reason
        let report = StoreDoctor.examine(at: url)
        let message = try #require(report.problems.first?.message)
        #expect(message.contains("category 'Wallpaper'") && message.contains("'NSColor'") && message.contains("pattern image"))
    }

    @Test func anExportOfAnUnreadableColorImportsWithItsBytes() throws {
        let pattern = try Self.pattern()
        let text = Data("""
        {"format": "notes-export", "version": 1, "categories": [{"name": "Wallpaper",
          "color": {"space": "srgb", "red": 1, "green": 1, "blue": 1, "alpha": 1, "hex": "#FFFFFF", "unreadable": true, "reason": "r"},
          "archive": "\(pattern.base64EncodedString())"}], "notes": []}
        """.utf8)
        let color = try #require(try JSONExchange.read(text, file: "in.json").categories.first?.color)
        #expect(color.sourceArchive == pattern)
        #expect(color.unreadableReason == "r")
    }
}
