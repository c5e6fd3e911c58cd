import Foundation
import NotesTestSupport
import Testing
import NotesSync

/// `notes sync init --encrypt`, `notes sync key [--export]`, `notes sync init --identity`
/// through the real binary: two homes, each with its own home folder (so its own config
/// folder and key), over a bare repository.
@Suite struct CLISyncEncryptionTests {
    let sandbox: SyncSandbox
    let runner: CLIRunner

    init() throws {
        sandbox = try SyncSandbox()
        runner = try CLIRunner()
    }

    func home(_ machine: String) -> URL { sandbox.folder.file("home-\(machine)") }

    func notes(_ machine: String, _ arguments: String...) throws -> CLIResult {
        var environment = sandbox.environment
        environment["HOME"] = home(machine).path
        environment["XDG_CONFIG_HOME"] = home(machine).appendingPathComponent("config").path
        return try runner.run(arguments + ["--store", sandbox.storeURL(machine).path], environment: environment)
    }

    @Test func twoHomesShareAnEncryptedRemoteWithAnExportedKey() throws {
        let id = try notes("laptop", "add", "Zanzibar plans", "--body", "Marmalade recipe", "--tag", "quokka")
            .stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let initialized = try notes("laptop", "sync", "init", sandbox.remote.path, "--encrypt")
        #expect(initialized.status == 0, "\(initialized)")
        let keyFolder = home("laptop").appendingPathComponent("config/notes/keys").path
        #expect(initialized.stdout.contains("encryption on"))
        #expect(initialized.stdout.contains("key: \(keyFolder)/age1"))
        #expect(initialized.stdout.contains("--identity"))

        let recipient = try notes("laptop", "sync", "key")
        #expect(recipient.status == 0)
        #expect(recipient.stdout.hasPrefix("age1") && recipient.stdout.split(separator: "\n").count == 1)
        let exported = try notes("laptop", "sync", "key", "--export")
        #expect(exported.stdout.contains("AGE-SECRET-KEY-1"))
        let keyFile = sandbox.folder.file("exported-key.txt")
        try exported.stdout.write(to: keyFile, atomically: true, encoding: .utf8)

        #expect(try notes("laptop", "sync").status == 0)
        let joined = try notes("desktop", "sync", "init", sandbox.remote.path, "--identity", keyFile.path)
        #expect(joined.status == 0, "\(joined)")
        #expect(try notes("desktop", "sync", "key").stdout == recipient.stdout)
        let received = try notes("desktop", "sync")
        #expect(received.status == 0, "\(received)")
        #expect(try notes("desktop", "show", id).stdout.contains("Marmalade recipe"))

        // Nothing readable in the remote; the note file opens with age and the exported key.
        let objects = try GitCommand(folder: sandbox.remote, environment: sandbox.environment)
            .check("read every object", ["cat-file", "--batch-all-objects", "--batch"]).text
        for secret in ["Zanzibar", "Marmalade", "quokka"] { #expect(!objects.contains(secret)) }
        let file = sandbox.folder.file("note.age")
        try GitCommand(folder: sandbox.remote, environment: sandbox.environment)
            .check("read", ["cat-file", "blob", "main:notes/\(id.prefix(2))/\(id).md"]).output.write(to: file)
        let opened = try CLIRunner(executable: URL(fileURLWithPath: "/usr/bin/age")).run(["-d", "-i", keyFile.path, file.path])
        #expect(opened.status == 0, "\(opened)")
        #expect(opened.stdout.contains("Zanzibar plans") && opened.stdout.contains("Marmalade recipe"))
    }

    @Test func aBadKeyFileOrAnotherKeyIsAClearErrorThatChangesNothing() throws {
        _ = try notes("laptop", "add", "Private")
        #expect(try notes("laptop", "sync", "init", sandbox.remote.path, "--encrypt").status == 0)
        #expect(try notes("laptop", "sync").status == 0)

        let missing = try notes("desktop", "sync", "init", sandbox.remote.path, "--identity", sandbox.folder.file("nope.txt").path)
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("nope.txt"))
        #expect(!FileManager.default.fileExists(atPath: sandbox.storeURL("desktop").path + ".sync"))

        // A machine that made a key of its own cannot read the remote, and pushes nothing.
        #expect(try notes("stranger", "sync", "init", sandbox.remote.path, "--encrypt").status == 0)
        let before = try GitCommand(folder: sandbox.remote, environment: sandbox.environment).check("tip", ["rev-parse", "main"]).text
        let refused = try notes("stranger", "sync")
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("encrypted for another key"), "\(refused)")
        #expect(try GitCommand(folder: sandbox.remote, environment: sandbox.environment).check("tip", ["rev-parse", "main"]).text == before)
        // A plain sync has no key to show.
        #expect(try notes("plain", "sync", "init", sandbox.remote.path).status == 0)
        let noKey = try notes("plain", "sync", "key")
        #expect(noKey.status != 0 && noKey.stderr.contains("not encrypted"))
    }
}
