import Foundation
import NotesTestData
import Testing
@testable import NotesJSON
@testable import NotesColor
@testable import NotesModel
@testable import NotesExchange

/// A streamed export's notes are read in batches on other threads: the same bundle as a read
/// one note at a time, and for a bad document the same error, with its place.
@Suite struct JSONImportParallelTests {
    /// An export document of `count` notes in two categories (every third uncategorized),
    /// with tags, pins and aliases.
    private func document(count: Int) throws -> JSONValue {
        let work = Category(name: "Home Office", color: try SerializableColor(hex: "#336699"))
        let play = Category(name: "Café", color: try SerializableColor(hex: "#993366"))
        var database = NotesDatabase(notes: [], categories: [work, play])
        for index in 0..<count {
            let note = Note(title: "Note \(index) \"{[", body: "body \(index) [[Note \(index + 1)]] {[\"]}\n\u{1}é",
                            created: Date(timeIntervalSinceReferenceDate: Double(index * 60)),
                            categoryID: [work.id, play.id, nil][index % 3], tags: ["t\(index % 3)", "日本"],
                            pinned: index % 7 == 0, aliases: index % 5 == 0 ? ["alias \(index)"] : [])
            try database.apply(.putNote(note))
        }
        return try JSONExchange.document(of: database, includeTrash: true)
    }

    /// The document with its note at `index` changed by `change`.
    private func changing(_ document: JSONValue, note index: Int, _ change: (JSONValue) -> JSONValue) -> JSONValue {
        guard case .object(let members) = document else { return document }
        return .object(members.map { key, value in
            guard key == "notes", case .array(var notes) = value else { return (key, value) }
            notes[index] = change(notes[index])
            return (key, .array(notes))
        })
    }

    /// What a read one note at a time gives, then what the batched read gives (in batches of
    /// `batchNotes`, the text handed over in pieces of 97 bytes).
    private func bothReads(_ text: [UInt8], batchNotes: Int) -> (one: Result<ExchangeBundle, ExchangeError>, batched: Result<ExchangeBundle, ExchangeError>) {
        let one = Result { () throws(ExchangeError) in try JSONExchange.read(Data(text), file: "export.json") }
        let batched = Result { () throws(ExchangeError) in
            try JSONExchange.read(file: "export.json", batchNotes: batchNotes) { JSONStream(data: Data(text), pieceSize: 97) }
        }
        return (one, batched)
    }

    @Test func batchesGiveTheNotesOfAReadOneNoteAtATime() throws {
        let text = try document(count: 100).jsonBytes()
        for batchNotes in [1, 7, 64, 100, 2048] {
            let (one, batched) = bothReads(text, batchNotes: batchNotes)
            let expected = try one.get()
            #expect(expected.notes.count == 100)
            let same = try batched.get() == expected  // not printed on failure: a hundred notes
            #expect(same, "batches of \(batchNotes)")
        }
    }

    @Test func notesBeforeTheirCategoriesGetThemInEveryBatch() throws {
        guard case .object(let members) = try document(count: 50) else { Issue.record("not an object"); return }
        let reordered = JSONValue.object(members.filter { $0.0 != "categories" } + members.filter { $0.0 == "categories" })
        let (one, batched) = bothReads(reordered.jsonBytes(), batchNotes: 6)
        let bundle = try batched.get()
        #expect(bundle == (try one.get()))
        #expect(bundle.notes.filter { $0.categoryID != nil }.count == 34)
    }

    @Test func aBadNoteInALaterBatchIsTheErrorOfAReadOneNoteAtATime() throws {
        let document = try document(count: 60)
        let badDate = changing(document, note: 53) { $0.setting("created", to: .string("yesterday")) }
        let badTag = changing(document, note: 41) { $0.setting("tags", to: .array([.string("ok"), .integer(3)])) }
        let syntax = Array(String(decoding: changing(document, note: 47) { $0.setting("title", to: .string("MARKER")) }.jsonBytes(),
                                  as: UTF8.self).replacingOccurrences(of: "\"MARKER\"", with: "tru").utf8)
        let duplicate = Array(String(decoding: changing(document, note: 12) { $0.setting("title", to: .string("TWICE")) }.jsonBytes(),
                                     as: UTF8.self).replacingOccurrences(of: "\"TWICE\"", with: "\"a\", \"pinned\": true, \"pinned\": false").utf8)
        for (name, text, place) in [("date", badDate.jsonBytes(), "notes[53].created"), ("tag", badTag.jsonBytes(), "notes[41].tags[1]"),
                                    ("syntax", syntax, "notes[47]"), ("duplicate", duplicate, "notes[12]")] {
            let (one, batched) = bothReads(text, batchNotes: 5)
            guard case .failure(let expected) = one, case .failure(let error) = batched else {
                Issue.record("\(name): read without an error")
                continue
            }
            #expect(error == expected, "\(name)")
            #expect(String(describing: error).contains(place), "\(name): \(error)")
        }
    }

    @Test func aLargeExportFileIsReadInBatchesThroughTheImportReader() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.file("export.json")
        let document = try document(count: 40)
        try Data(document.jsonBytes()).write(to: file)
        var reader = ImportReader()
        reader.maximumFileSize = 4 << 10
        reader.streamPieceSize = 997
        reader.streamBatchNotes = 3
        let batch = reader.read(paths: [file.path])
        #expect(batch.skipped.isEmpty)
        let same = batch.bundle == (try JSONExchange.read(Data(document.jsonBytes()), file: file.path))
        #expect(same)

        // A bad note: the file is read again one note at a time, for the error's place
        try Data(changing(document, note: 31) { $0.setting("kind", to: .string("poem")) }.jsonBytes()).write(to: file)
        let bad = reader.read(paths: [file.path])
        #expect(bad.bundle.notes.isEmpty)
        #expect(bad.skipped.first?.reason.contains("notes[31].kind") == true, "\(bad.skipped)")
    }
}
