import Foundation
import Glibc
import NotesBase
import NotesModel
import NotesStore
import NotesTestSupport
import Testing

/// A first `notes sync` and a `notes doctor --salvage`, as a person at a terminal sees them:
/// a progress line on standard error, erased at the end; nothing of it on a pipe.
@Suite struct CLISyncProgressTests {
    /// Runs `notes arguments…` with standard error on a terminal: what it wrote there, and its exit.
    static func onTerminal(_ runner: CLIRunner, _ arguments: [String], environment: [String: String]) throws
        -> (text: String, exit: ChildSpawn.Exit) {
        try StandardErrorOnTerminal(runner, arguments, environment: environment).finished()
    }

    /// A store of `count` notes for machine `name` of `sandbox`.
    static func store(_ sandbox: SyncSandbox, _ name: String, notes count: Int) throws {
        let store = try sandbox.open(name)
        try store.commit((0..<count).map { .putNote(Note(title: "Note \($0)", body: "body \($0)")) })
        store.close()
    }

    @Test func aFirstSyncCountsTheFilesOnATerminalAndNotOnAPipe() throws {
        let sandbox = try SyncSandbox()
        let runner = try CLIRunner()
        for name in ["laptop", "desktop"] {
            try Self.store(sandbox, name, notes: 300)
            let remote = sandbox.folder.file("\(name).git")
            try sandbox.makeBareRemote(at: remote)
            let initialized = try runner.run(["sync", "init", remote.path, "--store", sandbox.storeURL(name).path],
                                             environment: sandbox.environment)
            #expect(initialized.status == 0, "\(initialized)")
        }

        let (text, exit) = try Self.onTerminal(runner, ["sync", "--store", sandbox.storeURL("laptop").path],
                                               environment: sandbox.environment)
        #expect(exit == .exited(0), "\(text)")
        #expect(text.contains("\r\u{1B}[Ksync: writing "), "\(text)")
        #expect(text.contains(" / 301 files"), "\(text)")
        // Erased before the next step's line.
        #expect(text.contains("\r\u{1B}[Ksync: fetching\n"), "\(text)")

        let piped = try runner.run(["sync", "--store", sandbox.storeURL("desktop").path], environment: sandbox.environment)
        #expect(piped.status == 0, "\(piped)")
        #expect(piped.stderr.isEmpty, "\(piped.stderr)")
        #expect(piped.stdout.contains("changes pushed"))
    }

    @Test func aSalvageShowsItsProgressOnATerminal() throws {
        let sandbox = try SyncSandbox()
        let runner = try CLIRunner()
        let url = sandbox.storeURL("laptop")
        let store = try sandbox.open("laptop")
        let body = String(repeating: "salvage progress ", count: 30)
        try store.commit((0..<4_000).map { .putNote(Note(title: "Note \($0)", body: body)) })
        try store.compactNow()
        store.close()
        let whole = try Data(contentsOf: url)
        try whole.prefix(whole.count * 9 / 10).write(to: url)

        let (text, exit) = try Self.onTerminal(runner, ["doctor", "--salvage", "--store", url.path], environment: sandbox.environment)
        #expect(exit == .exited(0), "\(text)")
        #expect(text.contains("\r\u{1B}[Ksalvaging: reading "), "\(text)")
        #expect(text.contains("\r\u{1B}[Ksalvaging: writing "), "\(text)")
        #expect(text.hasSuffix("\r\u{1B}[K"), "\(text)")
    }
}
