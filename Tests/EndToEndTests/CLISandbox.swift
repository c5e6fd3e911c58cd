import Foundation
import NotesTestSupport
import Testing

/// A temporary folder with its own store, and the `notes` binary to run against it.
struct CLISandbox {
    let folder: TemporaryFolder
    let runner: CLIRunner
    let storePath: String

    init() throws {
        folder = try TemporaryFolder(prefix: "notes-cli")
        runner = try CLIRunner()
        storePath = folder.file("store/notes.json").path
    }

    /// Where `notes edit` keeps a text it could not save (`$XDG_STATE_HOME` is in the sandbox).
    var unsavedFolder: URL { folder.file("state/notes/unsaved") }

    /// Runs `notes ARGS --store <this store>`.
    @discardableResult
    func run(_ arguments: String..., environment: [String: String] = [:], stdin: String? = nil) throws -> CLIResult {
        try runner.run(arguments + ["--store", storePath], environment: sandboxed(environment), stdin: stdin)
    }

    /// `environment` with `$XDG_STATE_HOME` in the sandbox unless given.
    func sandboxed(_ environment: [String: String]) -> [String: String] {
        environment.merging(["XDG_STATE_HOME": folder.file("state").path]) { given, _ in given }
    }

    /// Runs a command that must succeed, and returns its stdout.
    @discardableResult
    func ok(_ arguments: String..., environment: [String: String] = [:], stdin: String? = nil,
            sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try runner.run(arguments + ["--store", storePath], environment: sandboxed(environment), stdin: stdin)
        #expect(result.status == 0, "notes \(arguments.joined(separator: " ")) failed: \(result)", sourceLocation: sourceLocation)
        return result.stdout
    }

    /// Adds a note and returns its id (the one line `notes add` prints).
    func add(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try runner.run(["add"] + arguments + ["--store", storePath])
        #expect(result.status == 0, "\(result)", sourceLocation: sourceLocation)
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Runs a command with `--json` appended and parses its output.
    func json(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> Any {
        let result = try runner.run(arguments + ["--json", "--store", storePath])
        #expect(result.status == 0, "\(result)", sourceLocation: sourceLocation)
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }

    /// `list --json` (with filters) as an array of note objects.
    func notes(_ filters: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String: Any]] {
        let result = try runner.run(["list"] + filters + ["--json", "--store", storePath])
        #expect(result.status == 0, "\(result)", sourceLocation: sourceLocation)
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
    }

    /// `category list --json` as an array of category objects.
    func categories() throws -> [[String: Any]] {
        try json("category", "list") as? [[String: Any]] ?? []
    }

    /// The bytes of every file of the store (the snapshot and any journal or backup beside it),
    /// by name; lock files are left out. Nil if the store file does not exist.
    func storeBytes() -> [String: Data]? {
        guard FileManager.default.fileExists(atPath: storePath) else { return nil }
        let folder = URL(fileURLWithPath: storePath).deletingLastPathComponent()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var files: [String: Data] = [:]
        for name in names where !name.hasSuffix(".lock") {
            files[name] = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path)
        }
        return files
    }

    func remove() { folder.remove() }
}
