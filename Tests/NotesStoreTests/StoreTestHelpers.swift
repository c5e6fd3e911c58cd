import Foundation
import NotesTestData
import Testing
@testable import NotesColor
@testable import NotesModel

/// Shared helpers for the store, migration and doctor tests.
enum StoreFixtures {
    /// The bytes of a fixture in `Fixtures/`.
    static func bytes(_ name: String) throws -> Data {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"))
        return try Data(contentsOf: url)
    }

    /// A fresh folder with `notes.json` inside, optionally holding a fixture's bytes.
    static func store(_ fixture: String? = nil) throws -> (TemporaryFolder, URL) {
        let (folder, url) = try TemporaryFolder.forStore()
        if let fixture { try bytes(fixture).write(to: url) }
        return (folder, url)
    }

    static func color(_ hex: String) throws -> SerializableColor { try SerializableColor(hex: hex) }

    /// A category and two notes that use every field.
    static func sample() throws -> (Category, [Note]) {
        let work = Category(name: "Work", color: try SerializableColor(colorSpace: .displayP3, red: 0.25, green: 0.5, blue: 0.75, alpha: 0.5))
        let full = Note(
            title: "Plan \"Q3\" \\ ünïcödé 😀", body: "line 1\nline 2\ttab\u{1}control",
            created: Date(timeIntervalSinceReferenceDate: 700_000_000.123456),
            updated: Date(timeIntervalSinceReferenceDate: 700_000_100.000_001),
            categoryID: work.id, tags: ["q3", "planning"], kind: .checklist,
            attachments: [try AttachmentPath("files/plan.pdf"), try AttachmentPath("a b/c.png")])
        let plain = Note(title: "Plain", created: Date(timeIntervalSinceReferenceDate: -5))
        return (work, [full, plain])
    }

    static func fileMode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return try #require(attributes[.posixPermissions] as? Int)
    }
}
