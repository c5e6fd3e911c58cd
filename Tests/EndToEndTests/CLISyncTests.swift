import Foundation
import NotesTestSupport
import Testing
import NotesSync

/// `notes sync init|run|status` through the real binary: two homes with no git
/// configuration and a bare repository in a temporary folder.
@Suite struct CLISyncTests {
    /// `notes sync init ../remote.git` means that path from where it was typed, not from
    /// the sync repository's folder (where git would look for it).
    @Test func aRelativeRemotePathIsReadFromWhereItWasTyped() throws {
        let sandbox = try SyncSandbox()
        let runner = try CLIRunner()
        let work = sandbox.folder.file("work")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let store = sandbox.storeURL("laptop").path
        #expect(try runner.run(["add", "Relative", "--store", store], environment: sandbox.environment).status == 0)
        let initialized = try runner.run(["sync", "init", "../remote.git", "--store", store],
                                         environment: sandbox.environment, workingDirectory: work)
        #expect(initialized.status == 0, "\(initialized)")
        #expect(initialized.stdout.contains(sandbox.remote.standardizedFileURL.path))
        let synced = try runner.run(["sync", "--store", store], environment: sandbox.environment, workingDirectory: work)
        #expect(synced.status == 0, "\(synced)")
        #expect(try sandbox.remoteFiles().keys.contains { $0.hasPrefix("notes/") })
    }

    @Test func remotesOtherThanRelativePathsAreKeptAsTyped() {
        for remote in ["/srv/notes.git", "https://example.invalid/notes.git", "ssh://host/notes.git", "git@host:notes.git", "host:path/notes.git"] {
            #expect(SyncEngine.remote(remote, from: "/home/me") == remote)
        }
        #expect(SyncEngine.remote("../shared/notes.git", from: "/home/me/work") == "/home/me/shared/notes.git")
        #expect(SyncEngine.remote("notes.git", from: "/home/me") == "/home/me/notes.git")
    }

    @Test func twoHomesSyncThroughABareRepository() throws {
        let sandbox = try SyncSandbox()
        let runner = try CLIRunner()
        func notes(_ machine: String, _ arguments: String...) throws -> CLIResult {
            try runner.run(arguments + ["--store", sandbox.storeURL(machine).path], environment: sandbox.environment)
        }
        let id = try notes("laptop", "add", "Shopping", "--body", "milk").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let initialized = try notes("laptop", "sync", "init", sandbox.remote.path)
        #expect(initialized.status == 0, "\(initialized)")
        #expect(initialized.stdout.contains("notes.json.sync"))
        #expect(try notes("desktop", "sync", "init", sandbox.remote.path).status == 0)

        let ahead = try notes("laptop", "sync", "status", "--json")
        let status = try #require(JSONSerialization.jsonObject(with: Data(ahead.stdout.utf8)) as? [String: Any])
        #expect(status["reachable"] as? Bool == true)
        #expect((status["ahead"] as? [String])?.contains(id) == true)

        let pushed = try notes("laptop", "sync")
        #expect(pushed.status == 0, "\(pushed)")
        #expect(pushed.stdout.contains("changes pushed"))
        let received = try notes("desktop", "sync", "--json")
        #expect(received.status == 0, "\(received)")
        let report = try #require(JSONSerialization.jsonObject(with: Data(received.stdout.utf8)) as? [String: Any])
        #expect(report["received"] as? Int == 1)
        #expect(try notes("desktop", "show", id).stdout.contains("milk"))
    }

    @Test func anUnreachableRemoteIsAnErrorWithGitsMessageAndChangesNothing() throws {
        let sandbox = try SyncSandbox()
        let runner = try CLIRunner()
        let store = sandbox.storeURL("laptop").path
        let missing = sandbox.folder.file("gone.git").path
        _ = try runner.run(["add", "Kept", "--store", store], environment: sandbox.environment)
        #expect(try runner.run(["sync", "init", missing, "--store", store], environment: sandbox.environment).status == 0)
        let before = try runner.run(["list", "--json", "--store", store], environment: sandbox.environment).stdout

        let result = try runner.run(["sync", "--store", store], environment: sandbox.environment)

        #expect(result.status != 0)
        #expect(result.stderr.hasPrefix("error: git could not fetch"))
        #expect(result.stderr.contains("gone.git"))
        #expect(try runner.run(["list", "--json", "--store", store], environment: sandbox.environment).stdout == before)
    }

    @Test func syncBeforeInitSaysWhatToDo() throws {
        let sandbox = try SyncSandbox()
        let result = try CLIRunner().run(["sync", "--store", sandbox.storeURL("lonely").path], environment: sandbox.environment)
        #expect(result.status != 0)
        #expect(result.stderr.contains("notes sync init REMOTE"))
    }
}
