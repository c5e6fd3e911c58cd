import Foundation
import NotesTestData
import Testing
@testable import NotesJSON
@testable import NotesExchange

/// JSON and jrnl files from outside: nesting beyond `JSONReader.maxDepth` is a per-file error
/// naming the file and the place, found without reading further; large arrays are read whole.
struct JSONImportLimitsTests {
    private static let depth = 100_000
    private static let deepArray = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)

    @Test func nesting100000DeepIsReportedPerFileAndTheOtherFilesAreImported() throws {
        // Given a folder with a JSON export and a jrnl export nested 100,000 deep, and a good note
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let documents = [
            "deep.json": "{\"format\": " + Self.deepArray + "}",
            "deep-jrnl.json": "{\"entries\": [{\"date\": \"2024-01-02\", \"title\": \"t\", \"tags\": " + Self.deepArray + "}]}",
            "good.md": "# Good\n\nbody\n",
        ]
        for (name, text) in documents { try Data(text.utf8).write(to: folder.file(name)) }

        // When the folder is imported
        let batch = ImportReader().read(paths: [folder.url.path])

        // Then each deep file is skipped with its name, the place and the reason, and the good note is read
        let shown = folder.url.path
        let skipped = Dictionary(uniqueKeysWithValues: batch.skipped.map { ($0.file, $0.reason) })
        #expect(skipped.count == 2, "\(batch.skipped)")
        #expect(skipped[shown + "/deep.json"] == "line 1, column 76 (format" + String(repeating: "[0]", count: JSONReader.maxDepth - 1) + "): nesting deeper than 64 levels")
        let jrnlReason = try #require(skipped[shown + "/deep-jrnl.json"])
        #expect(jrnlReason.hasPrefix("line 1, column "), "\(jrnlReason)")
        #expect(jrnlReason.contains("(entries[0].tags[0]"), "\(jrnlReason)")
        #expect(jrnlReason.hasSuffix("nesting deeper than 64 levels"), "\(jrnlReason)")
        #expect(batch.bundle.notes.map(\.title) == ["Good"])
    }

    @Test func theReaderStopsAtTheLimitWithoutReadingFurther() throws {
        // Given 100,000-deep nesting
        let bytes = Array(Self.deepArray.utf8)

        // When it is read, the error is at the first bracket past the limit
        var failure: JSONError?
        do { _ = try JSONValue.parse(bytes) } catch { failure = error }
        let error = try #require(failure)
        #expect(error.offset == JSONReader.maxDepth + 1, "\(error)")
        #expect(error.path.count == JSONReader.maxDepth)
    }

    @Test func aJrnlExportOf20000EntriesIsReadWhole() throws {
        // Given a jrnl export of 20,000 entries, one a line
        let entries = (0..<20_000).map { "{\"date\": \"2024-01-02\", \"time\": \"10:30\", \"title\": \"entry \($0)\", \"body\": \"b\", \"tags\": [\"@t\($0 % 7)\"]}" }
        let text = "{\"tags\": {}, \"entries\": [\n" + entries.joined(separator: ",\n") + "\n]}"
        let root = try JSONValue.parse(text)

        // When it is read
        var bundle = ExchangeBundle()
        try JrnlExchange.read(root, file: "big.json", relativePath: "big.json", into: &bundle)

        // Then every entry is a note
        #expect(bundle.notes.count == 20_000)
        #expect(Set(bundle.notes.map(\.id)).count == 20_000)
    }
}
