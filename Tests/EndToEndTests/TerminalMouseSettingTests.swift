import Foundation
import NotesTestSupport
import Testing

/// The config's `mouse` setting reaches the terminal: with it on (the default) the app asks
/// for SGR mouse reports, with `mouse = false` it never does (tmux shows which it was asked).
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed (apt-get install tmux)"))
struct TerminalMouseSettingTests {
    @Test(arguments: [("", "1"), ("mouse = false\n", "0")])
    func theConfigTurnsMouseReportsOnOrOff(config: String, reported: String) throws {
        // Given a store with one note and a config file holding `config`
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        _ = try sandbox.add("Garden plan")
        let configFile = URL(fileURLWithPath: sandbox.storePath).deletingLastPathComponent()
            .appendingPathComponent("config.toml")
        try Data(config.utf8).write(to: configFile)

        // When notes opens full-screen with that config
        let session = try TmuxSession(command: [sandbox.runner.executable.path, "--store", sandbox.storePath],
                                      width: 80, height: 24, environment: ["NOTES_CONFIG": configFile.path])
        defer { session.kill() }
        try session.waitFor(text: "Garden plan")

        // Then the terminal was asked for mouse reports only when the setting is on
        #expect(try session.format("#{mouse_any_flag}") == reported)
        #expect(try session.format("#{mouse_sgr_flag}") == reported)
    }
}
