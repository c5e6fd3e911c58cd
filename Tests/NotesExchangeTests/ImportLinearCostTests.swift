import Foundation
import NotesTestData
import Testing
import ZIPFoundation
@testable import NotesModel
@testable import NotesExchange

/// Hostile files that used to hang an import (each took the square of its size or worse):
/// every reader counts the work it does, and the count at four times the size must be
/// about four times as large (twice the size of the input or more would be 16 times for a
/// quadratic reader). The inputs are made here, at two sizes each, never kept as files.
@Suite struct ImportLinearCostTests {
    /// Whether `small` and `large` (the work at `size` and at 4 × `size`) grow like the input.
    private static func isLinear(_ small: Int, _ large: Int, slack: Double = 4.6) -> Bool {
        small > 0 && Double(large) <= Double(small) * slack
    }

    // MARK: Bear

    @Test func aBearTagThatNeverClosesIsReadOnce() {
        // `#a` then blanks and no closing `#`: the `#two words#` pattern used to backtrack over them.
        func work(_ blanks: Int) -> Int {
            var work = 0
            let (tags, rest) = TextBundleReader.bearMultiWordTags(in: "#a" + String(repeating: " ", count: blanks) + "x", work: &work)
            #expect(tags.isEmpty && rest.count == blanks + 3)
            return work
        }
        let small = work(2_000)
        let large = work(8_000)
        #expect(Self.isLinear(small, large), "\(small) → \(large)")
        #expect(large <= 2 * 8_003)
    }

    @Test func aLineOfManyBearTagsIsNotCopiedOncePerTag() {
        // One `replacingOccurrences` over the whole line per tag made this the square of the line.
        func work(_ count: Int) -> Int {
            var work = 0
            let line = (0..<count).map { "#tag \($0)# " }.joined()
            let (tags, rest) = TextBundleReader.bearMultiWordTags(in: line, work: &work)
            #expect(tags.count == count)
            #expect(rest == String(repeating: " ", count: count))
            return work
        }
        let small = work(1_000)
        let large = work(4_000)
        #expect(Self.isLinear(small, large), "\(small) → \(large)")
    }

    @Test func bearTagsAreStillFoundAndRemovedWhereTheyAre() {
        let (tags, rest) = TextBundleReader.bearMultiWordTags(in: "#two words# and x#not one# #three word tag# #one#\nnext #a b#")
        #expect(tags == ["two words", "three word tag", "a b"])
        #expect(rest == " and x#not one#  #one#\nnext ")
    }

    // MARK: Evernote

    @Test func aPreLineOfBlanksIsTrimmedFromItsEndOnly() {
        // A `\s+$` pattern was run on every output line: 16,000 blanks then `x` took 22 s.
        func work(_ blanks: Int) -> Int {
            let (markdown, work) = EnmlMarkdown().markdownCountingWork(
                "<en-note><pre>" + String(repeating: " ", count: blanks) + "x</pre><pre>y" + String(repeating: " ", count: blanks)
                    + "</pre></en-note>")
            #expect(markdown == "```\n" + String(repeating: " ", count: blanks) + "x\n```\n\n```\ny\n```")
            return work
        }
        let small = work(4_000)
        let large = work(16_000)
        #expect(Self.isLinear(small, large), "\(small) → \(large)")
    }

    @Test func emptyInlineElementsUndoOnlyTheirMarker() {
        // 320,000 `<b></b>` each rebuilt the current line when it undid its empty `**`.
        func work(_ count: Int) -> Int {
            let enml = "<en-note><div>" + String(repeating: "x<b></b><i><s></s></i>", count: count) + "</div></en-note>"
            let (markdown, work) = EnmlMarkdown().markdownCountingWork(enml)
            #expect(markdown == String(repeating: "x", count: count))
            return work
        }
        let small = work(5_000)
        let large = work(20_000)
        #expect(Self.isLinear(small, large), "\(small) → \(large)")
    }

    @Test func aLongAttachmentNameIsCutInOnePass() {
        // A 200,000-character `<file-name>` was cut to 200 bytes one character at a time.
        func work(_ length: Int) -> Int {
            var work = 0
            let name = ImportedAttachments.safeName(String(repeating: ".", count: length) + String(repeating: "é", count: length) + ".png",
                                                    work: &work)
            #expect(name.utf8.count <= 200 && name.hasSuffix("éé.png"))
            return work
        }
        let small = work(50_000)
        let large = work(200_000)
        #expect(Self.isLinear(small, large), "\(small) → \(large)")
    }

    @Test func anEvernoteResourceWithAHugeFileNameIsImportedWithItsEnd() throws {
        let name = String(repeating: "a", count: 200_000) + ".txt"
        let enex = """
        <?xml version="1.0" encoding="UTF-8"?>
        <en-export><note><title>Long name</title><content><![CDATA[<en-note><div>x</div></en-note>]]></content>
        <resource><data encoding="base64">aGVsbG8=</data><mime>text/plain</mime>
        <resource-attributes><file-name>\(name)</file-name></resource-attributes></resource></note></en-export>
        """
        let result = EnexReader(file: "long.enex", relative: "long.enex", dates: ImportDate()).read(Data(enex.utf8))

        #expect(result.skipped.isEmpty, "\(result.skipped)")
        let path = try #require(result.bundle.notes.first?.attachments.first)
        let saved = try #require(path.relativePath.split(separator: "/").last)
        #expect(saved.utf8.count == 200 && saved.hasSuffix("a.txt"))
    }

    // MARK: Bear backups

    @Test func eachBundleFindsItsAssetsWithoutScanningTheArchive() {
        // A `.bear2bk` of 20,000 one-file bundles scanned every entry for each bundle's assets.
        func work(_ bundles: Int) -> Int {
            var paths: [String] = []
            for number in 0..<bundles {
                paths += ["Note \(number).textbundle/text.md", "Note \(number).textbundle/info.json",
                          "Note \(number).textbundle/assets/photo.png"]
            }
            var work = 0
            let assets = ImportReader.assetPaths(of: (0..<bundles).map { "Note \($0).textbundle" }, in: paths, work: &work)
            #expect(assets.count == bundles)
            #expect(assets["Note 7.textbundle"]?.map(\.name) == ["photo.png"])
            return work
        }
        let small = work(2_000)
        let large = work(8_000)
        // A binary search a bundle: n log n, far below the n² of a scan per bundle.
        #expect(small > 0 && large <= small * 6, "\(small) → \(large)")
    }

    @Test func assetsKeepTheArchiveOrderAndTheirFolders() {
        var work = 0
        let paths = ["B.textbundle/assets/z.png", "A.textbundle/text.md", "B.textbundle/assets/sub/a.png",
                     "assets/top.png", "B.textbundle/assetsx/no.png", "B.textbundle/assets/b.png"]
        let assets = ImportReader.assetPaths(of: ["B.textbundle", "", "A.textbundle"], in: paths, work: &work)

        #expect(assets["B.textbundle"]?.map(\.name) == ["z.png", "sub/a.png", "b.png"])
        #expect(assets[""]?.map(\.path) == ["assets/top.png"])
        #expect(assets["A.textbundle"]?.isEmpty == true)
    }

    @Test func aBackupOfManyOneFileBundlesGivesEachNoteItsOwnAsset() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let archive = try Archive(data: Data(), accessMode: .create)
        for number in 0..<300 {
            for (path, text) in [("text.md", "# Note \(number)\n\n![](assets/n.txt)\n"),
                                 ("info.json", #"{"version": 2, "type": "net.daringfireball.markdown"}"#),
                                 ("assets/n.txt", "asset \(number)")] {
                let data = Data(text.utf8)
                try archive.addEntry(with: "Note \(number).textbundle/\(path)", type: .file, uncompressedSize: Int64(data.count),
                                     compressionMethod: .none) { position, size in
                    data.subdata(in: Int(position)..<Int(position) + size)
                }
            }
        }
        try #require(archive.data).write(to: folder.file("backup.bear2bk"))

        let batch = ImportReader().read(paths: [folder.file("backup.bear2bk").path])

        #expect(batch.skipped.isEmpty, "\(batch.skipped)")
        #expect(batch.bundle.notes.count == 300)
        for note in batch.bundle.notes {
            let path = try #require(note.attachments.first)
            #expect(note.attachments.count == 1)
            #expect(batch.attachments.files[path] == Data("asset \(note.title.dropFirst(5))".utf8), "\(note.title)")
        }
    }

    // MARK: Attachments following a note

    @Test func linkTargetsAreRenamedInOnePassWhateverTheirParentheses() {
        let renames = ["attachments/A/photo%20(1).png": "attachments/B/photo%20(1).png", "attachments/A/x.pdf": "attachments/B/x.pdf"]
        let body = "![](attachments/A/photo%20(1).png) and [x](attachments/A/x.pdf) but not (attachments/A/x.pdfx) or ((attachments/A/x.pdf)"

        #expect(Importer.replacingLinkTargets(in: body, renames)
            == "![](attachments/B/photo%20(1).png) and [x](attachments/B/x.pdf) but not (attachments/A/x.pdfx) or ((attachments/B/x.pdf)")
    }
}
