import Foundation
@testable import NotesCore
import NotesTestSupport
import Testing

/// Sync reads exactly what sync writes (issue 20): `#words`, links and two-word categories
/// reach the other home unchanged, and nothing travels back.
@Suite struct ExactSyncTests {
    @Test func hashWordsAndTwoWordCategoriesReachTheOtherHomeUnchanged() throws {
        let sandbox = try SyncSandbox()
        let homeA = try sandbox.machine("a"), homeB = try sandbox.machine("b")
        let office = Category(name: "Home Office", color: try SerializableColor(hex: "336699"))
        let date = ISODate.rounded(Date())
        let note = Note(title: "See #42", body: "Call about #42, see [faq](#faq)\r\n---\ntags: [x]\n", created: date,
                        categoryID: office.id, tags: ["real tag"])
        let trashed = Note(title: "Gone #x", body: "", created: date, categoryID: office.id, deleted: date)
        try homeA.commit([.putCategory(office), .putNote(note), .putNote(trashed)])

        try sandbox.sync(homeA)
        try sandbox.sync(homeB)

        #expect(HardNotes.differences(note, homeB.contents.notes[note.id]).isEmpty,
                "\(HardNotes.differences(note, homeB.contents.notes[note.id]))")
        #expect(HardNotes.differences(trashed, homeB.contents.trash[trashed.id]).isEmpty)
        #expect(homeB.contents.categories[office.id]?.name == "Home Office")
        #expect(homeB.contents.categories.count == 1)
        for home in [homeA, homeB] {
            let report = try sandbox.sync(home)
            #expect(report.received == 0 && !report.pushed)
        }
        #expect(homeA.contents.notes[note.id]?.tags == ["real tag"])
    }

    @Test func aNoteFileWhoseFolderContradictsItsHeaderIsAnError() throws {
        let note = Note(title: "N", deleted: ISODate.rounded(Date()))
        let data = Data(MarkdownExchange.document(for: note, category: nil).utf8)
        #expect(throws: SyncError.self) {
            try SyncFiles.readNote(path: "notes/\(note.id.uuidString).md", data: data, categories: [:])
        }
    }

    @Test func aFileWrittenBeforeTheFormatKeyIsReadTheSameWay() throws {
        let note = Note(title: "Old", body: "#not-a-tag", created: ISODate.rounded(Date()))
        var text = MarkdownExchange.document(for: note, category: nil)
        text = text.replacingOccurrences(of: "notes-format: \"notes-markdown/1\"\n", with: "")
        let read = try SyncFiles.readNote(path: "notes/\(note.id.uuidString).md", data: Data(text.utf8), categories: [:])
        #expect(read == note)
    }
}
