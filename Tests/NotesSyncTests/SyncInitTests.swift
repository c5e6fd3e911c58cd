import Foundation
import NotesTestSupport
import Testing
@testable import NotesBase
@testable import NotesModel
@testable import AgeFormat
@testable import NotesSync

/// `notes sync init` refuses what cannot work before anything is written (issue 33, item 9):
/// a plain home or a new key against an encrypted remote, an identity that is not the
/// remote's. A plain remote can be joined encrypted: the home's syncs encrypt it.
@Suite struct SyncInitTests {
    typealias Homes = SyncEncryptionTests.Homes

    /// Homes whose laptop has pushed one encrypted note.
    func encryptedRemote() throws -> Homes {
        let homes = try Homes()
        try homes.laptop.commit([.putNote(Note(title: "Private", body: "x", created: ISODate.rounded(Date())))])
        _ = try homes.engine(homes.laptop).sync()
        return homes
    }

    /// Whether the store `name` has a sync repository, or anything beside its store file.
    func leftovers(_ sandbox: SyncSandbox, _ name: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: sandbox.folder.file(name).path).filter { $0.contains(".sync") }
    }

    @Test func aPlainHomeAgainstAnEncryptedRemoteIsRefusedWithNothingWritten() throws {
        let homes = try encryptedRemote()
        let store = try homes.sandbox.open("plain")
        #expect {
            try homes.engine(store).initialize(remote: homes.sandbox.remote.path)
        } throws: { error in
            guard case .encryption(.remoteIsEncrypted) = error as? SyncError else { return false }
            return "\(error)".contains("--identity")
        }
        #expect(try leftovers(homes.sandbox, "plain").isEmpty)
    }

    @Test func aKeyThatIsNotTheRemotesIsRefusedWithNothingWritten() throws {
        let homes = try encryptedRemote()
        let keys = SyncKeys.folder(environment: homes.sandbox.environment)
        let keysBefore = try FileManager.default.contentsOfDirectory(atPath: keys.path)
        // A new key.
        let fresh = try homes.sandbox.open("fresh")
        #expect(throws: SyncError.encryption(.notRemoteKey(path: nil, recipient: nil))) {
            try homes.engine(fresh).initialize(remote: homes.sandbox.remote.path, encryption: .newKey)
        }
        #expect(try leftovers(homes.sandbox, "fresh").isEmpty)
        // Another machine's key file.
        let other = AgeX25519Identity()
        let otherFile = homes.sandbox.folder.file("other-key.txt")
        try SyncKeys.export(AgeIdentityFile.text(for: other), to: otherFile.path)
        let stranger = try homes.sandbox.open("stranger")
        #expect(throws: SyncError.encryption(.notRemoteKey(path: otherFile.path, recipient: other.recipient.text))) {
            try homes.engine(stranger).initialize(remote: homes.sandbox.remote.path, encryption: .identity(otherFile.path))
        }
        #expect(try leftovers(homes.sandbox, "stranger").isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: keys.path) == keysBefore, "a key was installed")

        // The remote's own key joins, and syncs.
        let joining = try homes.sandbox.open("joining")
        let setup = try homes.engine(joining).initialize(remote: homes.sandbox.remote.path, encryption: .identity(homes.key.identityPath))
        #expect(setup?.recipient == homes.key.recipient)
        #expect(try homes.engine(joining).sync().received == 1)
    }

    @Test func aPlainRemoteJoinedEncryptedIsEncryptedByTheHomesSyncs() throws {
        let sandbox = try SyncSandbox()
        let plain = try sandbox.machine("plain")
        let id = UUID()
        try plain.commit([.putNote(Note(id: id, title: "Was plain", body: "x", created: ISODate.rounded(Date())))])
        try sandbox.sync(plain)
        let tip = try GitCommand(folder: sandbox.remote, environment: sandbox.environment).check("tip", ["rev-parse", "main"]).trimmedText

        let store = try sandbox.open("encrypting")
        let setup = try sandbox.engine(store).initialize(remote: sandbox.remote.path, encryption: .newKey)
        #expect(setup?.plainHistory == tip)
        try sandbox.sync(store)  // takes the plain notes in
        #expect(store.contents.notes[id]?.title == "Was plain")
        #expect(try sandbox.sync(store).pushed)  // and sends them back encrypted
        let git = GitCommand(folder: sandbox.remote, environment: sandbox.environment)
        let file = try git.check("read", ["cat-file", "blob", "main:" + SyncFiles.path(forNote: id, inTrash: false)]).output
        #expect(AgeFormat.looksEncrypted(file))
    }
}
