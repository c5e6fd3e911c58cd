import Foundation
import NotesTestData
import Testing
@testable import NotesModel
@testable import NotesExchange

/// Evernote exports past libxml2's 10 MB push-parse limit, made here (never stored):
/// read whole, and a file cut short still says so.
@Suite struct EnexLargeFileTests {
    /// An `.enex` of `count` notes, each with a paragraph of `paragraphBytes` and, on every
    /// tenth note, a small attachment.
    private func enex(notes count: Int, paragraphBytes: Int) -> String {
        let paragraph = String(repeating: "lorem ipsum dolor sit amet, ", count: paragraphBytes / 28)
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE en-export SYSTEM "http://xml.evernote.com/pub/evernote-export3.dtd">
            <en-export export-date="20240105T091500Z" application="Evernote" version="10.0">

            """
        for number in 1...count {
            let attachment = number % 10 == 0
                ? "<resource><data encoding=\"base64\">\(Data("file \(number)".utf8).base64EncodedString())</data>"
                    + "<mime>text/plain</mime><resource-attributes><file-name>f\(number).txt</file-name></resource-attributes></resource>"
                : ""
            xml += "<note><title>Note \(number)</title><content><![CDATA[<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
                + "<en-note><div>\(number): \(paragraph)</div></en-note>]]></content>"
                + "<created>20240105T091500Z</created><tag>big</tag>\(attachment)</note>\n"
        }
        return xml + "</en-export>\n"
    }

    @Test func anEnexOverTenMegabytesIsReadWhole() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let xml = Data(enex(notes: 600, paragraphBytes: 20_000).utf8)
        #expect(xml.count > 12_000_000, "past the old failure at about 10 MB: \(xml.count) bytes")
        try xml.write(to: folder.file("Work.enex"))

        let batch = ImportReader().read(paths: [folder.file("Work.enex").path])

        #expect(batch.skipped.isEmpty, "\(batch.skipped)")
        #expect(batch.bundle.notes.count == 600)
        #expect(batch.bundle.notes.map(\.title) == (1...600).map { "Note \($0)" })
        let last = try #require(batch.bundle.notes.last)
        #expect(last.body.hasPrefix("600: lorem ipsum"))
        #expect(last.tags == ["big"])
        #expect(last.attachments.map(\.relativePath) == ["attachments/\(last.id.uuidString)/f600.txt"])
        #expect(batch.attachments.count == 60)
        #expect(batch.bundle.categories.map(\.name) == ["Work"])
    }

    @Test func anEnexOverTheNoteFileLimitIsReadUpToTheExportLimitWithoutFrom() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Data(enex(notes: 100, paragraphBytes: 20_000).utf8).write(to: folder.file("export.xml"))
        var reader = ImportReader()
        reader.maximumFileSize = 1 << 20  // a note file's limit (64 MiB) made small; the 2 MB export is over it

        let batch = reader.read(paths: [folder.file("export.xml").path])

        #expect(batch.skipped.isEmpty, "\(batch.skipped)")
        #expect(batch.bundle.notes.count == 100)
    }

    @Test func anEnexCutShortKeepsTheNotesBeforeAndSaysSo() throws {
        let xml = Data(enex(notes: 3, paragraphBytes: 100).utf8)
        let cut = xml.prefix(xml.count - 20)

        let result = EnexReader(file: "c.enex", relative: "c.enex", dates: ImportDate()).read(Data(cut))

        #expect(result.bundle.notes.map(\.title) == ["Note 1", "Note 2"])
        let reason = try #require(result.skipped.first)
        #expect(reason.contains("the file ends inside an element (is it cut short?)"), "\(reason)")
        #expect(reason.hasSuffix("the 2 notes before it were read"), "\(reason)")
    }
}
