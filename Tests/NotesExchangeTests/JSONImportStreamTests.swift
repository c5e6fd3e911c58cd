import Foundation
import NotesTestData
import Testing
@testable import NotesJSON
@testable import NotesColor
@testable import NotesModel
@testable import NotesExchange

/// The notes JSON export is read one note at a time, at any size: the limits are per note.
@Suite struct JSONImportStreamTests {
    /// A database with `count` notes, every `hugeEvery`-th with a body of `hugeSize` bytes.
    private func database(count: Int, hugeEvery: Int, hugeSize: Int) throws -> NotesDatabase {
        let work = Category(name: "Home Office", color: try SerializableColor(hex: "#336699"))
        var database = NotesDatabase(notes: [], categories: [work])
        for index in 0..<count {
            let body = index % hugeEvery == 0 ? String(repeating: "\"é\\\n\u{1} ", count: hugeSize / 8) : "body \(index) {[\"]}"
            let note = Note(title: "Note \(index) \"{[", body: body,
                            created: Date(timeIntervalSinceReferenceDate: Double(index)),
                            categoryID: index % 2 == 0 ? work.id : nil, tags: ["t\(index % 3)"])
            try database.apply(.putNote(note))
        }
        return database
    }

    @Test func anExportLargerThanTheFileLimitImportsBackNoteForNote() throws {
        // Given an export several times larger than the file limit (a few huge bodies)
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let source = try database(count: 40, hugeEvery: 10, hugeSize: 20_000)
        let file = folder.file("export.json")
        let data = Data(try JSONExchange.document(of: source).jsonBytes())
        try data.write(to: file)
        var reader = ImportReader()
        reader.maximumFileSize = 16 << 10
        reader.streamPieceSize = 997
        #expect(data.count > 4 * reader.maximumFileSize)

        // When it is imported
        let batch = reader.read(paths: [file.path])

        // Then every note and category comes back as it was
        #expect(batch.skipped.isEmpty)
        let same = batch.bundle == ExchangeBundle(source)  // not printed on failure: the bodies are long
        #expect(same, "read back \(batch.bundle.notes.count) of 40 notes, \(batch.bundle.categories.count) of 1 categories")
        #expect(batch.sources.count == 40)
    }

    @Test func aNoteLargerThanTheNoteLimitSkipsTheFileWithItsPlace() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.file("export.json")
        try Data(JSONExchange.document(of: try database(count: 5, hugeEvery: 3, hugeSize: 4_000)).jsonBytes()).write(to: file)
        var reader = ImportReader()
        reader.maximumFileSize = 1 << 10
        reader.maximumNoteSize = 2 << 10
        let batch = reader.read(paths: [file.path])
        #expect(batch.bundle.notes.isEmpty)
        #expect(batch.skipped.count == 1)
        let reason = try #require(batch.skipped.first?.reason)
        #expect(reason.contains("(notes[0])"))
        #expect(reason.contains("larger than 2048 bytes"))
    }

    @Test func aLargeFileThatIsNotANotesExportIsSkippedWithAReason() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let jrnl = folder.file("journal.json")
        try Data("{\"tags\": {}, \"entries\": [\(Array(repeating: "{}", count: 100).joined(separator: ","))]}".utf8).write(to: jrnl)
        let markdown = folder.file("long.md")
        try Data(String(repeating: "# x\n", count: 100).utf8).write(to: markdown)
        var reader = ImportReader()
        reader.maximumFileSize = 64
        let batch = reader.read(paths: [jrnl.path, markdown.path])
        #expect(batch.skipped.map(\.file) == [jrnl.path, markdown.path])
        #expect(batch.skipped[0].reason.contains("not a notes export"))
        #expect(batch.skipped[1].reason.hasPrefix("larger than 64 bytes, not read"))
    }

    @Test func aStreamReadsInAnyPiecesWhatTheReaderReadsWhole() throws {
        let text = #"{"a": [1, -2.5e3, "x\"]", {"b": [true, false, null]}], "c": "é\u00e9", "d": {}} "#
        let whole = try JSONValue.parse(text)
        for pieceSize in [1, 2, 3, 7, 100] {
            var stream = JSONStream(data: Data(text.utf8), pieceSize: pieceSize)
            var members: [(String, JSONValue)] = []
            try stream.readObject { (stream: inout JSONStream, key: String) throws(JSONError) in
                members.append((key, try stream.readValue()))
            }
            try stream.expectEnd()
            #expect(JSONValue.object(members) == whole, "piece size \(pieceSize)")
        }
    }

    @Test func errorsSayTheLineAndColumnInTheWholeDocument() throws {
        let text = "{\"notes\": [\n  {\"title\": \"a\"},\n  {\"title\": \"b\" \"oops\"}\n]}"
        var stream = JSONStream(data: Data(text.utf8), pieceSize: 4)
        #expect {
            try stream.readObject { (stream: inout JSONStream, _: String) throws(JSONError) in
                try stream.readArray { (stream: inout JSONStream, _: Int) throws(JSONError) in _ = try stream.readValue() }
            }
        } throws: { error in
            let error = error as? JSONError
            return error?.line == 3 && error?.column == 17 && error?.pathText == "notes[1]"
        }
    }
}
