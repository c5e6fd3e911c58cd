import Foundation
import NotesTestSupport
import Testing
@testable import NotesBase
@testable import NotesColor
@testable import NotesModel
@testable import NotesStore
@testable import NotesExchange
@testable import AgeFormat
@testable import NotesSync

/// Encrypted sync (issue 26): two homes over a bare repository with encryption on. Nothing
/// readable reaches the remote, every file opens with the standard `age` tool, merging works
/// as without encryption, and a missing or wrong key or a changed file stops the sync
/// before anything changes.
@Suite struct SyncEncryptionTests {
    /// Words that must never appear in the remote: a title, a body, a tag and a category name.
    static let secrets = ["Zanzibar-title", "Marmalade-body", "quokka-tag", "Ultramarine-category"]

    struct Homes {
        let sandbox: SyncSandbox
        let laptop: NotesStore
        let desktop: NotesStore
        let key: SyncEngine.EncryptionSetup

        /// Two machines, the laptop encrypting with a new key, the desktop joining with it.
        init() throws {
            sandbox = try SyncSandbox()
            laptop = try sandbox.machine("laptop")
            desktop = try sandbox.machine("desktop")
            key = try sandbox.engine(laptop).encrypt()
            _ = try sandbox.engine(desktop).encrypt(identityFile: key.identityPath)
        }

        func engine(_ store: NotesStore) -> SyncEngine { sandbox.engine(store) }
    }

    func add(_ store: NotesStore, _ title: String, body: String = "", tags: [String] = [], category: UUID? = nil,
             at seconds: Double = 0) throws -> UUID {
        var note = Note(title: title, created: ISODate.rounded(Date().addingTimeInterval(seconds)), categoryID: category)
        note.body = body
        note.tags = Set(tags)
        try store.commit([.putNote(note)])
        return note.id
    }

    func edit(_ store: NotesStore, _ id: UUID, body: String, at seconds: Double) throws {
        guard var note = store.contents.notes[id] else { throw ModelError.noSuchNote(id.uuidString) }
        note.body = body
        note.updated = ISODate.rounded(Date().addingTimeInterval(seconds))
        try store.commit([.putNote(note)])
    }

    /// Every object of the remote (blobs, trees, commits) as text.
    func remoteObjects(_ sandbox: SyncSandbox) throws -> String {
        try GitCommand(folder: sandbox.remote, environment: sandbox.environment)
            .check("read every object", ["cat-file", "--batch-all-objects", "--batch"]).text
    }

    /// The remote's `main` files, raw, by path.
    func remoteBytes(_ sandbox: SyncSandbox) throws -> [String: Data] {
        let git = GitCommand(folder: sandbox.remote, environment: sandbox.environment)
        var files: [String: Data] = [:]
        for name in try git.check("list", ["ls-tree", "-r", "--name-only", "main"]).text.split(separator: "\n") {
            files[String(name)] = try git.check("show", ["cat-file", "blob", "main:\(name)"]).output
        }
        return files
    }

    func ageDecrypt(_ data: Data, key: String, in folder: TemporaryFolder) throws -> CLIResult {
        let file = folder.file("file.age")
        try data.write(to: file)
        return try CLIRunner(executable: URL(fileURLWithPath: "/usr/bin/age")).run(["-d", "-i", key, file.path])
    }

    @Test func twoHomesSyncAndTheRemoteHoldsNothingReadable() throws {
        let homes = try Homes()
        let category = Category(name: Self.secrets[3], color: try SerializableColor(hex: "3366FF"))
        try homes.laptop.commit([.putCategory(category)])
        let fromLaptop = try add(homes.laptop, Self.secrets[0], body: Self.secrets[1], tags: [Self.secrets[2]], category: category.id)
        _ = try homes.engine(homes.laptop).sync()
        let fromDesktop = try add(homes.desktop, "desktop note", body: "second home")
        _ = try homes.engine(homes.desktop).sync()
        _ = try homes.engine(homes.laptop).sync()

        for store in [homes.laptop, homes.desktop] {
            #expect(Set(store.contents.notes.keys) == [fromLaptop, fromDesktop])
            #expect(store.contents.notes[fromLaptop]?.categoryID == category.id)
        }
        #expect(homes.laptop.contents == homes.desktop.contents)

        let objects = try remoteObjects(homes.sandbox)
        for secret in Self.secrets + ["desktop note", "second home"] {
            #expect(!objects.contains(secret), "'\(secret)' is readable in the remote")
        }
        // Every file opens with age and the exported key, to exactly what plain sync would hold.
        let scratch = try TemporaryFolder(prefix: "age-out")
        defer { scratch.remove() }
        let files = try remoteBytes(homes.sandbox)
        #expect(Set(files.keys) == ["categories.json", SyncFiles.path(forNote: fromLaptop, inTrash: false),
                                    SyncFiles.path(forNote: fromDesktop, inTrash: false)])
        for (path, data) in files {
            #expect(AgeFormat.looksEncrypted(data), "\(path)")
            #expect(data.count >= 1024 && SyncPaddingProbe.isBucket(data.count), "\(path): \(data.count) bytes is not a padded size")
            let result = try ageDecrypt(data, key: homes.key.identityPath, in: scratch)
            #expect(result.status == 0, "\(path): \(result)")
            if let id = SyncFiles.noteID(inPath: path), let note = homes.laptop.contents.notes[id] {
                let name = note.categoryID.flatMap { homes.laptop.contents.categories[$0] }
                #expect(result.stdout == MarkdownExchange.document(for: note, category: name, withArchive: false))
            }
        }
    }

    @Test func aSyncWithNothingNewCommitsNothingAndReceivedNotesAreNotEncryptedAgain() throws {
        let homes = try Homes()
        _ = try add(homes.laptop, "one", body: "x")
        _ = try add(homes.laptop, "two", body: "y")
        let tip = try homes.engine(homes.laptop).sync().commit
        #expect(try homes.engine(homes.desktop).sync().commit == tip)
        // The desktop renders the notes it received and finds them already in git (by their
        // plaintext): no new ciphertext, nothing to commit or push.
        let again = try homes.engine(homes.desktop).sync()
        #expect(again.notesRendered == 2)
        #expect(again.commit == tip)
        #expect(!again.pushed)
        let laptopReport = try homes.engine(homes.laptop).sync()
        #expect(laptopReport.received == 0)
        #expect(laptopReport.commit == tip)
    }

    @Test func conflictsMakeCopiesAsWithoutEncryption() throws {
        let homes = try Homes()
        let id = try add(homes.laptop, "Shared")
        _ = try homes.engine(homes.laptop).sync()
        _ = try homes.engine(homes.desktop).sync()
        try edit(homes.laptop, id, body: "laptop text", at: 1)
        try edit(homes.desktop, id, body: "desktop text", at: 2)

        _ = try homes.engine(homes.laptop).sync()
        let report = try homes.engine(homes.desktop).sync()
        _ = try homes.engine(homes.laptop).sync()

        #expect(report.conflictCopies.count == 1)
        for store in [homes.laptop, homes.desktop] {
            #expect(store.contents.notes[id]?.body == "desktop text")
            let copies = store.contents.notes.values.filter { $0.tags.contains(SyncMerge.conflictTag) }
            #expect(copies.map(\.body) == ["laptop text"])
        }
        #expect(homes.laptop.contents == homes.desktop.contents)
        // A delete travels too (as a move to trash/), encrypted.
        try homes.laptop.commit([.trashNote(id, at: ISODate.rounded(Date().addingTimeInterval(5)))])
        _ = try homes.engine(homes.laptop).sync()
        _ = try homes.engine(homes.desktop).sync()
        #expect(homes.desktop.contents.notes[id] == nil)
        #expect(homes.desktop.contents.trash[id] != nil)
        #expect(try remoteBytes(homes.sandbox)[SyncFiles.path(forNote: id, inTrash: true)].map(AgeFormat.looksEncrypted) == true)
    }

    @Test func aWrongOrMissingKeyChangesNothing() throws {
        let homes = try Homes()
        // A third machine with a key of its own, set up while the remote was empty: the remote's files are not for it.
        let stranger = try homes.sandbox.machine("stranger")
        _ = try homes.sandbox.engine(stranger).encrypt()
        _ = try add(homes.laptop, "laptop note")
        _ = try homes.engine(homes.laptop).sync()
        let remoteBefore = try remoteBytes(homes.sandbox)

        _ = try add(stranger, "stranger note")
        let before = stranger.contents
        #expect {
            try homes.sandbox.engine(stranger).sync()
        } throws: { error in
            guard case .encryption(.undecryptable(_, .noMatchingIdentity, _)) = error as? SyncError else { return false }
            return "\(error)".contains("encrypted for another key")
        }
        #expect(stranger.contents == before)
        #expect(try remoteBytes(homes.sandbox) == remoteBefore)

        // The desktop's key file is gone: a clear error, before anything is done.
        let settings = try homes.engine(homes.desktop).repository.encryptionSettings()
        let keyPath = try #require(settings.identityPath)
        let saved = try Data(contentsOf: URL(fileURLWithPath: keyPath))
        try FileManager.default.removeItem(atPath: keyPath)
        _ = try add(homes.desktop, "desktop note")
        #expect(throws: SyncError.encryption(.missingKey(path: keyPath))) { try homes.engine(homes.desktop).sync() }
        #expect(try remoteBytes(homes.sandbox) == remoteBefore)

        // Another key in its place is refused too (it would encrypt for the wrong recipient).
        try AgeIdentityFile.text(for: AgeX25519Identity()).write(toFile: keyPath, atomically: true, encoding: .utf8)
        chmod(keyPath, 0o600)  // private, so that what is refused is the key itself
        #expect {
            try homes.engine(homes.desktop).sync()
        } throws: { error in
            guard case .encryption(.wrongKey) = error as? SyncError else { return false }
            return true
        }
        #expect(try remoteBytes(homes.sandbox) == remoteBefore)

        // With the key back, the sync goes through.
        try saved.write(to: URL(fileURLWithPath: keyPath))
        _ = try homes.engine(homes.desktop).sync()
        #expect(homes.desktop.contents.notes.count == 2)
    }

    @Test func aChangedOrPlainFileOnTheRemoteIsRefused() throws {
        let homes = try Homes()
        let id = try add(homes.laptop, "laptop note", body: "original")
        _ = try homes.engine(homes.laptop).sync()
        _ = try homes.engine(homes.desktop).sync()
        let path = SyncFiles.path(forNote: id, inTrash: false)

        let attacker = try SyncHostileRemoteTests.Attacker(homes.sandbox)
        var bytes = [UInt8](try Data(contentsOf: attacker.folder.appendingPathComponent(path)))
        bytes[bytes.count - 20] ^= 1
        try Data(bytes).write(to: attacker.folder.appendingPathComponent(path))
        try attacker.push("tampered")
        let before = homes.desktop.contents
        // The commit has no manifest of the key (`SyncManifest`): refused, naming the file it changes.
        #expect {
            try homes.engine(homes.desktop).sync()
        } throws: { error in
            guard case .encryption(.unauthenticatedCommit(_, let paths)) = error as? SyncError else { return false }
            return paths == [path] && "\(error)".contains("nothing was changed")
        }
        #expect(homes.desktop.contents == before)

        // A plain file in its place is refused as well.
        try attacker.write(path, "---\nid: \(id.uuidString)\ntitle: forged\n---\nforged\n")
        try attacker.push("plain")
        #expect {
            try homes.engine(homes.desktop).sync()
        } throws: { error in
            guard case .encryption(.unauthenticatedCommit(_, let paths)) = error as? SyncError else { return false }
            return paths == [path]
        }
        #expect(homes.desktop.contents == before)

        // Even with a manifest copied from the commit before, the file itself is checked: damaged, or plain.
        let repository = homes.engine(homes.desktop).repository
        let key = try #require(try repository.encryptionKey())
        for (content, expected) in [(Data(bytes), "malformed"), (Data("---\nforged\n".utf8), "plain")] {
            try content.write(to: attacker.folder.appendingPathComponent(path))
            try attacker.git.check("add", ["add", "-A", "-f", "."])
            let tree = try attacker.git.check("tree", ["write-tree"]).trimmedText
            let forged = SyncManifest(tree: tree, version: 99, key: key.manifestKey).line  // as only a key holder could
            try attacker.git.check("commit", ["-c", "user.name=a", "-c", "user.email=a@example.invalid",
                                              "commit", "-q", "-m", "forged", "-m", forged])
            try attacker.git.check("push", ["push", "-q", "origin", "HEAD:refs/heads/main", "--force"])
            #expect {
                try homes.engine(homes.desktop).sync()
            } throws: { error in
                switch error as? SyncError {
                case .encryption(.undecryptable(let where_, .malformedPayload, _)): expected == "malformed" && where_ == path
                case .encryption(.plainFile(let where_)): expected == "plain" && where_ == path
                default: false
                }
            }
            #expect(homes.desktop.contents == before)
        }
    }

    @Test func aPlainMachineNeverPushesToAnEncryptedRemote() throws {
        let homes = try Homes()
        // Set up while the remote was empty (`notes sync init` now refuses a plain home against an encrypted remote).
        let plain = try homes.sandbox.machine("plain")
        _ = try add(homes.laptop, "laptop note")
        _ = try homes.engine(homes.laptop).sync()
        let remoteBefore = try remoteBytes(homes.sandbox)
        _ = try add(plain, Self.secrets[0])
        #expect {
            try homes.sandbox.engine(plain).sync()
        } throws: { error in
            guard case .encryption(.remoteIsEncrypted) = error as? SyncError else { return false }
            return true
        }
        #expect(try remoteBytes(homes.sandbox) == remoteBefore)
        #expect(!(try remoteObjects(homes.sandbox)).contains(Self.secrets[0]))
    }

    @Test func anExistingPlainSyncTurnsEncryptionOn() throws {
        let sandbox = try SyncSandbox()
        let laptop = try sandbox.machine("laptop"), desktop = try sandbox.machine("desktop")
        let id = try add(laptop, "was plain", body: "plain body")
        try sandbox.sync(laptop)
        try sandbox.sync(desktop)

        let setup = try sandbox.engine(laptop).encrypt()
        #expect(setup.plainHistory != nil)
        try edit(laptop, id, body: "now secret", at: 1)
        try sandbox.sync(laptop)
        for (path, data) in try remoteBytes(sandbox) { #expect(AgeFormat.looksEncrypted(data), "\(path)") }

        // The desktop still syncs in plain text: refused until it has the key.
        #expect(throws: SyncError.self) { try sandbox.sync(desktop) }
        _ = try sandbox.engine(desktop).encrypt(identityFile: setup.identityPath)
        try sandbox.sync(desktop)
        #expect(desktop.contents.notes[id]?.body == "now secret")
        #expect(laptop.contents == desktop.contents)
    }

    @Test func keysAreKeptPrivateAndReportedByTheEngine() throws {
        let homes = try Homes()
        let attributes = try FileManager.default.attributesOfItem(atPath: homes.key.identityPath)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(homes.key.identityPath.hasPrefix(homes.sandbox.folder.file("home").path + "/notes/keys/"))
        let key = try homes.engine(homes.desktop).key()
        #expect(key.recipient == homes.key.recipient)
        #expect(try AgeIdentityFile.identities(in: key.identityText).first?.recipient.text == homes.key.recipient)
        #expect(throws: SyncError.encryption(.alreadyEncrypted(recipient: homes.key.recipient))) {
            try homes.engine(homes.laptop).encrypt()
        }
    }

    @Test func theExportedKeyIsTheKeyFileAsItIsWhateverTheTime() throws {
        let homes = try Homes()
        // A key file made long ago: an export now must print it as it is, not with today's date.
        let stored = try String(contentsOfFile: homes.key.identityPath, encoding: .utf8)
        let old = stored.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("# created:") ? "# created: 2001-01-01T00:00:00Z" : String($0) }.joined(separator: "\n")
        try old.write(toFile: homes.key.identityPath, atomically: false, encoding: .utf8)
        #expect(try homes.engine(homes.desktop).key().identityText == old)
    }
}

/// The padded sizes `SyncPadding` makes: 1 KiB or more, with only the top bits set (Padmé).
enum SyncPaddingProbe {
    static func isBucket(_ size: Int) -> Bool {
        let exponent = Int.bitWidth - size.leadingZeroBitCount - 1
        let exponentBits = Int.bitWidth - exponent.leadingZeroBitCount
        return size % (1 << (exponent - exponentBits)) == 0
    }
}
