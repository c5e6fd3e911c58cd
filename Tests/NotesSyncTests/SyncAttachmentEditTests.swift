import Foundation
import NotesTestSupport
import Testing
@testable import NotesModel
@testable import NotesStore
@testable import NotesSync

/// An attachment edited in place in the store's folder after it was synced is sent again
/// (its stamp changed, `SyncAttachmentStamps`), and the other home gets the new bytes, plain
/// and age-encrypted; an unchanged file is never read again; a merge keeps the side that
/// edited a file; edited on both sides, this home's version is kept and a warning says so.
@Suite struct SyncAttachmentEditTests {
    let helper = SyncAttachmentTests()

    /// Rewrites the file at `path` in `store`'s folder in place (same inode), as an editor saving over it does.
    func editInPlace(_ store: NotesStore, _ path: AttachmentPath, _ bytes: Data) throws {
        let handle = try FileHandle(forWritingTo: path.url(in: helper.folder(store)))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: bytes)
        try handle.close()
    }

    func attachmentEntries(_ sandbox: SyncSandbox) throws -> [String] {
        try GitCommand(folder: sandbox.remote, environment: sandbox.environment)
            .check("list", ["ls-tree", "-r", "main", "--", "attachments"]).text.split(separator: "\n").map(String.init)
    }

    @Test func anEditedAttachmentIsSentAgainAndTheOtherHomeGetsTheNewBytes() throws {
        let sandbox = try SyncSandbox()
        let laptop = try sandbox.machine("laptop"), desktop = try sandbox.machine("desktop")
        let (id, path) = try helper.addNote(laptop, title: "Plan", file: "plan.txt", bytes: Data("first draft".utf8))
        try sandbox.sync(laptop)
        try sandbox.sync(desktop)
        #expect(try AttachmentFiles.read(path, in: helper.folder(desktop)) == Data("first draft".utf8))
        let before = try attachmentEntries(sandbox)
        let head = try sandbox.sync(laptop).commit
        #expect(try sandbox.sync(laptop).commit == head, "nothing changed: nothing committed")

        try editInPlace(laptop, path, Data("second draft, longer".utf8))
        let report = try sandbox.sync(laptop)
        #expect(report.pushed)
        #expect(try attachmentEntries(sandbox) != before, "the new bytes are in the remote's tree")
        try sandbox.sync(desktop)
        #expect(try AttachmentFiles.read(path, in: helper.folder(desktop)) == Data("second draft, longer".utf8))
        #expect(desktop.contents.notes[id] == laptop.contents.notes[id])
        #expect(StoreDoctor.examine(at: desktop.url).notices.isEmpty)

        // And back: edited on the desktop, received by the laptop.
        try editInPlace(desktop, path, Data("third".utf8))
        try sandbox.sync(desktop)
        let received = try sandbox.sync(laptop)
        #expect(try AttachmentFiles.read(path, in: helper.folder(laptop)) == Data("third".utf8))
        #expect(received.warnings.isEmpty, "\(received.warnings)")
    }

    @Test func anEditedAttachmentIsSentAgainEncrypted() throws {
        let homes = try SyncEncryptionTests.Homes()
        let (_, path) = try helper.addNote(homes.laptop, title: "Papers", file: "scan.pdf", bytes: Data("old scan".utf8))
        _ = try homes.engine(homes.laptop).sync()
        _ = try homes.engine(homes.desktop).sync()
        let head = try homes.engine(homes.laptop).sync().commit
        #expect(try homes.engine(homes.laptop).sync().commit == head, "unchanged: nothing committed, nothing encrypted again")

        try editInPlace(homes.laptop, path, Data("new scan".utf8))
        _ = try homes.engine(homes.laptop).sync()
        _ = try homes.engine(homes.desktop).sync()
        #expect(try AttachmentFiles.read(path, in: helper.folder(homes.desktop)) == Data("new scan".utf8))
        let objects = try SyncEncryptionTests().remoteObjects(homes.sandbox)
        #expect(!objects.contains("new scan"))
    }

    @Test func aMergeKeepsTheEditOfTheSideThatMadeIt() throws {
        let sandbox = try SyncSandbox()
        let laptop = try sandbox.machine("laptop"), desktop = try sandbox.machine("desktop")
        let (_, path) = try helper.addNote(laptop, title: "Plan", file: "plan.txt", bytes: Data("v1".utf8))
        try sandbox.sync(laptop)
        try sandbox.sync(desktop)
        try editInPlace(laptop, path, Data("v2 from the laptop".utf8))
        try desktop.commit(.putNote(Note(title: "Desktop's own")))  // so the desktop's sync is a merge
        try sandbox.sync(laptop)
        try sandbox.sync(desktop)
        try sandbox.sync(laptop)
        for store in [laptop, desktop] {
            #expect(try AttachmentFiles.read(path, in: helper.folder(store)) == Data("v2 from the laptop".utf8))
        }
    }

    @Test func editedOnBothSidesThisHomesVersionIsKeptAndAWarningSaysSo() throws {
        let sandbox = try SyncSandbox()
        let laptop = try sandbox.machine("laptop"), desktop = try sandbox.machine("desktop")
        let (_, path) = try helper.addNote(laptop, title: "Plan", file: "plan.txt", bytes: Data("v1".utf8))
        try sandbox.sync(laptop)
        try sandbox.sync(desktop)
        try editInPlace(laptop, path, Data("laptop's".utf8))
        try editInPlace(desktop, path, Data("desktop's".utf8))
        try sandbox.sync(laptop)
        let report = try sandbox.sync(desktop)
        #expect(report.warnings.contains { $0.contains(path.relativePath) && $0.contains("edited here and on another home") },
                "\(report.warnings)")
        #expect(try AttachmentFiles.read(path, in: helper.folder(desktop)) == Data("desktop's".utf8))
        let laptopReport = try sandbox.sync(laptop)
        #expect(try AttachmentFiles.read(path, in: helper.folder(laptop)) == Data("desktop's".utf8),
                "the merge's version reaches the laptop: \(laptopReport.warnings)")
    }

    @Test func syncStatusCountsAttachmentsToSendAndToReceive() throws {
        let sandbox = try SyncSandbox()
        let laptop = try sandbox.machine("laptop"), desktop = try sandbox.machine("desktop")
        let (id, path) = try helper.addNote(laptop, title: "Plan", file: "plan.txt", bytes: Data("v1".utf8))
        var status = try sandbox.engine(laptop).status()
        #expect(status.attachmentsAhead == ["\(id.uuidString)/plan.txt"])
        #expect(status.json.serialized().contains("\"attachments\""))
        try sandbox.sync(laptop)
        status = try sandbox.engine(desktop).status()
        #expect(status.attachmentsBehind == ["\(id.uuidString)/plan.txt"] && status.attachmentsAhead.isEmpty)
        try sandbox.sync(desktop)
        status = try sandbox.engine(desktop).status()
        #expect(status.attachmentsAhead.isEmpty && status.attachmentsBehind.isEmpty)

        try editInPlace(laptop, path, Data("v2".utf8))
        status = try sandbox.engine(laptop).status()
        #expect(status.attachmentsAhead == ["\(id.uuidString)/plan.txt"], "edited in place: to send")
        #expect(status.ahead.isEmpty, "the note itself did not change")
        try sandbox.sync(laptop)
        try editInPlace(desktop, path, Data("v2 on the desktop".utf8))
        status = try sandbox.engine(desktop).status()
        #expect(status.attachmentsAhead == ["\(id.uuidString)/plan.txt"] && status.attachmentsBehind == ["\(id.uuidString)/plan.txt"])
        #expect(status.attachmentConflicts == ["\(id.uuidString)/plan.txt"])
    }
}
