import Foundation
import NotesBase

/// Runs a child process on the slave side of a pseudo-terminal of a given size,
/// types into it, and reads what it writes, cut at named marks the child writes
/// (`PTYSession.mark(_:)`). The slave is raw (no output processing), so the counts
/// are the bytes the program wrote, not what the line discipline made of them.
final class PTYSession {
    /// What the child writes to its terminal to name the point it has reached.
    static func mark(_ name: String) -> [UInt8] {
        markPrefix + Array(name.utf8) + markSuffix
    }

    private static let markPrefix: [UInt8] = Array("\u{1B}P#notes-bench:".utf8)
    private static let markSuffix: [UInt8] = Array("#\u{1B}\\".utf8)

    /// The bytes the child wrote before one of its marks (since the previous mark).
    struct Piece {
        let bytes: Int
        let mark: String
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let master: Int32
    private let pid: pid_t
    private let program: String
    /// Our end of the pipe the child's standard error goes to.
    private let errors: Int32
    private var ended: ChildSpawn.Exit?
    private let deadline: Date
    private var output: [UInt8] = []
    /// Where the bytes after the last mark start, and where to look for the next mark.
    private var pieceStart = 0
    private var searchFrom = 0
    /// Every piece read so far, first first.
    private(set) var pieces: [Piece] = []

    /// Starts `program` (by default this executable, running itself) with `arguments` on a new `width`×`height` pty, which
    /// is its controlling terminal (`ChildSpawn.runOnTerminal`); everything must be done
    /// within `timeoutSeconds`.
    init(program given: String? = nil, arguments: [String], environment: [String: String], width: Int, height: Int,
         timeoutSeconds: TimeInterval = 60) throws {
        var master: Int32 = -1, slave: Int32 = -1
        var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
        var modes = termios()
        cfmakeraw(&modes)
        guard openpty(&master, &slave, nil, &modes, &size) == 0 else {
            throw Failure(description: "openpty failed: errno \(errno)")
        }
        defer { close(slave) }  // the child opens the terminal itself
        guard let name = ttyname(slave) else {
            close(master)
            throw Failure(description: "ttyname failed: errno \(errno)")
        }
        let program = given ?? URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        var child = ChildSpawn(program: program, arguments: [program] + arguments, environment: environment)
        child.runOnTerminal(String(cString: name))
        child.closesOtherDescriptors = true
        do {
            let errors = try ChildSpawn.makePipe()
            defer { close(errors.write) }
            child.standardError = .descriptor(errors.write)
            do { pid = try child.start() } catch {
                close(errors.read)
                throw error
            }
            self.errors = errors.read
        } catch {
            close(master)
            throw Failure(description: "cannot start the terminal child: \(error)")
        }
        self.master = master
        self.program = program
        self.deadline = Date().addingTimeInterval(timeoutSeconds)
    }

    deinit {
        if ended == nil {
            kill(pid, SIGKILL)
            _ = try? ChildSpawn.wait(for: pid, program: program)
        }
        close(master)
        close(errors)
    }

    /// Types `bytes` into the terminal.
    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { Glibc.write(master, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(description: "writing to the pty failed: errno \(errno)")
            }
            offset += count
        }
    }

    /// Reads until `done(pieces)` holds; throws when the child ends first or time is up.
    func read(until done: ([Piece]) -> Bool) throws {
        while !done(pieces) {
            guard try readOnce(waitingAtMost: 1000) != .closed else {
                throw Failure(description: "the terminal child stopped writing before the expected mark")
            }
        }
    }

    /// Reads until the output holds `text`; throws when the child ends first or time is up.
    func read(untilOutputHolds text: [UInt8]) throws {
        while Self.find(text, in: output, from: 0) == nil {
            guard try readOnce(waitingAtMost: 1000) != .closed else {
                throw Failure(description: "the terminal child stopped writing before it wrote \(String(decoding: text, as: UTF8.self))")
            }
        }
    }

    /// Reads whatever arrives for `milliseconds`. False when the child has closed the terminal.
    @discardableResult
    func pump(milliseconds: Int) throws -> Bool {
        let until = Date().addingTimeInterval(Double(milliseconds) / 1000)
        while true {
            let left = Int(until.timeIntervalSinceNow * 1000)
            if left <= 0 { return true }
            if try readOnce(waitingAtMost: left) == .closed { return false }
        }
    }

    private enum ReadOutcome { case data, nothing, closed }

    /// Waits at most `milliseconds` for output and reads what is there.
    private func readOnce(waitingAtMost milliseconds: Int) throws -> ReadOutcome {
        guard Date() < deadline else {
            kill(pid, SIGKILL)
            throw Failure(description: "the terminal child took too long")
        }
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, Int32(clamping: max(0, milliseconds)))
        if ready == 0 { return .nothing }
        if ready < 0 { return errno == EINTR ? .nothing : .closed }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
        if count > 0 {
            output.append(contentsOf: buffer[0..<count])
            cutPieces()
            return .data
        }
        if count < 0, errno == EINTR || errno == EAGAIN { return .nothing }
        return .closed  // EIO: every slave descriptor is closed; or end of file
    }

    /// Reads until the child closes the terminal, then waits for it to exit (killing it at the
    /// deadline). Returns its exit status (as a shell shows it) and what it wrote to stderr.
    func finish() throws -> (status: Int32, errors: String) {
        while try pump(milliseconds: 1000) {}
        let (exit, _) = try ChildSpawn.wait(for: pid, program: program, timeout: max(0, deadline.timeIntervalSinceNow))
        ended = exit
        var text: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 4096)
        while true {  // the child has ended: the pipe holds all it wrote, then its end
            let count = chunk.withUnsafeMutableBytes { Glibc.read(errors, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            text += chunk[..<count]
        }
        return (exit.shellStatus, String(decoding: text, as: UTF8.self))
    }

    /// Turns each complete mark in the output into a piece.
    private func cutPieces() {
        let prefix = Self.markPrefix, suffix = Self.markSuffix
        var index = searchFrom
        while index + prefix.count <= output.count {
            guard output[index] == prefix[0], output[index..<(index + prefix.count)].elementsEqual(prefix) else {
                index += 1
                continue
            }
            guard let end = Self.find(suffix, in: output, from: index + prefix.count) else {
                searchFrom = index  // the rest of this mark has not arrived yet
                return
            }
            let name = String(decoding: output[(index + prefix.count)..<end], as: UTF8.self)
            pieces.append(Piece(bytes: index - pieceStart, mark: name))
            index = end + suffix.count
            pieceStart = index
        }
        searchFrom = max(pieceStart, output.count - prefix.count + 1)
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
