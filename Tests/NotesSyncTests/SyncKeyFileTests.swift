import Foundation
import NotesTestSupport
import Testing
@testable import AgeFormat
@testable import NotesSync

/// Keys stay private (issue 33, item 3): the key folder and files are made and opened without
/// following links, a key file others can read is refused as ssh refuses one, an exported key
/// is written 0600, and `--identity` says why a file is refused.
@Suite struct SyncKeyFileTests {
    func mode(_ path: String) throws -> Int {
        try #require((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue)
    }

    @Test(arguments: ["notes", "notes/keys"])
    func aLinkPlantedAtTheKeyFolderIsRefusedAndNothingIsWrittenThroughIt(linked: String) throws {
        let sandbox = try SyncSandbox()
        let store = try sandbox.machine("laptop")
        let target = sandbox.folder.file("elsewhere")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o755])
        let config = sandbox.folder.file("home")  // XDG_CONFIG_HOME of the sandbox
        let link = config.appendingPathComponent(linked)
        try FileManager.default.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target.path)

        #expect {
            try sandbox.engine(store).encrypt()
        } throws: { error in
            guard case .encryption(.cannotWriteKey(let path, let reason)) = error as? SyncError else { return false }
            return path == link.path && reason.contains("symbolic link")
        }
        #expect(try mode(target.path) == 0o755, "the link's target was chmod'ed")
        #expect(try FileManager.default.contentsOfDirectory(atPath: target.path).isEmpty, "a file was written through the link")
        #expect(try sandbox.engine(store).repository.encryptionSettings().isEncrypted == false)
    }

    @Test func aKeyFileOthersCanReadIsRefusedWithTheChmodToRun() throws {
        let homes = try SyncEncryptionTests.Homes()
        chmod(homes.key.identityPath, 0o644)
        #expect {
            try homes.engine(homes.laptop).sync()
        } throws: { error in
            guard case .encryption(.keyReadableByOthers(let path, let mode)) = error as? SyncError else { return false }
            return path == homes.key.identityPath && mode == "644" && "\(error)".contains("chmod 600 \(path)")
        }
        chmod(homes.key.identityPath, 0o600)
        _ = try homes.engine(homes.laptop).sync()
    }

    @Test func anIdentityFileSaysWhyItIsRefused() throws {
        let folder = try TemporaryFolder(prefix: "keys")
        defer { folder.remove() }
        let key = folder.file("key.txt")
        try SyncKeys.export(AgeIdentityFile.text(for: AgeX25519Identity()), to: key.path)
        #expect(try SyncKeys.read(path: key.path).count == 1)

        func reason(_ path: String) -> String {
            do {
                _ = try SyncKeys.read(path: path)
                return "accepted"
            } catch {
                guard case .encryption(.unreadableKey(let where_, let reason)) = error, where_ == path else { return "\(error)" }
                return reason
            }
        }
        let link = folder.file("link.txt")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: key.path)
        #expect(reason(link.path).contains("symbolic link"))
        #expect(reason(folder.url.path).contains("a folder"))
        let fifo = folder.file("fifo")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        #expect(reason(fifo.path).contains("FIFO"))
        let notKey = folder.file("not-key.txt")
        try SyncKeys.export("hello\n", to: notKey.path)
        #expect(reason(notKey.path).contains("line 1 is not an age identity"))
    }

    @Test func anExportedKeyIsWritten0600AndNeverOverAFileOrThroughALink() throws {
        let folder = try TemporaryFolder(prefix: "export")
        defer { folder.remove() }
        let old = umask(0o022)
        defer { umask(old) }
        let key = folder.file("key.txt")
        let text = AgeIdentityFile.text(for: AgeX25519Identity())
        try SyncKeys.export(text, to: key.path)
        #expect(try mode(key.path) == 0o600)
        #expect(try String(contentsOf: key, encoding: .utf8) == text)
        #expect(throws: SyncError.self) { try SyncKeys.export(text, to: key.path) }

        let target = folder.file("target")
        let link = folder.file("link.txt")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target.path)
        #expect(throws: SyncError.self) { try SyncKeys.export(text, to: link.path) }
        #expect(!FileManager.default.fileExists(atPath: target.path), "the key was written through a link")
    }
}
