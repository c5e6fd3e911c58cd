import Foundation
import NotesTestData
import Testing
import ZIPFoundation
@testable import NotesBase
@testable import NotesModel
@testable import NotesExchange

/// Hostile exports: zip bombs, entries that climb out of the archive, XML entities, deep
/// nesting. Each is one clear per-file error (or a bounded result), never a crash, a
/// file written outside, or a read of something else.
@Suite struct ImportToolLimitsTests {
    /// A zip archive in memory holding `files` (path → bytes), deflated.
    private func zip(_ files: [(String, Data)]) throws -> Data {
        let archive = try Archive(data: Data(), accessMode: .create)
        for (path, data) in files {
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count),
                                 compressionMethod: .deflate) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        return try #require(archive.data)
    }

    private func bundleFiles(_ root: String, title: String) -> [(String, Data)] {
        [("\(root)/text.md", Data("# \(title)\n\nBody of \(title)\n".utf8)),
         ("\(root)/info.json", Data(#"{"version": 2, "type": "net.daringfireball.markdown"}"#.utf8))]
    }

    @Test func anEntryThatInflatesPastTheLimitIsOneClearErrorAndTheOthersAreRead() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let bomb = Data(count: 3 << 20)  // 3 MiB of zeros: a few KB deflated
        let archive = try zip(bundleFiles("Good.textbundle", title: "Good") + [("Bomb.textbundle/text.md", bomb),
                                                                            ("Bomb.textbundle/info.json", Data("{}".utf8))])
        #expect(archive.count < 64 << 10)
        try archive.write(to: folder.file("backup.bear2bk"))

        var reader = ImportReader()
        reader.maximumFileSize = 1 << 20
        let batch = reader.read(paths: [folder.file("backup.bear2bk").path])

        #expect(batch.bundle.notes.map(\.title) == ["Good"])
        #expect(batch.skipped.count == 1)
        #expect(batch.skipped.first?.file.hasSuffix("backup.bear2bk/Bomb.textbundle") == true)
        #expect(batch.skipped.first?.reason.contains("larger than 1 MiB") == true, "\(batch.skipped)")
    }

    @Test func anEntryThatLiesAboutItsSizeStopsAtTheLimit() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var archive = try zip([("Lie.textbundle/text.md", Data(count: 3 << 20)), ("Lie.textbundle/info.json", Data("{}".utf8))])
        // Say 10 bytes in the local header and the central directory: the inflating is counted, not trusted.
        for signature: [UInt8] in [[0x50, 0x4B, 0x03, 0x04], [0x50, 0x4B, 0x01, 0x02]] {
            var start = archive.startIndex
            while let found = archive[start...].firstRange(of: signature) {
                let sizeOffset = found.lowerBound + (signature[2] == 0x03 ? 22 : 24)
                archive.replaceSubrange(sizeOffset..<sizeOffset + 4, with: [10, 0, 0, 0])
                start = found.upperBound
            }
        }
        try archive.write(to: folder.file("lie.textpack"))

        var reader = ImportReader()
        reader.maximumFileSize = 1 << 20
        let batch = reader.read(paths: [folder.file("lie.textpack").path])

        #expect(batch.bundle.notes.isEmpty)
        #expect(batch.skipped.count == 1, "\(batch.skipped)")
    }

    @Test func anEntryClimbingOutOfTheArchiveIsRefusedAndNothingIsWritten() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let archive = try zip(bundleFiles("Good.textbundle", title: "Good") + bundleFiles("../Evil.textbundle", title: "Evil")
                              + [("/etc/Evil2.textbundle/text.md", Data("x".utf8))])
        try FileManager.default.createDirectory(at: folder.file("in"), withIntermediateDirectories: true)
        try archive.write(to: folder.file("in/export.textpack"))

        let batch = ImportReader().read(paths: [folder.file("in/export.textpack").path])

        #expect(batch.bundle.notes.map(\.title) == ["Good"])
        #expect(batch.skipped.map(\.reason).contains("../Evil.textbundle/text.md: outside the archive, not read"))
        #expect(batch.skipped.allSatisfy { $0.reason.contains("outside the archive") })
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == ["in"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("in").path) == ["export.textpack"])
    }

    @Test func safePathsKeepTheArchiveInside() {
        #expect(ZipEntries.safePath("a/./b//c.md") == "a/b/c.md")
        #expect(ZipEntries.safePath("a\\b.md") == "a/b.md")
        #expect(ZipEntries.safePath("../a.md") == nil)
        #expect(ZipEntries.safePath("a/../../b.md") == nil)
        #expect(ZipEntries.safePath("/etc/passwd") == nil)
        #expect(ZipEntries.safePath("C:/x.md") == nil)
    }

    @Test func aZipThatIsNoToolsExportSaysWhatItHolds() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try zip([("photo.jpg", Data([1, 2, 3]))]).write(to: folder.file("named.md"))
        try Data([0x50, 0x4B, 0x03, 0x04, 0x00]).write(to: folder.file("broken.bear2bk"))
        let inFolder = try TemporaryFolder()
        defer { inFolder.remove() }
        try zip([("photo.jpg", Data([1, 2, 3]))]).write(to: inFolder.file("photos.zip"))
        try Data("# Note\n".utf8).write(to: inFolder.file("note.md"))

        let batch = ImportReader().read(paths: [folder.file("named.md").path, folder.file("broken.bear2bk").path])
        let walked = ImportReader().read(paths: [inFolder.url.path])

        #expect(batch.bundle.notes.isEmpty)
        #expect(batch.skipped.count == 2)
        #expect(batch.skipped.first?.reason.hasPrefix("a zip archive holding no Bear backup, TextBundle or Simplenote export") == true)
        #expect(batch.skipped.last?.reason.hasPrefix("not a readable zip archive") == true)
        #expect(walked.skipped.isEmpty && walked.ignored == 1 && walked.bundle.notes.map(\.title) == ["Note"],
                "a zip in a folder that is no export is ignored like any file that is not a note")
    }

    // MARK: Evernote

    @Test func anEnexDeclaringEntitiesIsRefusedBeforeParsing() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let xxe = """
            <?xml version="1.0"?>
            <!DOCTYPE en-export [<!ENTITY secret SYSTEM "file:///etc/passwd"><!ENTITY a "aaaaaaaaaa">]>
            <en-export><note><title>&secret;&a;</title><content>x</content></note></en-export>
            """
        try Data(xxe.utf8).write(to: folder.file("x.enex"))

        let batch = ImportReader().read(paths: [folder.file("x.enex").path])

        #expect(batch.bundle.notes.isEmpty)
        #expect(batch.skipped.map(\.reason) == ["line 2: declares XML entities (<!ENTITY): not read; an Evernote export declares none"])
    }

    @Test func aDeepEnexStopsAtTheLimitWithItsLine() throws {
        let depth = 100_000
        let xml = "<en-export><note><title>T</title>" + String(repeating: "<x>", count: depth)
            + String(repeating: "</x>", count: depth) + "</note></en-export>"

        let result = EnexReader(file: "deep.enex", relative: "deep.enex", dates: ImportDate()).read(Data(xml.utf8))

        let reason = try #require(result.skipped.first)
        #expect(reason.hasPrefix("line 1, column "), "\(reason)")
        #expect(reason.contains("nested more than 64 levels deep") || reason.contains("not well-formed XML"))
    }

    @Test func deepENMLIsReadWithoutRecursingPastTheLimit() {
        let depth = 100_000
        let enml = "<en-note>" + String(repeating: "<div><b>", count: depth) + "deep text"
            + String(repeating: "</b></div>", count: depth) + "<div>after</div></en-note>"

        let tree = HTMLTree.parse(enml)
        var levels = 0
        var element: HTMLTree.Element? = tree
        while let current = element {
            levels += 1
            element = current.children.lazy.compactMap { if case .element(let child) = $0 { child } else { nil } }.first
        }
        #expect(levels <= HTMLTree.maximumDepth + 2)
        let markdown = EnmlMarkdown().markdown(enml)
        #expect(markdown.contains("deep text"))
        #expect(markdown.hasSuffix("after"))
    }

    @Test func aBrokenEnexKeepsTheNotesBeforeTheErrorAndSaysWhere() throws {
        let xml = """
            <?xml version="1.0"?>
            <en-export>
            <note><title>One</title><content><![CDATA[<en-note><div>first</div></en-note>]]></content><created>20240105T091500Z</created></note>
            <note><title>Two</title><content>oops</contentx></note>
            </en-export>
            """
        let result = EnexReader(file: "b.enex", relative: "b.enex", dates: ImportDate()).read(Data(xml.utf8))

        #expect(result.bundle.notes.map(\.title) == ["One"])
        #expect(result.bundle.notes.first?.created == ISODate.parse("2024-01-05T09:15:00Z"))
        let reason = try #require(result.skipped.first)
        #expect(reason.hasPrefix("line 4, column "), "\(reason)")
        #expect(reason.hasSuffix("the note before it was read"))
    }

    @Test func anUnreadableEvernoteDateKeepsTheNoteWithAWarning() {
        let xml = "<en-export><note><title>T</title><content>x</content><created>10101T000000Z</created></note></en-export>"
        var reader = EnexReader(file: "d.enex", relative: "d.enex", dates: ImportDate())
        reader.now = ISODate.parse("2024-02-02T00:00:00Z") ?? Date()

        let result = reader.read(Data(xml.utf8))

        #expect(result.bundle.notes.first?.created == ISODate.parse("2024-02-02T00:00:00Z"))
        #expect(result.warnings == ["note 1 'T', 'created': '10101T000000Z' is not a date; the import time is used"])
    }

    @Test func md5MatchesKnownDigests() {
        #expect(MD5.hex(Data()) == "d41d8cd98f00b204e9800998ecf8427e")
        #expect(MD5.hex(Data("The quick brown fox jumps over the lazy dog".utf8)) == "9e107d9d372bb6826bd81d3542a419d6")
    }
}

/// Writing imported attachments into the store's folder.
@Suite struct ImportedAttachmentsTests {
    private func attachments(_ files: [(UUID, String, String)]) -> ImportedAttachments {
        var result = ImportedAttachments()
        var taken: [UUID: Set<String>] = [:]
        for (id, name, text) in files {
            if let path = ImportedAttachments.path(noteID: id, fileName: name, taken: &taken[id, default: []]) {
                result.add(Data(text.utf8), at: path)
            }
        }
        return result
    }

    @Test func onlyTheAddedNotesFilesAreWrittenUnderTheirIDs() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (added, skipped) = (UUID(), UUID())
        let files = attachments([(added, "a.txt", "one"), (added, "a.txt", "two"), (skipped, "b.txt", "three")])

        #expect(try files.write(for: [added], storeFolder: folder.url) == 2)

        let noteFolder = folder.file("attachments/\(added.uuidString)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: noteFolder.path).sorted() == ["a-2.txt", "a.txt"])
        #expect(try String(contentsOf: noteFolder.appendingPathComponent("a-2.txt"), encoding: .utf8) == "two")
        #expect(!FileManager.default.fileExists(atPath: folder.file("attachments/\(skipped.uuidString)").path))
        #expect(try files.write(for: [added], storeFolder: folder.url) == 0, "the same files again: kept, nothing written")
    }

    @Test func aDifferentFileIsNeverOverwrittenAndALinkNeverFollowed() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let outside = try TemporaryFolder()
        defer { outside.remove() }
        let id = UUID()
        try FileManager.default.createDirectory(at: folder.file("attachments/\(id.uuidString)"), withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: folder.file("attachments/\(id.uuidString)/a.txt"))
        #expect(throws: ExchangeError.self) { try attachments([(id, "a.txt", "theirs")]).write(for: [id], storeFolder: folder.url) }
        #expect(try String(contentsOf: folder.file("attachments/\(id.uuidString)/a.txt"), encoding: .utf8) == "mine")

        let other = UUID()
        try FileManager.default.createSymbolicLink(at: folder.file("attachments/\(other.uuidString)"), withDestinationURL: outside.url)
        #expect(throws: ExchangeError.self) { try attachments([(other, "b.txt", "x")]).write(for: [other], storeFolder: folder.url) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.url.path).isEmpty)
    }

    @Test func namesAreSafe() {
        #expect(ImportedAttachments.safeName("../../etc/passwd") == "passwd")
        #expect(ImportedAttachments.safeName("..") == "attachment")
        #expect(ImportedAttachments.safeName("a:b?.png") == "a-b-.png")
        #expect(ImportedAttachments.safeName(".hidden") == "hidden")
    }
}
