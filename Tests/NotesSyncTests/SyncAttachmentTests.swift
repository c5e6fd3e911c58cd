import Foundation
import NotesTestSupport
import Testing
@testable import NotesBase
@testable import NotesModel
@testable import NotesStore
@testable import NotesSync

/// Attachments cross machines with their notes (issue 24): plain and age-encrypted, at
/// `attachments/<XY>/<ID>/<name>` in the tree, only what changed is received, a file over the
/// limit stops the sync by name before anything is pushed, a link in the store's folder is never
/// followed, and emptying the trash on one home removes the files on the other.
@Suite struct SyncAttachmentTests {
    /// Adds a note to `store` with one attachment `name` holding `bytes`, written first as an import does.
    func addNote(_ store: NotesStore, title: String, file name: String, bytes: Data) throws -> (UUID, AttachmentPath) {
        let note = Note(title: title, created: ISODate.rounded(Date()))
        let path = try AttachmentPath("attachments/\(note.id.uuidString)/\(name)")
        try AttachmentFiles.write(bytes, to: path, in: store.url.deletingLastPathComponent())
        var withFile = note
        withFile.attachments = [path]
        try store.commit(.putNote(withFile))
        return (note.id, path)
    }

    func folder(_ store: NotesStore) -> URL { store.url.deletingLastPathComponent() }

    func remoteTree(_ sandbox: SyncSandbox) throws -> [String] {
        try GitCommand(folder: sandbox.remote, environment: sandbox.environment)
            .check("list", ["ls-tree", "-r", "--name-only", "main"]).text.split(separator: "\n").map(String.init)
    }

    @Test func attachmentsCrossHomesAndGoWhenTheTrashIsEmptied() throws {
        let sandbox = try SyncSandbox()
        let laptop = try sandbox.machine("laptop"), desktop = try sandbox.machine("desktop")
        let photo = Data((0..<3000).map { UInt8($0 % 251) })
        let (id, path) = try addNote(laptop, title: "Trip", file: "photo one.png", bytes: photo)
        try sandbox.sync(laptop)

        let files = try sandbox.remoteFiles()
        let treePath = "attachments/\(id.uuidString.prefix(2))/\(id.uuidString)/photo one.png"
        #expect(try remoteTree(sandbox).contains(treePath))
        #expect(files["categories.json"]?.contains("\"format\": 3") == true)

        let report = try sandbox.sync(desktop)
        #expect(report.received == 1)
        #expect(try AttachmentFiles.read(path, in: folder(desktop)) == photo)
        #expect(desktop.contents.notes[id] == laptop.contents.notes[id])

        // A second note: only it comes in; the first file is not written again.
        let (second, secondPath) = try addNote(laptop, title: "Scan", file: "scan.pdf", bytes: Data("%PDF-1.4 scan".utf8))
        try sandbox.sync(laptop)
        let before = try FileManager.default.attributesOfItem(atPath: path.url(in: folder(desktop)).path)[.modificationDate] as? Date
        #expect(try sandbox.sync(desktop).received == 1)
        #expect(try AttachmentFiles.read(secondPath, in: folder(desktop)) == Data("%PDF-1.4 scan".utf8))
        let after = try FileManager.default.attributesOfItem(atPath: path.url(in: folder(desktop)).path)[.modificationDate] as? Date
        #expect(before == after)
        #expect(StoreDoctor.examine(at: desktop.url).isHealthy)

        // Moved to the trash: the file stays on both homes; emptied: gone from both and from the tree.
        try laptop.commit(.trashNote(id, at: Date()))
        try sandbox.sync(laptop)
        try sandbox.sync(desktop)
        #expect(desktop.contents.trash[id] != nil && AttachmentFiles.exists(path, in: folder(desktop)))
        try laptop.commit(laptop.contents.emptyTrashChanges())
        #expect(!AttachmentFiles.exists(path, in: folder(laptop)))
        try sandbox.sync(laptop)
        try sandbox.sync(desktop)
        #expect(desktop.contents.anyNote(id) == nil)
        #expect(!FileManager.default.fileExists(atPath: folder(desktop).appendingPathComponent("attachments/\(id.uuidString)").path))
        #expect(try !remoteTree(sandbox).contains(treePath))
        #expect(try AttachmentFiles.read(secondPath, in: folder(desktop)) == Data("%PDF-1.4 scan".utf8))
        _ = second
    }

    @Test func aRepositoryWithoutAttachmentsStaysInTheLayoutOlderHomesRead() throws {
        let sandbox = try SyncSandbox()
        let laptop = try sandbox.machine("laptop")
        try laptop.commit(.putNote(Note(title: "plain")))
        try sandbox.sync(laptop)
        #expect(try sandbox.remoteFiles()["categories.json"]?.contains("\"format\": 2") == true)
        #expect(try !remoteTree(sandbox).contains { $0.hasPrefix("attachments/") })
    }

    @Test func bothHomesAddingAttachmentsMergeAndEachGetsTheOther() throws {
        let sandbox = try SyncSandbox()
        let laptop = try sandbox.machine("laptop"), desktop = try sandbox.machine("desktop")
        try laptop.commit(.putNote(Note(title: "first")))
        try sandbox.sync(laptop)
        try sandbox.sync(desktop)
        let (fromLaptop, laptopPath) = try addNote(laptop, title: "L", file: "l.txt", bytes: Data("laptop".utf8))
        let (fromDesktop, desktopPath) = try addNote(desktop, title: "D", file: "d.txt", bytes: Data("desktop".utf8))
        try sandbox.sync(laptop)
        try sandbox.sync(desktop)  // a merge: both attachments in its tree
        try sandbox.sync(laptop)

        for store in [laptop, desktop] {
            #expect(try AttachmentFiles.read(laptopPath, in: folder(store)) == Data("laptop".utf8))
            #expect(try AttachmentFiles.read(desktopPath, in: folder(store)) == Data("desktop".utf8))
            #expect(store.contents.notes[fromLaptop] != nil && store.contents.notes[fromDesktop] != nil)
        }
        #expect(try remoteTree(sandbox).filter { $0.hasPrefix("attachments/") }.count == 2)
    }

    @Test func anAttachmentOverTheLimitStopsTheSyncByNameBeforeAnythingIsPushed() throws {
        let sandbox = try SyncSandbox()
        let laptop = try sandbox.machine("laptop")
        let (_, path) = try addNote(laptop, title: "Huge", file: "video.mp4", bytes: Data("x".utf8))
        // Grown past the limit without writing 64 MiB: only its size is looked at before refusing.
        let handle = try FileHandle(forWritingTo: path.url(in: folder(laptop)))
        try handle.truncate(atOffset: UInt64(SyncRepository.maximumFileBytes + 1))
        try handle.close()

        #expect {
            try sandbox.sync(laptop)
        } throws: { error in
            guard case .attachmentTooLarge(let name, let title, _, _) = error as? SyncError else { return false }
            return name == path.relativePath && title == "Huge"
        }
        let heads = try GitCommand(folder: sandbox.remote, environment: sandbox.environment).run(["rev-parse", "--verify", "-q", "main"])
        #expect(heads.status != 0, "nothing was pushed")
    }

    @Test func aLinkInTheStoresAttachmentsIsNeverFollowed() throws {
        let sandbox = try SyncSandbox()
        let laptop = try sandbox.machine("laptop")
        let secret = sandbox.folder.file("secret.txt")
        try Data("outside the store".utf8).write(to: secret)
        let note = Note(title: "Linked")
        let path = try AttachmentPath("attachments/\(note.id.uuidString)/a.txt")
        try FileManager.default.createDirectory(at: path.url(in: folder(laptop)).deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: path.url(in: folder(laptop)), withDestinationURL: secret)
        var withFile = note
        withFile.attachments = [path]
        try laptop.commit(.putNote(withFile))

        try sandbox.sync(laptop)

        #expect(try !remoteTree(sandbox).contains { $0.hasPrefix("attachments/") })
        let objects = try GitCommand(folder: sandbox.remote, environment: sandbox.environment)
            .check("read every object", ["cat-file", "--batch-all-objects", "--batch"]).text
        #expect(!objects.contains("outside the store"))
    }

    @Test func encryptedAttachmentsRevealNeitherNameNorBytesAndOpenWithAge() throws {
        let homes = try SyncEncryptionTests.Homes()
        let secretName = "Zanzibar-passport-scan.pdf", secretBytes = Data("Marmalade attachment bytes".utf8)
        let (id, path) = try addNote(homes.laptop, title: "Papers", file: secretName, bytes: secretBytes)
        _ = try homes.engine(homes.laptop).sync()
        _ = try homes.engine(homes.desktop).sync()

        #expect(try AttachmentFiles.read(path, in: folder(homes.desktop)) == secretBytes)
        let objects = try SyncEncryptionTests().remoteObjects(homes.sandbox)
        #expect(!objects.contains("Zanzibar") && !objects.contains("Marmalade"))
        let entries = try remoteTree(homes.sandbox).filter { $0.hasPrefix("attachments/") }
        #expect(entries.count == 1)
        let entry = try #require(entries.first)
        #expect(entry.hasPrefix("attachments/\(id.uuidString.prefix(2))/\(id.uuidString)/") && !entry.contains("pdf"))

        let scratch = try TemporaryFolder(prefix: "age-out")
        defer { scratch.remove() }
        let blob = try GitCommand(folder: homes.sandbox.remote, environment: homes.sandbox.environment)
            .check("show", ["cat-file", "blob", "main:\(entry)"]).output
        let result = try SyncEncryptionTests().ageDecrypt(blob, key: homes.key.identityPath, in: scratch)
        #expect(result.status == 0 && result.stdout == "Marmalade attachment bytes", "\(result)")
    }

    @Test func aHostileAttachmentEntryIsLeftOutAndWritesNothing() throws {
        let sandbox = try SyncSandbox()
        let laptop = try sandbox.machine("laptop")
        let (id, _) = try addNote(laptop, title: "Mine", file: "a.txt", bytes: Data("mine".utf8))
        try sandbox.sync(laptop)
        let before = SyncHostileRemoteTests.contents(of: sandbox.folder.url)
        let attacker = try SyncHostileRemoteTests.Attacker(sandbox)
        let noteFolder = "attachments/\(id.uuidString.prefix(2))/\(id.uuidString)"

        try attacker.link(noteFolder + "/a.txt", to: "/etc/passwd")
        try attacker.push("a link")
        let linked = try sandbox.sync(laptop)
        #expect(linked.warnings.contains { $0.contains("'\(noteFolder)/a.txt'") && $0.contains("symbolic link") }, "\(linked.warnings)")

        try FileManager.default.removeItem(at: attacker.folder.appendingPathComponent(noteFolder + "/a.txt"))
        try attacker.write(noteFolder + "/deeper/b.txt", "x")
        try attacker.push("too deep")
        let deeper = try sandbox.sync(laptop)
        #expect(deeper.warnings.contains { $0.contains("'\(noteFolder)/deeper") }, "\(deeper.warnings)")
        #expect(SyncHostileRemoteTests.contents(of: sandbox.folder.url) == before)
        #expect(try String(contentsOf: laptop.url.deletingLastPathComponent().appendingPathComponent("attachments/\(id.uuidString)/a.txt"),
                           encoding: .utf8) == "mine")
    }
}
