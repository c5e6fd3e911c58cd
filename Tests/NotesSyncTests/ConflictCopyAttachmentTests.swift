import Foundation
import NotesTestSupport
import Testing
@testable import NotesBase
@testable import NotesModel
@testable import NotesStore

/// A conflict copy gets its own copies of the files of the version it keeps: deleting the
/// original for good no longer takes the copy's files (store, and sync on two homes).
@Suite struct ConflictCopyAttachmentTests {
    @Test func aConflictCopyCommittedToTheStoreGetsItsOwnFiles() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try NotesStore.open(at: folder.file("notes.json"))
        defer { store.close() }
        var original = Note(title: "Scan")
        let path = try AttachmentPath("attachments/\(original.id.uuidString)/page one.png")
        try AttachmentFiles.write(Data([7, 8, 9]), to: path, in: folder.url)
        original.attachments = [path]
        original.body = "![page](attachments/\(original.id.uuidString)/page%20one.png)"
        try store.commit(.putNote(original))

        let copy = ConflictCopyNaming.copy(of: original, id: UUID())
        let result = try store.commit(derivedFrom: { _ in [.putNote(copy)] })
        let stored = try #require(store.contents.notes[copy.id])
        let own = try AttachmentPath("attachments/\(copy.id.uuidString)/page one.png")
        #expect(stored.attachments == [own])
        #expect(stored.body == "![page](attachments/\(copy.id.uuidString)/page%20one.png)")
        #expect(result.changes == [.putNote(stored)], "the commit says what it wrote")
        #expect(try AttachmentFiles.read(own, in: folder.url) == Data([7, 8, 9]))

        try store.commit([.trashNote(original.id, at: Date())])
        try store.commit(.deleteNote(original.id))
        #expect(try AttachmentFiles.read(own, in: folder.url) == Data([7, 8, 9]))
        let report = StoreDoctor.examine(at: store.url)
        #expect(report.isHealthy && report.notices.isEmpty, "\(report)")
    }

    @Test func aSyncConflictCopyKeepsItsFilesOnBothHomesWhenTheOriginalIsDeletedForGood() throws {
        let sandbox = try SyncSandbox()
        let laptop = try sandbox.machine("laptop"), desktop = try sandbox.machine("desktop")
        let (id, path) = try SyncAttachmentTests().addNote(laptop, title: "Plan", file: "plan.pdf", bytes: Data("the plan".utf8))
        try sandbox.sync(laptop)
        try sandbox.sync(desktop)
        for (store, body, seconds) in [(laptop, "laptop's words", 10.0), (desktop, "desktop's words", 20.0)] {
            var note = try #require(store.contents.notes[id])
            note.body = body
            note.updated = ISODate.rounded(Date().addingTimeInterval(seconds))
            try store.commit(.putNote(note))
        }
        try sandbox.sync(laptop)
        let merged = try sandbox.sync(desktop)
        #expect(merged.conflictCopies.count == 1)
        try sandbox.sync(laptop)
        try sandbox.sync(desktop)
        let copyID = try #require(merged.conflictCopies.first)
        for store in [laptop, desktop] {
            let copy = try #require(store.contents.notes[copyID])
            #expect(copy.attachments.map(\.relativePath) == ["attachments/\(copyID.uuidString)/plan.pdf"])
            #expect(try AttachmentFiles.read(copy.attachments[0], in: store.url.deletingLastPathComponent()) == Data("the plan".utf8))
        }

        try laptop.commit([.trashNote(id, at: Date())])
        try laptop.commit(.deleteNote(id))
        try sandbox.sync(laptop)
        try sandbox.sync(desktop)
        #expect(desktop.contents.anyNote(id) == nil)
        for store in [laptop, desktop] {
            let copy = try #require(store.contents.notes[copyID])
            #expect(try AttachmentFiles.read(copy.attachments[0], in: store.url.deletingLastPathComponent()) == Data("the plan".utf8))
            let report = StoreDoctor.examine(at: store.url)
            #expect(report.isHealthy && report.notices.isEmpty, "\(report)")
        }
        #expect(laptop.contents.notes[copyID] == desktop.contents.notes[copyID])
    }
}
