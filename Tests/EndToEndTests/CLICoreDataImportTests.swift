import Foundation
import NotesTestSupport
import Testing

/// `notes import Notes.sqlite` through the real binary: a WAL-mode Core Data store of the
/// Notes app's model, still open in its writer, into a fresh store.
@Suite struct CLICoreDataImportTests {
    @Test func aNotesAppStoreComesInWithItsColorsAndAnUnreadableOneIsMarked() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.folder.remove() }
        let path = sandbox.folder.file("Notes.sqlite").path
        let pattern = try PropertyListSerialization.data(fromPropertyList: [
            "$archiver": "NSKeyedArchiver", "$version": 100_000, "$top": ["root": ["CF$UID": 1]],
            "$objects": ["$null", ["$class": ["CF$UID": 2], "NSColorSpace": 7], ["$classname": "NSColor", "$classes": ["NSColor", "NSObject"]]],
        ] as [String: Any], format: .xml, options: 0)
        let writer = try CoreDataStoreBuilder.notesApp(at: path, wal: true, keepOpen: true, categories: [
            .init("Work", color: .text("FF8800")), .init("Home", color: .text("")), .init("Wallpaper", color: .blob(pattern)),
        ], notes: [
            .init("Standup", contents: "today", createdAt: 721_692_800, updatedAt: 721_692_860, category: 0),
            .init("Tiles", contents: "", createdAt: 721_692_900, updatedAt: 721_692_900, category: 2),
        ])
        defer { writer.close() }
        let files = ["", "-wal", "-shm"].map { FileManager.default.contents(atPath: path + $0) }

        let result = try sandbox.run("import", path)

        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("2 new, 0 updated, 0 unchanged, 0 conflicts; added 3 categories"), "\(result)")
        #expect(result.stderr.contains("category 'Wallpaper'") && result.stderr.contains("'NSColor'"))
        #expect(["", "-wal", "-shm"].map { FileManager.default.contents(atPath: path + $0) } == files)
        let listing = try sandbox.ok("category", "list")
        #expect(listing.contains("#FF8800    Work"))
        #expect(listing.contains("#FFFFFF    Home"))
        let json = try sandbox.ok("category", "list", "--json")
        #expect(json.contains("\"unreadable\": true"))
        #expect(json.contains("pattern image"))
        let doctor = try sandbox.run("doctor")
        #expect(doctor.status == 1)
        #expect(doctor.stdout.contains("category 'Wallpaper'"))
        let notes = try sandbox.ok("list", "--json")
        #expect(notes.contains("\"created\": \"2023-11-14T22:13:20.000Z\""))
    }

    @Test func anUnknownModelIsRefusedWithWhatItHolds() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.folder.remove() }
        let path = sandbox.folder.file("Other.sqlite").path
        let builder = try CoreDataStoreBuilder(path: path)
        try builder.entity("Photo", attributes: [("pixels", "BLOB")])
        try builder.finish()

        let result = try sandbox.run("import", path)

        #expect(result.status == 1)
        #expect(result.stderr.contains("Photo (PIXELS)"))
        #expect(result.stderr.contains("--map"))
    }
}
