import Foundation
import Testing
@testable import NotesBase
@testable import NotesColor
@testable import NotesModel
@testable import NotesExchange
@testable import NotesSync

/// The repository's files: one Markdown file a note named by id, categories.json, and back.
@Suite struct SyncFilesTests {
    @Test func aSnapshotReadsBackFromItsFiles() throws {
        let color = try SerializableColor(colorSpace: .displayP3, red: 1, green: 0.2, blue: 0.1, alpha: 1)
        let category = Category(name: "Work", color: color)
        let gone = Category(name: "Old", deleted: ISODate.rounded(Date()))
        let date = ISODate.rounded(Date(timeIntervalSince1970: 1_700_000_000.5))
        let live = Note(title: "Plan", body: "line one\n\n- two\n", created: date, categoryID: category.id, tags: ["a", "b"], kind: .checklist)
        let trashed = Note(title: "Was", body: "x", created: date, categoryID: gone.id, deleted: date.addingTimeInterval(60))
        let snapshot = SyncSnapshot(notes: [live.id: live, trashed.id: trashed],
                                    categories: [category.id: SyncCategory(category, changed: date),
                                                 gone.id: SyncCategory(gone, changed: date)])

        let files = SyncFiles.files(for: snapshot)

        let liveName = live.id.uuidString, trashedName = trashed.id.uuidString
        #expect(Set(files.keys) == ["notes/\(liveName.prefix(2))/\(liveName).md", "trash/\(trashedName.prefix(2))/\(trashedName).md",
                                    "categories.json"])
        let read = try SyncFiles.snapshot(from: files)
        #expect(read.notes == snapshot.notes)
        #expect(read.categories.mapValues(\.category) == snapshot.categories.mapValues(\.category))
        #expect(read.categories[category.id]?.changed == date)
    }

    @Test(arguments: [
        ("Trailing spaces  ", "body"), ("Quote \" and colon: x", "---\nnot: front matter\n---\n"),
        ("CRLF", "one\r\ntwo\r\n"), ("No final newline", "last line"), ("Empty body", ""),
        ("Emoji 🧪", "  leading spaces\n\n\n"),
    ])
    func trickyNotesComeBackExactly(title: String, body: String) throws {
        let date = ISODate.rounded(Date(timeIntervalSince1970: 1_700_000_000))
        let note = Note(title: title, body: body, created: date, tags: ["a-tag", "x"])
        let files = SyncFiles.files(for: SyncSnapshot(notes: [note.id: note]))
        let read = try SyncFiles.snapshot(from: files)
        #expect(read.notes[note.id] == note)
    }

    @Test func aRenamedNoteKeepsItsFileName() {
        var note = Note(title: "Before")
        let before = SyncFiles.path(for: note)
        note.title = "After"
        #expect(SyncFiles.path(for: note) == before)
    }

    /// Layout 1 (`notes/<ID>.md`, what earlier versions wrote) is read as well as layout 2
    /// (`notes/<XY>/<ID>.md`); a file in a folder its id does not name is no note file.
    @Test func bothLayoutsAreReadAndAWrongFolderIsNoNoteFile() throws {
        let id = try #require(UUID(uuidString: "3FA85F64-5717-4562-B3FC-2C963F66AFA6"))
        #expect(SyncFiles.path(forNote: id, inTrash: false) == "notes/3F/\(id.uuidString).md")
        #expect(SyncFiles.path(forNote: id, inTrash: true) == "trash/3F/\(id.uuidString).md")
        for path in ["notes/3F/\(id.uuidString).md", "notes/\(id.uuidString).md", "trash/3F/\(id.uuidString).md"] {
            #expect(SyncFiles.noteID(inPath: path) == id, "\(path)")
            #expect(SyncFiles.fileKey(path) == path.replacingOccurrences(of: "/3F/", with: "/"))
        }
        for path in ["notes/40/\(id.uuidString).md", "notes/3F/x/\(id.uuidString).md", "notes/3f/\(id.uuidString).md",
                     "notes/\(id.uuidString.lowercased()).md", "other/\(id.uuidString).md"] {
            #expect(SyncFiles.noteID(inPath: path) == nil, "\(path)")
        }
        let note = Note(id: id, title: "Old layout", body: "text\n", created: ISODate.rounded(Date()))
        let read = try SyncFiles.readNote(path: "notes/\(id.uuidString).md",
                                          data: SyncFiles.document(for: note, category: nil), categories: [:])
        #expect(read == note)
    }

    @Test func aBrokenCategoriesFileIsAnErrorNamingIt() {
        #expect(throws: SyncError.self) { try SyncFiles.readCategories(Data("{\"categories\": [{}]}".utf8)) }
        #expect(throws: SyncError.self) { try SyncFiles.readCategories(Data("not json".utf8)) }
    }

    @Test func aNoteFileWhoseIdIsNotItsNameIsAnError() {
        let note = Note(title: "N")
        let data = Data(MarkdownExchange.document(for: note, category: nil).utf8)
        #expect(throws: SyncError.self) {
            try SyncFiles.readNote(path: "notes/\(UUID().uuidString).md", data: data, categories: [:])
        }
    }
}
