import Foundation
import NotesTestSupport
import Testing
@testable import NotesModel
@testable import NotesStore
@testable import NotesSync

/// A file one home takes off a note (`notes detach`: the note no longer names it, its file
/// is removed) goes on the other home too, when that home's file is still the one it last
/// synced; so the same name with other bytes can come in later. A file edited here since is
/// kept, with a warning. Each through a store opened for a few notes (as `notes sync`
/// opens it) and through the whole store, plain and encrypted.
@Suite struct SyncDroppedAttachmentTests {
    /// Two homes holding the same 6 notes, the first three with one attachment file each.
    let homes: PartialSyncHomes
    /// Whether each sync opens the store for a few notes (else whole).
    let partly: Bool

    init(partly: Bool, encrypted: Bool) throws {
        homes = try PartialSyncHomes(count: 6, withAttachments: 3, encrypted: encrypted)
        self.partly = partly
    }

    /// Syncs home `name`, opened for a few notes or whole: the report.
    @discardableResult
    func sync(_ name: String) throws -> SyncEngine.Report {
        if partly { return try homes.syncPartly(name).report }
        let store = try homes.sandbox.open(name)
        defer { store.close() }
        return try homes.sandbox.engine(store).sync()
    }

    /// Takes note `index`'s file off it on home `name`, as `notes detach` does: the note
    /// without it, then its file removed. Returns the file's path.
    @discardableResult
    func detach(_ index: Int, on name: String) throws -> AttachmentPath {
        var note = homes.edited(index, body: "without its photo")
        let path = note.attachments[0]
        note.attachments = []
        try homes.commit(name, [.putNote(note)])
        try AttachmentFiles.remove(path, in: homes.folder(name))
        return path
    }

    /// The names in note `index`'s attachment folder on home `name`.
    func files(_ index: Int, on name: String) -> [String] {
        AttachmentFiles.names(inNoteFolderOf: homes.notes[index].id, storeFolder: homes.folder(name)).sorted()
    }

    @Test(arguments: [false, true], [false, true])
    static func aFileDetachedElsewhereIsRemovedHere(partly: Bool, encrypted: Bool) throws {
        let test = try SyncDroppedAttachmentTests(partly: partly, encrypted: encrypted)
        try test.detach(1, on: "desktop")
        try test.sync("desktop")

        let report = try test.sync("laptop")

        #expect(report.received == 1)
        #expect(!partly || report.notesLoaded == 1, "through the partial path: the detaching note alone")
        #expect(report.warnings.isEmpty, "\(report.warnings)")
        #expect(test.files(1, on: "laptop").isEmpty, "the file went with the note's list")
        #expect(test.files(0, on: "laptop") == ["photo 0.png"], "the other notes' files stay")
        let (mine, theirs) = try test.homes.converged()
        #expect(mine == theirs)
        #expect(mine.notes[test.homes.notes[1].id]?.attachments.isEmpty == true)
        #expect(StoreDoctor.examine(at: test.homes.sandbox.storeURL("laptop")).notices.isEmpty)
    }

    @Test(arguments: [false, true], [false, true])
    static func aFileDetachedThenAddedAgainWithOtherBytesConverges(partly: Bool, encrypted: Bool) throws {
        let test = try SyncDroppedAttachmentTests(partly: partly, encrypted: encrypted)
        let path = try test.detach(2, on: "desktop")
        try test.sync("desktop")
        try test.sync("laptop")
        let bytes = PartialSyncHomes.bytes(99, count: 3000)
        try test.homes.attach("photo 2.png", bytes: bytes, to: 2, on: "desktop", body: "a new photo", seconds: 120)
        try test.sync("desktop")

        let report = try test.sync("laptop")

        #expect(report.warnings.isEmpty, "\(report.warnings)")
        #expect(try AttachmentFiles.read(path, in: test.homes.folder("laptop")) == bytes)
        let (mine, theirs) = try test.homes.converged()
        #expect(mine == theirs)
        #expect(try AttachmentFiles.read(path, in: test.homes.folder("desktop")) == bytes)
    }

    @Test(arguments: [false, true], [false, true])
    static func aFileEditedHereWhileDetachedElsewhereIsKeptWithAWarning(partly: Bool, encrypted: Bool) throws {
        let test = try SyncDroppedAttachmentTests(partly: partly, encrypted: encrypted)
        let path = try test.detach(0, on: "desktop")
        try test.sync("desktop")
        let edited = PartialSyncHomes.bytes(42, count: 2500)
        try edited.write(to: path.url(in: test.homes.folder("laptop")))

        let report = try test.sync("laptop")

        #expect(report.warnings.contains { $0.contains(path.relativePath) && $0.contains("removed on another home") },
                "\(report.warnings)")
        #expect(try AttachmentFiles.read(path, in: test.homes.folder("laptop")) == edited, "nothing edited here is lost")
        let (mine, theirs) = try test.homes.converged()
        #expect(mine == theirs)
        #expect(test.files(0, on: "desktop").isEmpty)
    }

    /// A received commit is compared with this home's once (`git diff-tree`), however many
    /// steps read the comparison: the check of what came in, the notes it loads, the files
    /// written before the store's commit and those removed after it.
    @Test(arguments: [false, true], [false, true])
    static func aReceivedCommitIsComparedOnce(partly: Bool, encrypted: Bool) throws {
        let test = try SyncDroppedAttachmentTests(partly: partly, encrypted: encrypted)
        try test.detach(1, on: "desktop")
        try test.homes.attach("scan.pdf", bytes: PartialSyncHomes.bytes(7), to: 4, on: "desktop", body: "with a scan", seconds: 120)
        try test.sync("desktop")

        let report = try test.sync("laptop")

        #expect(report.received == 2)
        #expect(!partly || report.notesLoaded == 2, "through the partial path")
        #expect(test.files(1, on: "laptop").isEmpty, "the dropped file went")
        #expect(test.files(4, on: "laptop") == ["scan.pdf"], "the new file came")
        #expect(report.gitRuns["diff-tree"] == 1, "\(report.gitRuns)")
        #expect(report.gitRuns["fetch"] == 1 && report.gitRuns["remote"] == nil, "the remote's URL only for an error")
    }

    /// A merge compares each pair of commits it reads once: the remote with the last synced
    /// commit (the check of what came in), and this home's commit with the remote, with
    /// their base and with the merge commit.
    @Test(arguments: [false, true], [false, true])
    static func aMergeComparesEachPairOnce(partly: Bool, encrypted: Bool) throws {
        let test = try SyncDroppedAttachmentTests(partly: partly, encrypted: encrypted)
        try test.detach(1, on: "desktop")
        try test.homes.attach("scan.pdf", bytes: PartialSyncHomes.bytes(7), to: 4, on: "desktop", body: "with a scan", seconds: 120)
        try test.sync("desktop")
        try test.homes.commit("laptop", [.putNote(test.homes.edited(5, body: "edited on the laptop"))])

        let report = try test.sync("laptop")

        #expect(report.received == 2 && report.pushed)
        #expect(!partly || report.notesLoaded == 3, "through the partial path")
        #expect(test.files(1, on: "laptop").isEmpty && test.files(4, on: "laptop") == ["scan.pdf"])
        #expect(report.gitRuns["diff-tree"] == 4, "\(report.gitRuns)")
        let (mine, theirs) = try test.homes.converged()
        #expect(mine == theirs)
        #expect(mine.notes[test.homes.notes[5].id]?.body == "edited on the laptop")
    }
}
