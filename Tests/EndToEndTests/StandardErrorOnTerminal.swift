import Foundation
import Glibc
import NotesBase
import NotesTestSupport
import Testing

/// `notes` started with its standard error on a pseudo-terminal in raw mode, so that it
/// draws its progress line there and the bytes read are the ones it wrote; standard input
/// and output are `/dev/null`. What a person at a terminal sees of a long command.
struct StandardErrorOnTerminal {
    let pid: pid_t
    let binary: String
    private let terminal: Int32

    /// Starts `notes arguments…` with `environment` over the runner's own.
    init(_ runner: CLIRunner, _ arguments: [String], environment: [String: String]) throws {
        var master: Int32 = -1, slave: Int32 = -1
        var modes = termios()
        cfmakeraw(&modes)  // the bytes as the child wrote them, no \n made \r\n
        try #require(openpty(&master, &slave, nil, &modes, nil) == 0)
        binary = runner.executable.path
        var child = ChildSpawn(program: binary, arguments: [binary] + arguments,
                               environment: runner.baseEnvironment.merging(environment) { _, given in given })
        child.standardInput = .open("/dev/null", flags: O_RDONLY)
        child.standardOutput = .open("/dev/null", flags: O_WRONLY)
        child.standardError = .descriptor(slave)
        defer { close(slave) }
        do {
            pid = try child.start()
        } catch {
            close(master)
            throw error
        }
        terminal = master
    }

    /// All it writes until it ends, and its exit.
    func finished() throws -> (text: String, exit: ChildSpawn.Exit) {
        defer { close(terminal) }
        let bytes = try read(until: nil)
        return (String(decoding: bytes, as: UTF8.self), try ChildSpawn.wait(for: pid, program: binary))
    }

    /// Sends `SIGINT` once the terminal shows `marker`: all it wrote, and its exit.
    func interrupted(at marker: String) throws -> (text: String, exit: ChildSpawn.Exit) {
        defer { close(terminal) }
        var seen = try read(until: marker)
        kill(pid, SIGINT)
        let exit = try ChildSpawn.wait(for: pid, program: binary)
        seen += try read(until: nil)
        return (String(decoding: seen, as: UTF8.self), exit)
    }

    /// What the terminal gives until its text holds `marker` (nil: until the child closes
    /// it), waiting at most two minutes for each piece.
    private func read(until marker: String?) throws -> [UInt8] {
        var bytes: [UInt8] = []
        var piece = [UInt8](repeating: 0, count: 4096)
        while marker.map({ !String(decoding: bytes, as: UTF8.self).contains($0) }) ?? true {
            var poller = pollfd(fd: terminal, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, 120_000)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { throw ChildProcessError.hung("nothing on the terminal for 120 s") }
            let count = piece.withUnsafeMutableBytes { Glibc.read(terminal, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }  // EIO: the child closed the terminal
            bytes += piece[..<count]
        }
        return bytes
    }
}
