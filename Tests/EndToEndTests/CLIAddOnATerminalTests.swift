import Foundation
import Glibc
import NotesBase
import NotesTestSupport
import Testing

/// `notes add` without a title, typed at a terminal (nothing piped in): a usage error that
/// shows `notes add`'s own usage (after what is wrong with the arguments, if anything), and
/// nothing is read or written.
@Suite struct CLIAddOnATerminalTests {
    @Test func noTitleAtATerminalShowsAddsUsage() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let (exit, text) = try addAtATerminal(sandbox, [])
        #expect(exit == .exited(64), "\(text)")
        #expect(text.contains("error: a note needs a title: give one, or pipe the note in"), "\(text)")
        #expect(text.contains("Usage: notes add"), "\(text)")
        #expect(sandbox.storeBytes() == nil)
    }

    /// What is wrong with the arguments comes first: `--body` or `--template` without a title.
    @Test func aBodyOrTemplateWithoutATitleAtATerminalSaysSo() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let (bodyExit, body) = try addAtATerminal(sandbox, ["--body", "x"])
        #expect(bodyExit == .exited(64), "\(body)")
        #expect(body.contains("error: give a title with --body (without a title, standard input is the whole note)"), "\(body)")
        let (templateExit, template) = try addAtATerminal(sandbox, ["--template", "daily"])
        #expect(templateExit == .exited(64), "\(template)")
        #expect(template.contains("error: --template needs a title"), "\(template)")
        #expect(sandbox.storeBytes() == nil)
    }

    /// Runs `notes add ARGUMENTS` with a terminal as its standard input; its exit and stderr.
    private func addAtATerminal(_ sandbox: CLISandbox, _ arguments: [String]) throws -> (ChildSpawn.Exit, String) {
        var master: Int32 = -1, slave: Int32 = -1
        try #require(openpty(&master, &slave, nil, nil, nil) == 0)
        defer { close(master) }
        let binary = sandbox.runner.executable.path
        let errors = sandbox.folder.file("stderr.txt").path
        var child = ChildSpawn(program: binary, arguments: [binary, "add"] + arguments + ["--store", sandbox.storePath],
                               environment: sandbox.runner.baseEnvironment)
        child.standardInput = .descriptor(slave)
        child.standardOutput = .open("/dev/null", flags: O_WRONLY)
        child.standardError = .open(errors, flags: O_WRONLY | O_CREAT | O_TRUNC)
        let pid = try child.start()
        close(slave)
        let exit = try ChildSpawn.wait(for: pid, program: binary)
        return (exit, try String(contentsOfFile: errors, encoding: .utf8))
    }
}
