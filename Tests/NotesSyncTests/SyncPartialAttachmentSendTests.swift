import Foundation
import NotesTestSupport
import Testing
@testable import NotesBase
@testable import NotesModel
@testable import NotesStore
@testable import NotesSync

/// A sync of a store opened for a few notes (as `notes sync` opens it) whose store holds
/// attachment files: sending the notes touched since the last sync loads those notes only
/// and makes the tree the whole store makes (plain and encrypted); an attachment edited in
/// place under a note not touched reads every note, and is sent.
@Suite struct SyncPartialAttachmentSendTests {
    /// Two homes holding the same 12 notes, the first four with one attachment file each;
    /// the laptop sends.
    let homes: PartialSyncHomes
    var notes: [Note] { homes.notes }
    var sandbox: SyncSandbox { homes.sandbox }

    init(encrypted: Bool) throws { homes = try PartialSyncHomes(count: 12, withAttachments: 4, encrypted: encrypted) }

    /// The tree of the remote's `main`.
    func remoteTree() throws -> String {
        try GitCommand(folder: sandbox.remote, environment: sandbox.environment)
            .check("read the tree", ["rev-parse", "main^{tree}"]).text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The tree the whole store makes of the laptop's store as it is now, over its synced commit.
    func wholeStoreTree() throws -> String {
        let store = try sandbox.open("laptop")
        defer { store.close() }
        let repository = sandbox.engine(store).repository
        let synced = try repository.syncedCommit()
        let exported = SyncSnapshot(store.contents, previous: SyncSnapshot(categories: try repository.categories(of: synced)))
        return try repository.tree(for: exported, base: synced)
    }

    /// The changes each case makes: an edit of a note without attachments, an attachment
    /// added to a note with one, an attachment edited (a new file in the note's folder, as
    /// an edit through notes writes it) with the old one removed, a note with an attachment
    /// trashed, and one deleted for good (its file gone).
    func changes(_ scenario: Int) throws -> [StoreChange] {
        let later = ISODate.rounded(notes[0].created.addingTimeInterval(60))
        let folder = homes.folder("laptop")
        switch scenario {
        case 0:
            var note = notes[8]
            note.body = "edited"
            note.updated = later
            return [.putNote(note)]
        case 1, 2:
            var note = notes[1]
            let added = try AttachmentPath("attachments/\(note.id.uuidString)/scan.pdf")
            try AttachmentFiles.write(Data("%PDF-1.4 \(scenario)".utf8), to: added, in: folder)
            if scenario == 2 {
                try AttachmentFiles.remove(note.attachments[0], in: folder)
                note.attachments = [added]
            } else {
                note.attachments.append(added)
            }
            note.updated = later
            return [.putNote(note)]
        case 3: return [.trashNote(notes[2].id, at: later)]
        default: return [.deleteNote(notes[3].id)]
        }
    }

    @Test(arguments: [false, true], 0..<5)
    static func oneTouchedNoteIsSentLoadingItAloneWithTheWholeStoresTree(encrypted: Bool, scenario: Int) throws {
        let test = try SyncPartialAttachmentSendTests(encrypted: encrypted)
        try test.homes.commit("laptop", try test.changes(scenario))

        let (report, stayedPartial) = try test.homes.syncPartly("laptop")

        #expect(stayedPartial)
        #expect(report.pushed)
        #expect(report.notesLoaded == (scenario == 4 ? 0 : 1))
        #expect(try test.remoteTree() == test.wholeStoreTree())
    }

    @Test(arguments: [false, true])
    static func anAttachmentEditedInPlaceUnderANoteNotTouchedReadsEveryNoteAndIsSent(encrypted: Bool) throws {
        let test = try SyncPartialAttachmentSendTests(encrypted: encrypted)
        try test.homes.commit("laptop", try test.changes(0))
        let edited = PartialSyncHomes.bytes(99, count: 3000)
        let url = test.notes[2].attachments[0].url(in: test.homes.folder("laptop"))
        try edited.write(to: url)

        let (report, stayedPartial) = try test.homes.syncPartly("laptop")

        #expect(!stayedPartial)
        #expect(report.notesLoaded == 12)
        #expect(try test.remoteTree() == test.wholeStoreTree())
        _ = try test.homes.syncPartly("desktop")
        #expect(try AttachmentFiles.read(test.notes[2].attachments[0], in: test.homes.folder("desktop")) == edited)
    }
}
