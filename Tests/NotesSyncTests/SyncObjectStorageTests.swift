import Foundation
import NotesTestSupport
import Testing
import NotesBase
import NotesModel
import NotesStore
import NotesSync

/// The sync repository writes its loose objects uncompressed (`core.looseCompression 0`:
/// the note files `hash-object` writes and the objects a fetch brings; git's `mktree`
/// does not read it); a repository an earlier version made is set so at its next sync,
/// its loose objects (the trees among them) packed once uncompressed, and syncs on as before.
@Suite struct SyncObjectStorageTests {
    let sandbox: SyncSandbox
    let laptop: NotesStore
    var git: GitCommand {
        GitCommand(folder: SyncRepository.folder(forStore: laptop.url), environment: sandbox.environment)
    }

    /// A laptop with 30 notes, synced once.
    init() throws {
        sandbox = try SyncSandbox()
        laptop = try sandbox.machine("laptop")
        let created = ISODate.rounded(Date(timeIntervalSinceReferenceDate: 800_000_000))
        try laptop.commit((0..<30).map { .putNote(Note(title: "Note \($0)", body: String(repeating: "body \($0) ", count: 40),
                                                      created: created)) })
        try sandbox.sync(laptop)
    }

    /// The loose objects of the repository: path of the file → object id.
    func looseObjects() throws -> [(file: URL, id: String)] {
        let objects = SyncRepository.folder(forStore: laptop.url).appendingPathComponent(".git/objects")
        var found: [(URL, String)] = []
        for folder in try FileManager.default.contentsOfDirectory(atPath: objects.path) where folder.count == 2 {
            for name in try FileManager.default.contentsOfDirectory(atPath: objects.appendingPathComponent(folder).path) {
                found.append((objects.appendingPathComponent(folder).appendingPathComponent(name), folder + name))
            }
        }
        return found
    }

    /// `git count-objects -v`'s count of packs.
    func packs() throws -> Int {
        let line = try git.check("count", ["count-objects", "-v"]).text.split(separator: "\n").first { $0.hasPrefix("packs: ") }
        return Int(line?.dropFirst(7) ?? "") ?? -1
    }

    @Test func theNoteFilesSyncWritesLooseAreStoredUncompressed() throws {
        #expect(try git.check("read", ["config", "core.looseCompression"]).trimmedText == "0")
        var blobs = 0
        for (file, id) in try looseObjects() where try git.check("type", ["cat-file", "-t", id]).trimmedText == "blob" {
            let size = try #require(Int(git.check("size", ["cat-file", "-s", id]).trimmedText))
            let stored = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int)
            #expect(stored > size, "a file of \(size) bytes stored in \(stored): not compressed")
            blobs += 1
        }
        #expect(blobs >= 30, "the notes' files, written loose (hash-object)")
    }

    @Test func aRepositoryAnEarlierVersionMadeIsSetAndPackedOnce() throws {
        // As an earlier version left it: no such setting, the first sync's objects loose.
        try git.check("unset", ["config", "--unset", "core.looseCompression"])
        let loose = try looseObjects().map(\.id)
        #expect(!loose.isEmpty)
        let before = try packs()
        let created = ISODate.rounded(Date(timeIntervalSinceReferenceDate: 800_000_100))
        try laptop.commit([.putNote(Note(title: "Later", body: String(repeating: "later ", count: 100), created: created))])

        let report = try sandbox.sync(laptop)

        #expect(report.pushed)
        #expect(try git.check("read", ["config", "core.looseCompression"]).trimmedText == "0")
        #expect(try packs() == before + 1, "the loose objects packed")
        #expect(try Set(looseObjects().map(\.id)).isDisjoint(with: loose))
        #expect(try git.run(["fsck", "--no-progress"]).status == 0)
        #expect(try sandbox.remoteFiles().count == 32, "30 notes, the later one and categories.json")
        try laptop.commit([.putNote(Note(title: "Later still", body: "later", created: created))])
        try sandbox.sync(laptop)
        #expect(try packs() == before + 1, "once")
    }

    /// The sync after one that received a note names that note again (the position's
    /// commits after its sequence include the apply's), and renders it to the same file: its
    /// folder keeps its tree instead of being made again (`mktree` of every file it holds).
    @Test(arguments: [false, true])
    static func aFolderWhoseFilesAreTheSameKeepsItsTree(partly: Bool) throws {
        let homes = try PartialSyncHomes(count: 6)
        try homes.commit("desktop", [.putNote(homes.edited(2, body: "from the desktop"))])
        _ = try homes.syncPartly("desktop")
        let received = try homes.syncPartly("laptop").report
        #expect(received.received == 1)

        let store = try partly ? NotesStore.open(at: homes.sandbox.storeURL("laptop"), touching: [])
                               : homes.sandbox.open("laptop")
        defer { store.close() }
        let again = try homes.sandbox.engine(store).sync()

        #expect(again.notesRendered == 1, "the received note named again")
        #expect(again.commit == received.commit && !again.pushed, "nothing new")
        #expect(again.gitRuns["mktree"] == 2, "notes/ and the top (no trash): not the note's folder: \(again.gitRuns)")
    }
}
