import Foundation
import NotesTestSupport
import Testing
@testable import NotesBase
@testable import NotesColor
@testable import NotesModel
@testable import NotesExchange
@testable import NotesSync

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

    /// A color archive written by another program (different bytes for the same color) is
    /// read, and kept as it is: no sync on either home rewrites it.
    @Test func aForeignArchiveOfTheSameColorIsKeptByteForByte() throws {
        let sandbox = try SyncSandbox()
        let homeA = try sandbox.machine("a"), homeB = try sandbox.machine("b")
        let color = try SerializableColor(colorSpace: .sRGB, red: 0.25, green: 0.5, blue: 0.75, alpha: 1)
        let category = Category(name: "Home Office", color: color)
        try homeA.commit([.putCategory(category), .putNote(Note(title: "N", created: ISODate.rounded(Date()), categoryID: category.id))])
        try sandbox.sync(homeA)
        let foreign = try ArchiveFixtures.colorArchive(ArchiveFixtures.validColorFields, format: .xml)
        #expect(try ColorArchive.unarchive(foreign) == color)
        #expect(foreign != (try ColorArchive.archive(color)))

        // Another program replaces the archive in the remote, same color, other bytes.
        let clone = sandbox.folder.file("clone")
        try GitCommand(folder: sandbox.folder.url, environment: sandbox.environment)
            .check("clone", ["clone", "-q", sandbox.remote.path, clone.path])
        let file = clone.appendingPathComponent(SyncFiles.categoriesFile)
        var json = try String(contentsOf: file, encoding: .utf8)
        let archiveLine = try #require(json.split(separator: "\n").first { $0.contains("\"archive\"") })
        json = json.replacingOccurrences(of: String(archiveLine), with: "      \"archive\": \"\(foreign.base64EncodedString())\",")
        try Data(json.utf8).write(to: file)
        let git = GitCommand(folder: clone, environment: sandbox.environment)
        try git.check("commit", ["-c", "user.name=other", "-c", "user.email=o@x", "commit", "-qam", "foreign archive"])
        try git.check("push", ["push", "-q", "origin", "HEAD:main"])
        let remote = GitCommand(folder: sandbox.remote, environment: sandbox.environment)
        let head = try remote.check("read main", ["rev-parse", "main"]).text

        for home in [homeB, homeA, homeB, homeA] { try sandbox.sync(home) }
        #expect(try remote.check("read main", ["rev-parse", "main"]).text == head, "no sync rewrote the archive")

        // A change elsewhere on A, merged with the remote, keeps the archive too.
        let note = Note(title: "Later", created: ISODate.rounded(Date()))
        try homeA.commit([.putNote(note)])
        let edit = Note(title: "On B", created: ISODate.rounded(Date()))
        try homeB.commit([.putNote(edit)])
        for home in [homeB, homeA, homeB, homeA] { try sandbox.sync(home) }
        #expect(try sandbox.remoteFiles()[SyncFiles.categoriesFile]?.contains(foreign.base64EncodedString()) == true)
        #expect(homeB.contents.notes[note.id] != nil && homeA.contents.notes[edit.id] != nil)
        #expect(homeB.contents.categories[category.id]?.color == color)
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
