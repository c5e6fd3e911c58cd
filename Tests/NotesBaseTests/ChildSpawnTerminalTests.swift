import Foundation
import Testing
import NotesBase

/// `ChildSpawn.runOnTerminal`: the child runs on a pseudo-terminal's slave, which is its
/// controlling terminal (what `ps` shows as its tty and what `/dev/tty` opens), as the
/// bench's terminal child needs. One test at a time: `openpty` gives descriptors without
/// close-on-exec, so a child of one test would hold the other's terminal open.
@Suite(.serialized) struct ChildSpawnTerminalTests {
    /// A new pseudo-terminal: the master, and the slave's path.
    private static func openTerminal() throws -> (master: Int32, slave: String) {
        var master: Int32 = -1, slave: Int32 = -1
        try #require(openpty(&master, &slave, nil, nil, nil) == 0, "openpty: errno \(errno)")
        defer { close(slave) }
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)  // no other child keeps this terminal open
        let name = try #require(ttyname(slave), "ttyname: errno \(errno)")
        return (master, String(cString: name))
    }

    /// Everything written to the terminal until every slave descriptor is closed (or 60 s).
    private static func readAll(_ master: Int32) -> String {
        var bytes: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 4096)
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 1000) >= 0 || errno == EINTR else { break }
            guard descriptor.revents != 0 else { continue }
            let count = chunk.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            if count <= 0 { break }  // EIO: the child has closed the slave
            bytes += chunk[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The child's output lines on the terminal, and its exit; `parentsCopy` (a descriptor of
    /// the slave the child was given) is closed once it has started.
    private static func run(_ child: ChildSpawn, master: Int32, parentsCopy: Int32 = -1) throws -> ([String], ChildSpawn.Exit) {
        let pid = try child.start()
        if parentsCopy >= 0 { close(parentsCopy) }
        let text = readAll(master)
        let (exit, _) = try ChildSpawn.wait(for: pid, program: child.program, timeout: 60)
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        return (lines, exit)
    }

    private static func shell(_ script: String) -> ChildSpawn {
        ChildSpawn(program: "/bin/sh", arguments: ["/bin/sh", "-c", script])
    }

    @Test func theChildsControllingTerminalIsThePseudoTerminal() throws {
        let terminal = try Self.openTerminal()
        defer { close(terminal.master) }
        let script = "tty; ps -o tty= -p $$; echo through-dev-tty > /dev/tty; echo session $(ps -o sid= -p $$)"
        var child = Self.shell(script)
        child.runOnTerminal(terminal.slave)
        let (lines, exit) = try Self.run(child, master: terminal.master)
        #expect(exit == .exited(0))
        let session = lines.last.flatMap { Int32($0.split(separator: " ").last ?? "") }
        #expect(lines.prefix(3) == [terminal.slave, String(terminal.slave.dropFirst("/dev/".count)), "through-dev-tty"])
        #expect(session != nil && session != getsid(0), "a session of its own: \(lines)")
    }

    @Test func aDescriptorOfTheParentsIsNotEnoughForAControllingTerminal() throws {
        let terminal = try Self.openTerminal()
        defer { close(terminal.master) }
        let slave = open(terminal.slave, O_RDWR | O_NOCTTY | O_CLOEXEC)
        try #require(slave >= 0)
        var child = Self.shell("tty; ps -o tty= -p $$")
        child.newSession = true
        child.standardInput = .descriptor(slave)
        child.standardOutput = .descriptor(slave)
        let (lines, exit) = try Self.run(child, master: terminal.master, parentsCopy: slave)
        #expect(exit == .exited(0))
        #expect(lines == [terminal.slave, "?"])
    }
}
