import Foundation
import Glibc
import NotesBase
import NotesTestSupport
import Testing

/// `notes add` without a title, typed at a terminal (nothing piped in): a usage error that
/// shows `notes add`'s own usage, and nothing is read or written.
@Suite struct CLIAddOnATerminalTests {
    @Test func noTitleAtATerminalShowsAddsUsage() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        var master: Int32 = -1, slave: Int32 = -1
        try #require(openpty(&master, &slave, nil, nil, nil) == 0)
        defer { close(master) }
        let binary = sandbox.runner.executable.path
        let errors = sandbox.folder.file("stderr.txt").path
        var child = ChildSpawn(program: binary, arguments: [binary, "add", "--store", sandbox.storePath],
                               environment: sandbox.runner.baseEnvironment)
        child.standardInput = .descriptor(slave)
        child.standardOutput = .open("/dev/null", flags: O_WRONLY)
        child.standardError = .open(errors, flags: O_WRONLY | O_CREAT | O_TRUNC)
        let pid = try child.start()
        close(slave)
        let exit = try ChildSpawn.wait(for: pid, program: binary)
        let text = try String(contentsOfFile: errors, encoding: .utf8)
        #expect(exit == .exited(64), "\(text)")
        #expect(text.contains("error: a note needs a title: give one, or pipe the note in"), "\(text)")
        #expect(text.contains("Usage: notes add"), "\(text)")
        #expect(sandbox.storeBytes() == nil)
    }
}
