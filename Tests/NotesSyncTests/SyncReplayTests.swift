import Foundation
import NotesTestSupport
import Testing
@testable import NotesBase
@testable import NotesModel
@testable import NotesStore
@testable import NotesExchange
@testable import AgeFormat
@testable import NotesSync

/// A hostile remote of an encrypted sync, holding neither key nor recipient (issue 33, item 2):
/// it commits an earlier age file of a note on top of the tip, brings back a whole earlier
/// commit, or plants plain files for a joining home. Each is refused by name, and nothing
/// changes on any home (`SyncManifest`).
@Suite struct SyncReplayTests {
    typealias Homes = SyncEncryptionTests.Homes

    /// The remote's raw git (a bare repository the attacker commits into directly).
    func remoteGit(_ sandbox: SyncSandbox) -> GitCommand { GitCommand(folder: sandbox.remote, environment: sandbox.environment) }

    /// A commit of `tree` on the remote's tip with `message`, made the remote's `main`.
    func commitOnTip(_ sandbox: SyncSandbox, tree: String, message: String) throws {
        let git = remoteGit(sandbox)
        let tip = try git.check("tip", ["rev-parse", "main"]).trimmedText
        let commit = try git.check("commit", ["-c", "user.name=attacker", "-c", "user.email=a@example.invalid",
                                              "commit-tree", tree, "-p", tip, "-m", message]).trimmedText
        try git.check("move main", ["update-ref", "refs/heads/main", commit])
    }

    /// `tree` with the file at `path` (two levels down: `notes/XY/ID.md`) set to `blob`.
    func tree(_ sandbox: SyncSandbox, _ tree: String, setting path: String, to blob: String) throws -> String {
        let git = remoteGit(sandbox)
        let parts = path.split(separator: "/").map(String.init)
        func replaced(_ tree: String, _ name: String, _ line: String) throws -> String {
            let lines = try git.check("list", ["ls-tree", tree]).text.split(separator: "\n").map(String.init)
                .filter { !$0.hasSuffix("\t" + name) }
            return try git.check("tree", ["mktree"], input: Data((lines + [line]).joined(separator: "\n").appending("\n").utf8)).trimmedText
        }
        let folder = try git.check("folder", ["rev-parse", "\(tree):\(parts[0])/\(parts[1])"]).trimmedText
        let newFolder = try replaced(folder, parts[2], "100644 blob \(blob)\t\(parts[2])")
        let top = try git.check("top", ["rev-parse", "\(tree):\(parts[0])"]).trimmedText
        let newTop = try replaced(top, parts[1], "040000 tree \(newFolder)\t\(parts[1])")
        return try replaced(tree, parts[0], "040000 tree \(newTop)\t\(parts[0])")
    }

    func add(_ store: NotesStore, _ title: String, body: String) throws -> UUID {
        let note = Note(title: title, body: body, created: ISODate.rounded(Date()))
        try store.commit([.putNote(note)])
        return note.id
    }

    func edit(_ store: NotesStore, _ id: UUID, body: String) throws {
        guard var note = store.contents.notes[id] else { throw ModelError.noSuchNote(id.uuidString) }
        note.body = body
        note.updated = ISODate.rounded(Date().addingTimeInterval(5))
        try store.commit([.putNote(note)])
    }

    /// Two homes with a note at version 2, and the remote commit that held version 1.
    func homesAtSecondVersion() throws -> (Homes, UUID, first: String) {
        let homes = try Homes()
        let id = try add(homes.laptop, "Bank", body: "old account 1111")
        let first = try homes.engine(homes.laptop).sync().commit
        _ = try homes.engine(homes.desktop).sync()
        try edit(homes.laptop, id, body: "new account 2222")
        _ = try homes.engine(homes.laptop).sync()
        _ = try homes.engine(homes.desktop).sync()
        #expect(homes.desktop.contents.notes[id]?.body == "new account 2222")
        return (homes, id, first)
    }

    @Test func anEarlierAgeFileCommittedOnTopIsRefusedNamingTheNote() throws {
        let (homes, id, first) = try homesAtSecondVersion()
        let path = SyncFiles.path(forNote: id, inTrash: false)
        let git = remoteGit(homes.sandbox)
        let oldBlob = try git.check("old file", ["rev-parse", "\(first):\(path)"]).trimmedText
        let tipTree = try git.check("tree", ["rev-parse", "main^{tree}"]).trimmedText
        try commitOnTip(homes.sandbox, tree: try tree(homes.sandbox, tipTree, setting: path, to: oldBlob), message: "replay")
        let tip = try git.check("tip", ["rev-parse", "main"]).trimmedText

        for store in [homes.desktop, homes.laptop] {
            let before = store.contents
            #expect {
                try homes.engine(store).sync()
            } throws: { error in
                guard case .encryption(.unauthenticatedCommit(_, let paths)) = error as? SyncError else { return false }
                return paths == [path] && "\(error)".contains("note \(id.uuidString)") && "\(error)".contains("nothing was changed")
            }
            #expect(store.contents == before)
            #expect(store.contents.notes[id]?.body == "new account 2222")
        }
        #expect(try git.check("tip", ["rev-parse", "main"]).trimmedText == tip, "a refused remote was pushed over")
    }

    @Test func anEarlierCommitBroughtBackIsRefusedAsARollback() throws {
        let (homes, id, first) = try homesAtSecondVersion()
        let git = remoteGit(homes.sandbox)
        // The whole earlier state, its manifest copied: valid for its tree, but older than what both homes synced.
        let oldTree = try git.check("tree", ["rev-parse", "\(first)^{tree}"]).trimmedText
        let oldMessage = try git.check("message", ["log", "-1", "--format=%B", first]).text
        try commitOnTip(homes.sandbox, tree: oldTree, message: oldMessage)
        let before = homes.desktop.contents
        #expect {
            try homes.engine(homes.desktop).sync()
        } throws: { error in
            guard case .encryption(.rolledBack(_, let version, let synced, let paths)) = error as? SyncError else { return false }
            return version < synced && paths == [SyncFiles.path(forNote: id, inTrash: false)] && "\(error)".contains(id.uuidString)
        }
        #expect(homes.desktop.contents == before)

        // The earlier commit itself as the remote's main (behind both homes): nothing of it is taken; the home pushes its state again.
        try git.check("reset main", ["update-ref", "refs/heads/main", first])
        let report = try homes.engine(homes.laptop).sync()
        #expect(report.received == 0 && report.pushed)
        #expect(homes.laptop.contents.notes[id]?.body == "new account 2222")
    }

    @Test func aJoiningHomeTakesOnlyAgeFilesFromAnEncryptedRemote() throws {
        let homes = try Homes()
        _ = try add(homes.laptop, "Laptop note", body: "secret")
        _ = try homes.engine(homes.laptop).sync()
        let attacker = try SyncHostileRemoteTests.Attacker(homes.sandbox)
        let planted = UUID()
        let path = SyncFiles.path(forNote: planted, inTrash: false)
        try attacker.write(path, MarkdownExchange.document(for: Note(id: planted, title: "Planted", body: "pay here",
                                                                     created: ISODate.rounded(Date())), category: nil))
        try attacker.push("plant")

        let joining = try homes.sandbox.open("joining")
        try homes.engine(joining).initialize(remote: homes.sandbox.remote.path, encryption: .identity(homes.key.identityPath))
        #expect {
            try homes.engine(joining).sync()
        } throws: { error in
            guard case .encryption(.unauthenticatedCommit(_, let paths)) = error as? SyncError else { return false }
            return paths == [path] && "\(error)".contains(planted.uuidString)
        }
        #expect(joining.contents.notes.isEmpty)
        let objects = try remoteGit(homes.sandbox).check("list", ["ls-tree", "-r", "--name-only", "main"]).text
        #expect(objects.contains(path), "the planted file stays as the attacker left it, never re-encrypted by a home")
    }

    @Test func everyCommitAHomeMakesCarriesAManifestThatOnlyItsTreeFits() throws {
        let homes = try Homes()
        _ = try add(homes.laptop, "one", body: "x")
        let tip = try homes.engine(homes.laptop).sync().commit
        let repository = homes.engine(homes.laptop).repository
        let key = try #require(try repository.encryptionKey())
        let object = try repository.commitObject(tip)
        let manifest = try #require(SyncManifest.parse(message: object.message))
        #expect(manifest.version == 1)
        #expect(manifest.isValid(tree: object.tree, key: key.manifestKey))
        let otherTree = try remoteGit(homes.sandbox).check("empty", ["mktree"], input: Data()).trimmedText
        #expect(!manifest.isValid(tree: otherTree, key: key.manifestKey))
        #expect(!manifest.isValid(tree: object.tree, key: AgeX25519Identity().derivedKey(label: SyncKey.manifestLabel)))
    }
}
