import Foundation
import NotesStore
import NotesSync

/// A temporary folder with a bare git repository (`remote.git`) and stores ("machines")
/// that sync through it, with git kept away from the user's own configuration.
public final class SyncSandbox {
    public let folder: TemporaryFolder
    public var remote: URL { folder.file("remote.git") }
    /// What every git run here sees: no global or system configuration, no identity.
    public let environment: [String: String]

    public init() throws {
        folder = try TemporaryFolder(prefix: "notes-sync")
        let home = folder.file("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        environment = ["HOME": home.path, "XDG_CONFIG_HOME": home.path, "GIT_CONFIG_NOSYSTEM": "1"]
        try makeBareRemote(at: remote)
    }

    deinit { folder.remove() }

    /// Creates a bare repository at `url`.
    public func makeBareRemote(at url: URL) throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try GitCommand(folder: url, environment: environment).check("create the remote", ["init", "-q", "--bare", "-b", "main"])
    }

    /// The store file of machine `name`.
    public func storeURL(_ name: String) -> URL { folder.file(name).appendingPathComponent("notes.json") }

    /// Opens machine `name`'s store.
    public func open(_ name: String) throws -> NotesStore { try NotesStore.open(at: storeURL(name)) }

    /// A sync engine for `store`, with this sandbox's git environment.
    public func engine(_ store: NotesStore) -> SyncEngine { SyncEngine(store: store, environment: environment) }

    /// Opens machine `name` and sets up its sync with `remote` (default: the sandbox's).
    public func machine(_ name: String, remote: URL? = nil) throws -> NotesStore {
        let store = try open(name)
        try engine(store).initialize(remote: (remote ?? self.remote).path)
        return store
    }

    /// Syncs `store` once.
    @discardableResult
    public func sync(_ store: NotesStore) throws -> SyncEngine.Report { try engine(store).sync() }

    /// The files of the remote's `main`, by path.
    public func remoteFiles() throws -> [String: String] {
        let git = GitCommand(folder: remote, environment: environment)
        let names = try git.check("list", ["ls-tree", "-r", "--name-only", "main"]).text.split(separator: "\n")
        var files: [String: String] = [:]
        for name in names { files[String(name)] = try git.check("show", ["show", "main:\(name)"]).text }
        return files
    }
}
