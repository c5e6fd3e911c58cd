import Foundation
import NotesTestSupport
import Testing

/// Where the store is: `--store`, else `$NOTES_STORE`, else `$XDG_DATA_HOME/notes/notes.json`, else `~/.local/share`.
@Suite struct CLIStoreLocationTests {
    @Test func notesStoreIsUsedWithoutTheOption() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let runner = try CLIRunner()
        let path = folder.file("env/notes.json").path

        let added = try runner.run(["add", "via env"], environment: ["NOTES_STORE": path])
        let listed = try runner.run(["list"], environment: ["NOTES_STORE": path])

        #expect(added.status == 0)
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(listed.stdout.contains("via env"))
    }

    @Test func xdgDataHomeIsTheDefaultFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let runner = try CLIRunner()
        let environment = ["XDG_DATA_HOME": folder.file("data").path, "HOME": folder.file("home").path]

        let added = try runner.run(["add", "via xdg"], environment: environment)

        #expect(added.status == 0)
        #expect(FileManager.default.fileExists(atPath: folder.file("data/notes/notes.json").path))
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.file("data/notes").path)
        #expect((attributes[.posixPermissions] as? Int).map { $0 & 0o777 } == 0o700)
    }

    @Test func homeIsUsedWithoutXDG() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let runner = try CLIRunner()

        let added = try runner.run(["add", "via home"], environment: ["HOME": folder.url.path])

        #expect(added.status == 0)
        #expect(FileManager.default.fileExists(atPath: folder.file(".local/share/notes/notes.json").path))
    }

    @Test func theOptionWinsOverTheEnvironment() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let runner = try CLIRunner()
        let option = folder.file("option.json").path
        let environment = ["NOTES_STORE": folder.file("env.json").path, "XDG_DATA_HOME": folder.file("data").path]

        let added = try runner.run(["add", "explicit", "--store", option], environment: environment)

        #expect(added.status == 0)
        #expect(FileManager.default.fileExists(atPath: option))
        #expect(!FileManager.default.fileExists(atPath: folder.file("env.json").path))
        #expect(!FileManager.default.fileExists(atPath: folder.file("data").path))
    }
}
