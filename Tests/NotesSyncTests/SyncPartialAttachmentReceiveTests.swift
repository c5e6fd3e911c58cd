import Foundation
import NotesTestSupport
import Testing
@testable import NotesBase
@testable import NotesModel
@testable import NotesStore
@testable import NotesSync

/// A sync of a store opened for a few notes that receives notes with attachments: when the
/// remote holds this home's commit and changes a few note files and the attachment folders
/// of those notes, it loads those notes only and writes their files into the store's folder
/// (plain and encrypted); an attachment changed under a note not coming in, or attachments
/// in a merge, read every note. Either way both homes end with the same notes and files.
@Suite struct SyncPartialAttachmentReceiveTests {
    let sandbox: SyncSandbox
    let notes: [Note]

    /// Two homes, laptop and desktop, each holding the same 12 notes in a compacted store,
    /// the first four with one attachment file each; each home's position names its snapshot.
    init(encrypted: Bool) throws {
        sandbox = try SyncSandbox()
        let laptop = try sandbox.machine("laptop"), desktop = try sandbox.machine("desktop")
        if encrypted {
            let key = try sandbox.engine(laptop).encrypt()
            _ = try sandbox.engine(desktop).encrypt(identityFile: key.identityPath)
        }
        let created = ISODate.rounded(Date(timeIntervalSinceReferenceDate: 800_000_000))
        var made: [Note] = []
        for index in 0..<12 {
            var note = Note(title: "Note \(index)", body: "body \(index)", created: created)
            if index < 4 {
                let path = try AttachmentPath("attachments/\(note.id.uuidString)/photo \(index).png")
                try AttachmentFiles.write(Self.bytes(index), to: path, in: Self.folder(laptop))
                note.attachments = [path]
            }
            made.append(note)
        }
        notes = made
        try laptop.commit(notes.map(StoreChange.putNote))
        try laptop.compactNow()
        try sandbox.sync(laptop)
        laptop.close()
        try sandbox.sync(desktop)
        try desktop.compactNow()
        try sandbox.sync(desktop)
        desktop.close()
    }

    /// The two homes in plain text.
    init() throws { try self.init(encrypted: false) }

    static func bytes(_ seed: Int, count: Int = 2000) -> Data { Data((0..<count).map { UInt8(($0 * 7 + seed) % 251) }) }
    static func folder(_ store: NotesStore) -> URL { store.url.deletingLastPathComponent() }
    func folder(_ name: String) -> URL { sandbox.storeURL(name).deletingLastPathComponent() }

    /// Commits `changes` to home `name`, as another command would.
    func commit(_ name: String, _ changes: [StoreChange]) throws {
        let store = try sandbox.open(name)
        defer { store.close() }
        try store.commit(changes)
    }

    /// Note `index`, edited `seconds` after its creation, with `body`.
    func edited(_ index: Int, body: String, seconds: Double = 60) -> Note {
        var note = notes[index]
        note.body = body
        note.updated = ISODate.rounded(note.created.addingTimeInterval(seconds))
        return note
    }

    /// Syncs home `name` opened as `notes sync` opens it: for the notes its journal touched.
    func syncPartly(_ name: String) throws -> (report: SyncEngine.Report, stayedPartial: Bool) {
        let store = try NotesStore.open(at: sandbox.storeURL(name), touching: [])
        defer { store.close() }
        #expect(store.isPartial)
        let report = try sandbox.sync(store)
        return (report, store.isPartial)
    }

    /// Both homes' notes, each read whole, after syncing them in turn until nothing moves.
    func converged() throws -> (laptop: NotesDatabase, desktop: NotesDatabase) {
        for name in ["laptop", "desktop", "laptop"] { _ = try syncPartly(name) }
        let laptop = try sandbox.open("laptop"), desktop = try sandbox.open("desktop")
        defer { laptop.close(); desktop.close() }
        return (laptop.contents, desktop.contents)
    }

    /// The desktop gives note 1 a second attachment, `scan.pdf`; returns its path and bytes.
    func addScanOnTheDesktop() throws -> (AttachmentPath, Data) {
        var note = edited(1, body: "with a scan")
        let added = try AttachmentPath("attachments/\(note.id.uuidString)/scan.pdf")
        let bytes = Data("%PDF-1.4 a scan".utf8)
        try AttachmentFiles.write(bytes, to: added, in: folder("desktop"))
        note.attachments.append(added)
        try commit("desktop", [.putNote(note)])
        return (added, bytes)
    }

    @Test(arguments: [false, true])
    static func aNoteWithAnAttachmentAddedElsewhereComesInAloneWithItsFile(encrypted: Bool) throws {
        let test = try SyncPartialAttachmentReceiveTests(encrypted: encrypted)
        let (added, bytes) = try test.addScanOnTheDesktop()
        #expect(try test.syncPartly("desktop").report.pushed)

        let (report, stayedPartial) = try test.syncPartly("laptop")

        #expect(stayedPartial)
        #expect(report.notesLoaded == 1)
        #expect(report.received == 1)
        #expect(try AttachmentFiles.read(added, in: test.folder("laptop")) == bytes)
        let (mine, theirs) = try test.converged()
        #expect(mine == theirs)
        #expect(mine.notes[test.notes[1].id]?.attachments.count == 2)
    }

    @Test(arguments: [false, true])
    static func anAttachmentEditedElsewhereWithItsNoteComesInAloneByteForByte(encrypted: Bool) throws {
        let test = try SyncPartialAttachmentReceiveTests(encrypted: encrypted)
        let path = test.notes[2].attachments[0]
        let bytes = Self.bytes(77, count: 5000)
        try bytes.write(to: path.url(in: test.folder("desktop")))
        try test.commit("desktop", [.putNote(test.edited(2, body: "photo retouched"))])
        #expect(try test.syncPartly("desktop").stayedPartial)

        let (report, stayedPartial) = try test.syncPartly("laptop")

        #expect(stayedPartial)
        #expect(report.notesLoaded == 1)
        #expect(try AttachmentFiles.read(path, in: test.folder("laptop")) == bytes)
        let (mine, theirs) = try test.converged()
        #expect(mine == theirs)
    }

    @Test func anAttachmentEditedElsewhereUnderANoteNotComingInReadsEveryNote() throws {
        let path = notes[3].attachments[0]
        let bytes = Self.bytes(55, count: 4000)
        try bytes.write(to: path.url(in: folder("desktop")))
        _ = try syncPartly("desktop")  // sent by the whole store: its note was not touched

        let (report, stayedPartial) = try syncPartly("laptop")

        #expect(!stayedPartial)
        #expect(report.notesLoaded == 12)
        #expect(try AttachmentFiles.read(path, in: folder("laptop")) == bytes)
        let (mine, theirs) = try converged()
        #expect(mine == theirs)
    }

    @Test func attachmentsInAMergeReadEveryNote() throws {
        try commit("laptop", [.putNote(edited(8, body: "from the laptop"))])
        let (added, bytes) = try addScanOnTheDesktop()
        _ = try syncPartly("desktop")

        let (report, stayedPartial) = try syncPartly("laptop")

        #expect(!stayedPartial)
        #expect(report.pushed)
        #expect(report.notesLoaded == 12)
        #expect(try AttachmentFiles.read(added, in: folder("laptop")) == bytes)
        let (mine, theirs) = try converged()
        #expect(mine == theirs)
        #expect(try AttachmentFiles.read(added, in: folder("desktop")) == bytes)
        #expect(mine.notes[notes[8].id]?.body == "from the laptop")
    }
}
