import Foundation
import Testing
@testable import NotesConfig

/// Where the config file is, reading it from disk, and the environment over it.
@Suite struct ConfigFileTests {
    @Test func thePathFollowsXDGThenHomeAndNOTES_CONFIGWins() {
        #expect(ConfigFile.path(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"]) == "/x/notes/config.toml")
        #expect(ConfigFile.path(environment: ["HOME": "/h"]) == "/h/.config/notes/config.toml")
        #expect(ConfigFile.path(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/h"]) == "/h/.config/notes/config.toml")
        #expect(ConfigFile.path(environment: ["NOTES_CONFIG": "/etc/n.toml", "HOME": "/h"]) == "/etc/n.toml")
        #expect(ConfigFile.templatesFolder(environment: ["XDG_CONFIG_HOME": "/x"]) == "/x/notes/templates")
    }

    @Test func aMissingFileGivesTheDefaultsAndNoProblem() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let loaded = ConfigFile.load(environment: ["XDG_CONFIG_HOME": folder])
        #expect(loaded.problems.isEmpty)
        #expect(loaded.settings == Settings())
        #expect(loaded.path == folder + "/notes/config.toml")
    }

    @Test func theEnvironmentWinsOverTheFile() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write("editor = \"nano\"\nopener = \"gio open\"\n", to: folder + "/notes/config.toml")
        let fromFile = ConfigFile.load(environment: ["XDG_CONFIG_HOME": folder])
        #expect(fromFile.settings.editor == "nano")
        #expect(fromFile.settings.editorEnvironment([:])["VISUAL"] == "nano")
        let visual = ConfigFile.load(environment: ["XDG_CONFIG_HOME": folder, "EDITOR": "ed", "NOTES_OPENER": "open"])
        #expect(visual.settings.editor == "ed")
        #expect(visual.settings.source(of: "editor") == .environment("EDITOR"))
        #expect(visual.settings.opener == "open")
        // The launcher reads $EDITOR itself: nothing is put over it.
        #expect(visual.settings.editorEnvironment(["EDITOR": "ed"]) == ["EDITOR": "ed"])
    }

    @Test func aFileThatIsNotTextIsAProblemNamingIt() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/notes/config.toml"
        try FileManager.default.createDirectory(atPath: folder + "/notes", withIntermediateDirectories: true)
        try Data([0x65, 0x3D, 0xFF, 0xFE]).write(to: URL(fileURLWithPath: path))
        let loaded = ConfigFile.load(environment: ["XDG_CONFIG_HOME": folder])
        #expect(loaded.problems.map(\.description) == ["\(path): is not UTF-8 text"])
        #expect(loaded.settings == Settings())
    }

    func temporaryFolder() throws -> String {
        let path = NSTemporaryDirectory() + "notes-config-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }
}
