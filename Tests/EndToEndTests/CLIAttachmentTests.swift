import Foundation
import NotesTestSupport
import Testing

/// Imported attachments are part of their note through the real binary: a Markdown export
/// writes them beside the notes and its import brings them back exactly; emptying the trash
/// removes them, moving to the trash and back keeps them; `doctor` lists missing files and
/// folders no note owns.
@Suite struct CLIAttachmentTests {
    /// One note with two attachments: `hello.txt` ("hello attachment\n") and `notes.md`
    /// ("# not a note\n"), which a folder import must not read as a note of its own.
    private let enex = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE en-export SYSTEM "http://xml.evernote.com/pub/evernote-export3.dtd">
        <en-export export-date="20240105T091500Z" application="Evernote" version="10.0">
        <note><title>With files</title><content><![CDATA[<en-note><div>See:</div>\
        <en-media hash="17b8f931068345055c3e719aab14f158" type="text/plain"/></en-note>]]></content>\
        <created>20240105T091500Z</created><updated>20240106T101500Z</updated>\
        <resource><data encoding="base64">aGVsbG8gYXR0YWNobWVudAo=</data><mime>text/plain</mime>\
        <resource-attributes><file-name>hello.txt</file-name></resource-attributes></resource>\
        <resource><data encoding="base64">IyBub3QgYSBub3RlCg==</data><mime>text/markdown</mime>\
        <resource-attributes><file-name>notes.md</file-name></resource-attributes></resource></note>
        </en-export>
        """

    /// Imports the Evernote note into `sandbox`'s store; returns its id and the store's `attachments/` folder.
    private func importNote(_ sandbox: CLISandbox) throws -> (id: String, folder: URL) {
        let file = sandbox.folder.file("Notebook.enex")
        try Data(enex.utf8).write(to: file)
        let result = try sandbox.run("import", file.path)
        #expect(result.status == 0, "\(result)")
        let id = try #require(try sandbox.notes().first?["id"] as? String)
        let folder = URL(fileURLWithPath: sandbox.storePath).deletingLastPathComponent().appendingPathComponent("attachments")
        return (id, folder)
    }

    /// Every file under `folder`, by path relative to it.
    private func files(under folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            files[String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1))] = FileManager.default.contents(atPath: url.path)
        }
        return files
    }

    @Test func aMarkdownExportCarriesTheAttachmentsAndItsImportBringsThemBackExactly() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let (id, _) = try importNote(sandbox)
        let exported = sandbox.folder.file("export")

        let export = try sandbox.run("export", "--format", "markdown", "--output", exported.path)

        #expect(export.status == 0, "\(export)")
        #expect(export.stdout == "exported 1 note and 2 attachments to \(exported.path)\n")
        let written = files(under: exported)
        #expect(written["attachments/\(id)/hello.txt"] == Data("hello attachment\n".utf8))
        #expect(written["attachments/\(id)/notes.md"] == Data("# not a note\n".utf8))
        let document = try #require(written["With files.md"].flatMap { String(data: $0, encoding: .utf8) })
        // The body's link, relative to the note's file, names the file written beside it.
        #expect(document.contains("[hello.txt](attachments/\(id)/hello.txt)"))
        #expect(written.count == 3)

        let other = try CLISandbox()
        defer { other.remove() }
        let imported = try other.run("import", exported.path)
        #expect(imported.status == 0, "\(imported)")
        #expect(imported.stdout.hasPrefix("1 new, 0 updated, 0 unchanged, 0 conflicts;") && imported.stdout.hasSuffix(", saved 2 attachments\n"), "\(imported)")
        #expect(try other.notes().compactMap { $0["id"] as? String } == [id])
        let otherFolder = URL(fileURLWithPath: other.storePath).deletingLastPathComponent().appendingPathComponent("attachments")
        #expect(files(under: otherFolder) == files(under: URL(fileURLWithPath: sandbox.storePath).deletingLastPathComponent()
            .appendingPathComponent("attachments")))

        // Round trip: the second store exports the very same files.
        let again = other.folder.file("again")
        #expect(try other.run("export", "--format", "markdown", "--output", again.path).status == 0)
        #expect(files(under: again) == written)
    }

    @Test func aJSONExportSaysItHoldsNoAttachmentFiles() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        _ = try importNote(sandbox)

        let result = try sandbox.run("export", "--format", "json")

        #expect(result.status == 0)
        #expect(result.stderr.contains("warning: 1 note has attachments; a JSON export names them but does not hold their files"))
    }

    @Test func anExportOfANoteWhoseFileIsMissingWarnsAndExportsTheRest() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let (id, folder) = try importNote(sandbox)
        try FileManager.default.removeItem(at: folder.appendingPathComponent(id).appendingPathComponent("notes.md"))
        let exported = sandbox.folder.file("export")

        let result = try sandbox.run("export", "--format", "markdown", "--output", exported.path)

        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "exported 1 note and 1 attachment to \(exported.path)\n")
        #expect(result.stderr.contains("warning: attachment of \"With files\" (\(id)): "))
        #expect(Set(files(under: exported).keys) == ["With files.md", "attachments/\(id)/hello.txt"])
    }

    @Test func theTrashKeepsAttachmentsAndEmptyingItRemovesThem() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let (id, folder) = try importNote(sandbox)
        let noteFolder = folder.appendingPathComponent(id)

        try sandbox.ok("rm", id)
        #expect(files(under: noteFolder).count == 2)
        try sandbox.ok("restore", id)
        #expect(files(under: noteFolder).count == 2)
        #expect(try sandbox.ok("doctor").contains("healthy"))

        try sandbox.ok("rm", id)
        #expect(try sandbox.ok("trash", "empty") == "deleted 1 note for good\n")
        #expect(!FileManager.default.fileExists(atPath: noteFolder.path))
        #expect(try sandbox.ok("doctor").contains("healthy"))
    }

    @Test func doctorListsMissingFilesAndFoldersNoNoteOwns() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let (id, folder) = try importNote(sandbox)
        let orphan = folder.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: orphan, withIntermediateDirectories: true)
        try Data("left".utf8).write(to: orphan.appendingPathComponent("left.png"))

        let notice = try sandbox.run("doctor")
        #expect(notice.status == 0, "a folder no note owns is not a problem: \(notice)")
        #expect(notice.stdout.contains("note: \(orphan.path) belongs to no note"), "\(notice)")

        let missing = folder.appendingPathComponent(id).appendingPathComponent("hello.txt")
        try FileManager.default.removeItem(at: missing)
        let problem = try sandbox.run("doctor")
        #expect(problem.status == 1)
        #expect(problem.stdout.contains("\(missing.path): missing: an attachment of the note \"With files\" (\(id))"), "\(problem)")
    }
}
