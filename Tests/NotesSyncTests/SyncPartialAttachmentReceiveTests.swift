import Foundation
import NotesTestSupport
import Testing
@testable import NotesBase
@testable import NotesModel
@testable import NotesStore
@testable import NotesSync

/// A sync of a store opened for a few notes that receives notes with attachments: when the
/// remote changes a few note files and attachment folders (with its note or alone, a file
/// edited in place), it loads those notes only and writes their files into the store's
/// folder (plain and encrypted). Either way both homes end with the same notes and files.
@Suite struct SyncPartialAttachmentReceiveTests {
    /// Two homes holding the same 12 notes, the first four with one attachment file each.
    let homes: PartialSyncHomes
    var notes: [Note] { homes.notes }

    init(encrypted: Bool) throws { homes = try PartialSyncHomes(count: 12, withAttachments: 4, encrypted: encrypted) }

    /// The two homes in plain text.
    init() throws { try self.init(encrypted: false) }

    /// The desktop gives note 1 a second attachment, `scan.pdf`; returns its path and bytes.
    func addScanOnTheDesktop() throws -> (AttachmentPath, Data) {
        let bytes = Data("%PDF-1.4 a scan".utf8)
        return (try homes.attach("scan.pdf", bytes: bytes, to: 1, on: "desktop", body: "with a scan"), bytes)
    }

    @Test(arguments: [false, true])
    static func aNoteWithAnAttachmentAddedElsewhereComesInAloneWithItsFile(encrypted: Bool) throws {
        let test = try SyncPartialAttachmentReceiveTests(encrypted: encrypted)
        let (added, bytes) = try test.addScanOnTheDesktop()
        #expect(try test.homes.syncPartly("desktop").report.pushed)

        let (report, stayedPartial) = try test.homes.syncPartly("laptop")

        #expect(stayedPartial)
        #expect(report.notesLoaded == 1)
        #expect(report.received == 1)
        #expect(try AttachmentFiles.read(added, in: test.homes.folder("laptop")) == bytes)
        let (mine, theirs) = try test.homes.converged()
        #expect(mine == theirs)
        #expect(mine.notes[test.notes[1].id]?.attachments.count == 2)
    }

    @Test(arguments: [false, true])
    static func anAttachmentEditedElsewhereWithItsNoteComesInAloneByteForByte(encrypted: Bool) throws {
        let test = try SyncPartialAttachmentReceiveTests(encrypted: encrypted)
        let path = test.notes[2].attachments[0]
        let bytes = PartialSyncHomes.bytes(77, count: 5000)
        try bytes.write(to: path.url(in: test.homes.folder("desktop")))
        try test.homes.commit("desktop", [.putNote(test.homes.edited(2, body: "photo retouched"))])
        #expect(try test.homes.syncPartly("desktop").stayedPartial)

        let (report, stayedPartial) = try test.homes.syncPartly("laptop")

        #expect(stayedPartial)
        #expect(report.notesLoaded == 1)
        #expect(try AttachmentFiles.read(path, in: test.homes.folder("laptop")) == bytes)
        let (mine, theirs) = try test.homes.converged()
        #expect(mine == theirs)
    }

    /// An attachment file edited in place changes no note: its note's file stays as it was.
    @Test(arguments: [false, true])
    static func anAttachmentEditedInPlaceElsewhereComesInLoadingItsNoteOnly(encrypted: Bool) throws {
        let test = try SyncPartialAttachmentReceiveTests(encrypted: encrypted)
        let homes = test.homes, note = test.notes[3]
        let noteFile = try homes.sandbox.remoteFiles()[SyncFiles.path(for: note)]
        let bytes = PartialSyncHomes.bytes(55, count: 4000)
        try bytes.write(to: note.attachments[0].url(in: homes.folder("desktop")))
        #expect(try homes.syncPartly("desktop").report.pushed)  // by the whole store: its note was not touched
        let remote = try homes.sandbox.remoteFiles()
        #expect(remote[SyncFiles.path(for: note)] == noteFile)

        let (report, stayedPartial) = try homes.syncPartly("laptop")

        #expect(stayedPartial)
        #expect(report.notesLoaded == 1)
        #expect(report.received == 0)
        #expect(try AttachmentFiles.read(note.attachments[0], in: homes.folder("laptop")) == bytes)
        let (mine, theirs) = try homes.converged()
        #expect(mine == theirs)
        #expect(try homes.syncPartly("laptop").stayedPartial)  // the file written here is what this home synced
    }
}
