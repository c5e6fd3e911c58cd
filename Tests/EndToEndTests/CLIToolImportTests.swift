import Foundation
import NotesTestSupport
import Testing

/// `notes import` of other tools' exports through the real binary: an Evernote export with
/// an attachment (saved beside the store, linked in the note), `--dry-run`, a second import,
/// and `--from` on a file whose name says nothing.
@Suite struct CLIToolImportTests {
    /// One note with one attachment, `hello.txt` holding "hello attachment\n" (MD5 17b8f931…).
    private let enex = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE en-export SYSTEM "http://xml.evernote.com/pub/evernote-export3.dtd">
        <en-export export-date="20240105T091500Z" application="Evernote" version="10.0">
        <note><title>With a file</title><content><![CDATA[<en-note><div>See <b>this</b>:</div>\
        <en-media hash="17b8f931068345055c3e719aab14f158" type="text/plain"/></en-note>]]></content>\
        <created>20240105T091500Z</created><updated>20240106T101500Z</updated><tag>inbox</tag>\
        <resource><data encoding="base64">aGVsbG8gYXR0YWNobWVudAo=</data><mime>text/plain</mime>\
        <resource-attributes><file-name>hello.txt</file-name></resource-attributes></resource></note>
        </en-export>
        """

    @Test func anEvernoteAttachmentIsSavedBesideTheStoreAndLinkedInTheNote() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let file = sandbox.folder.file("Work Notebook.enex")
        try Data(enex.utf8).write(to: file)
        let attachments = URL(fileURLWithPath: sandbox.storePath).deletingLastPathComponent().appendingPathComponent("attachments")

        let dry = try sandbox.run("import", "--dry-run", file.path)
        #expect(dry.status == 0)
        #expect(dry.stdout.hasSuffix("dry run, nothing written: would be 1 new, 0 updated, 0 unchanged, 0 conflicts; added 1 category, saved 1 attachment\n"), "\(dry)")
        #expect(!FileManager.default.fileExists(atPath: attachments.path))

        let result = try sandbox.run("import", file.path)

        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "1 new, 0 updated, 0 unchanged, 0 conflicts; added 1 category, saved 1 attachment\n")
        let note = try #require(try sandbox.notes().first)
        let id = try #require(note["id"] as? String)
        #expect(note["title"] as? String == "With a file")
        #expect(note["category"] as? String == "Work Notebook")
        let saved = attachments.appendingPathComponent(id).appendingPathComponent("hello.txt")
        #expect(try String(contentsOf: saved, encoding: .utf8) == "hello attachment\n")
        let shown = try sandbox.ok("show", id)
        #expect(shown.contains("See **this**:\n[hello.txt](attachments/\(id)/hello.txt)"))

        let again = try sandbox.run("import", file.path)
        #expect(again.stdout == "0 new, 0 updated, 1 unchanged, 0 conflicts\n")
    }

    @Test func fromReadsAnExportWhateverItsName() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let file = sandbox.folder.file("export.txt")
        try Data(#"{"activeNotes": [{"id": "a", "content": "Hello\n\nthere", "tags": ["x"]}], "trashedNotes": []}"#.utf8)
            .write(to: file)

        let result = try sandbox.run("import", "--from", "simplenote", file.path)

        #expect(result.status == 0, "\(result)")
        #expect(try sandbox.notes().compactMap { $0["title"] as? String } == ["Hello"])
    }

    /// A later Simplenote export imported again updates the note that changed there, adds
    /// the new one, and leaves the rest, as for a folder of files.
    @Test func aLaterSimplenoteExportUpdatesWhatChanged() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let export = sandbox.folder.file("simplenote")
        try FileManager.default.createDirectory(at: export.appendingPathComponent("source"), withIntermediateDirectories: true)
        func write(_ active: String, trashed: String = "") throws {
            try Data(#"{"activeNotes": [\#(active)], "trashedNotes": [\#(trashed)]}"#.utf8)
                .write(to: export.appendingPathComponent("source/notes.json"))
        }
        let kept = #"{"id": "a1", "content": "Kept\n\nas it was", "creationDate": "2024-01-02T10:00:00.000Z", "lastModified": "2024-01-02T10:00:00.000Z", "tags": []}"#
        let edited = #"{"id": "b2", "content": "Groceries\n\nmilk", "creationDate": "2024-01-03T10:00:00.000Z", "lastModified": "2024-01-03T10:00:00.000Z", "tags": ["home"]}"#
        try write(kept + ", " + edited)
        #expect(try sandbox.ok("import", export.path) == "2 new, 0 updated, 0 unchanged, 0 conflicts\n")

        let changed = #"{"id": "b2", "content": "Groceries\n\nmilk, eggs", "creationDate": "2024-01-03T10:00:00.000Z", "lastModified": "2024-02-01T09:30:00.000Z", "tags": ["home"]}"#
        let added = #"{"id": "c3", "content": "New one", "creationDate": "2024-02-02T10:00:00.000Z", "lastModified": "2024-02-02T10:00:00.000Z", "tags": []}"#
        try write(kept + ", " + changed + ", " + added)
        #expect(try sandbox.ok("import", export.path) == "1 new, 1 updated, 1 unchanged, 0 conflicts\n")

        let notes = try sandbox.notes()
        #expect(notes.count == 3)
        let groceries = try #require(notes.first { $0["title"] as? String == "Groceries" })
        #expect(groceries["body"] as? String == "milk, eggs")
        #expect(groceries["updated"] as? String == "2024-02-01T09:30:00.000Z")
        #expect(try sandbox.ok("import", export.path) == "0 new, 0 updated, 3 unchanged, 0 conflicts\n")
    }
}
