import Foundation
import NotesTestSupport
import Testing

/// A note updated by a second import takes its file's attachments as they are now: a file
/// whose bytes changed is written under a new name (attachment files never change once
/// written), a new one is added, one the file no longer has is removed after the commit,
/// and the body's links follow.
@Suite struct CLIReimportAttachmentTests {
    private func enex(_ resources: [(name: String, text: String)], words: String) -> String {
        let media = resources.map { resource in
            "<en-media hash=\"\(md5(resource.text))\" type=\"text/plain\"/>"
        }.joined()
        let parts = resources.map { resource in
            "<resource><data encoding=\"base64\">\(Data(resource.text.utf8).base64EncodedString())</data><mime>text/plain</mime>"
                + "<resource-attributes><file-name>\(resource.name)</file-name></resource-attributes></resource>"
        }.joined()
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <en-export export-date="20240105T091500Z" application="Evernote" version="10.0">
            <note><title>With files</title><content><![CDATA[<en-note><div>\(words)</div>\(media)</en-note>]]></content>\
            <created>20240105T091500Z</created><updated>20240106T101500Z</updated>\(parts)</note>
            </en-export>
            """
    }

    private func md5(_ text: String) -> String {
        // The MD5 digests of the three texts below (`md5sum`).
        ["one\n": "5bbf5a52328e7439ae6e719dfe712200", "two\n": "c193497a1a06b2c72230e6146ff47080",
         "new file\n": "18519bfbd592b4e6cb238c5ccdbc209f", "one, edited\n": "a43a8d74466b4b8ad02119dfe283d13e"][text] ?? ""
    }

    private func files(in folder: URL) -> [String: String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return Dictionary(uniqueKeysWithValues: names.map { name in
            (name, (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? "")
        })
    }

    @Test func anUpdatedEvernoteNoteTakesItsFilesAttachmentsAsTheyAreNow() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let file = sandbox.folder.file("Notebook.enex")
        try Data(enex([("a.txt", "one\n"), ("b.txt", "two\n")], words: "See:").utf8).write(to: file)
        #expect(try sandbox.run("import", file.path).status == 0)
        let id = try #require(try sandbox.notes().first?["id"] as? String)
        let folder = URL(fileURLWithPath: sandbox.storePath).deletingLastPathComponent().appendingPathComponent("attachments/\(id)")
        #expect(files(in: folder) == ["a.txt": "one\n", "b.txt": "two\n"])

        // a.txt edited, b.txt gone, c.txt new.
        try Data(enex([("a.txt", "one, edited\n"), ("c.txt", "new file\n")], words: "See:").utf8).write(to: file)
        let again = try sandbox.run("import", file.path)

        #expect(again.status == 0, "\(again)")
        #expect(again.stdout.hasPrefix("0 new, 1 updated, 0 unchanged, 0 conflicts"), "\(again)")
        #expect(again.stdout.hasSuffix(", saved 2 attachments\n"), "\(again)")
        let notes = try sandbox.notes()
        #expect(notes.compactMap { $0["id"] as? String } == [id])
        let note = try #require(notes.first)
        #expect(note["attachments"] as? [String] == ["attachments/\(id)/a-2.txt", "attachments/\(id)/c.txt"])
        let body = try #require(note["body"] as? String)
        #expect(body.contains("[a.txt](attachments/\(id)/a-2.txt)"), "\(body)")
        #expect(body.contains("[c.txt](attachments/\(id)/c.txt)"), "\(body)")
        #expect(files(in: folder) == ["a-2.txt": "one, edited\n", "c.txt": "new file\n"])

        let third = try sandbox.run("import", file.path)
        #expect(third.stdout.hasPrefix("0 new, 0 updated, 1 unchanged, 0 conflicts"), "\(third)")
        #expect(files(in: folder) == ["a-2.txt": "one, edited\n", "c.txt": "new file\n"])
        let doctor = try sandbox.run("doctor")
        #expect(doctor.status == 0, "\(doctor)")
    }

    @Test func aTextBundleWhoseImageChangedOrThatGainedOneIsUpdated() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let notebook = sandbox.folder.file("notebook")
        let bundle = notebook.appendingPathComponent("Trip.textbundle")
        try FileManager.default.createDirectory(at: bundle.appendingPathComponent("assets"), withIntermediateDirectories: true)
        try Data("# Trip\n\n![](assets/map.png)\n".utf8).write(to: bundle.appendingPathComponent("text.md"))
        try Data("map one".utf8).write(to: bundle.appendingPathComponent("assets/map.png"))
        #expect(try sandbox.run("import", notebook.path).status == 0)
        let id = try #require(try sandbox.notes().first?["id"] as? String)
        let folder = URL(fileURLWithPath: sandbox.storePath).deletingLastPathComponent().appendingPathComponent("attachments/\(id)")
        #expect(files(in: folder) == ["map.png": "map one"])

        // The text unchanged; the image redrawn and a second one added.
        try Data("map two".utf8).write(to: bundle.appendingPathComponent("assets/map.png"))
        try Data("photo".utf8).write(to: bundle.appendingPathComponent("assets/photo.png"))
        let again = try sandbox.run("import", notebook.path)

        #expect(again.status == 0, "\(again)")
        #expect(again.stdout.hasPrefix("0 new, 1 updated, 0 unchanged, 0 conflicts"), "\(again)")
        let note = try #require(try sandbox.notes().first)
        #expect(try sandbox.notes().count == 1)
        #expect(note["attachments"] as? [String] == ["attachments/\(id)/map-2.png", "attachments/\(id)/photo.png"])
        #expect(files(in: folder) == ["map-2.png": "map two", "photo.png": "photo"])
        #expect(try sandbox.run("import", notebook.path).stdout.hasPrefix("0 new, 0 updated, 1 unchanged, 0 conflicts"))
    }
}
