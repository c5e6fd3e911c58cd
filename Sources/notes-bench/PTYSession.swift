import Foundation

/// Runs a child process on the slave side of a pseudo-terminal of a given size
/// and collects every byte it writes, split at marks the child writes between
/// steps. The slave is raw (no output processing), so the counts are the bytes
/// the program wrote, not what the line discipline made of them.
struct PTYSession {
    /// What the child writes to its terminal after each step, so the parent can cut the stream.
    static let mark: [UInt8] = Array("\u{1B}P#notes-bench-mark#\u{1B}\\".utf8)

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The bytes written before the first mark, between marks, and after the last.
    let segments: [[UInt8]]
    /// What the child wrote to stderr (its result line, or why it failed).
    let childErrors: String
    let exitStatus: Int32

    static func run(arguments: [String], environment: [String: String], width: Int, height: Int,
                    timeoutSeconds: Int = 60) throws -> PTYSession {
        var master: Int32 = -1, slave: Int32 = -1
        var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
        var modes = termios()
        cfmakeraw(&modes)
        guard openpty(&master, &slave, nil, &modes, &size) == 0 else {
            throw Failure(description: "openpty failed: errno \(errno)")
        }
        defer { close(master) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = arguments
        process.environment = environment
        let slaveHandle = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        process.standardInput = slaveHandle
        process.standardOutput = slaveHandle
        let errors = Pipe()
        process.standardError = errors
        do { try process.run() } catch {
            close(slave)
            throw error
        }
        close(slave)
        let output = readAll(master, timeoutSeconds: timeoutSeconds, process: process)
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return PTYSession(segments: split(output), childErrors: errorText, exitStatus: process.terminationStatus)
    }

    /// Reads the master until the child has closed the slave (EIO) or the time is up.
    private static func readAll(_ master: Int32, timeoutSeconds: Int, process: Process) -> [UInt8] {
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var waited = 0
        while true {
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, 1000)
            if ready == 0 {
                waited += 1
                if waited >= timeoutSeconds { process.terminate(); break }
                continue
            }
            if ready < 0 { if errno == EINTR { continue }; break }
            let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            if count > 0 {
                output.append(contentsOf: buffer[0..<count])
            } else if count < 0, errno == EINTR || errno == EAGAIN {
                continue
            } else {
                break  // EIO: every slave descriptor is closed; or end of file
            }
        }
        return output
    }

    /// Cuts `bytes` at each occurrence of `mark`.
    static func split(_ bytes: [UInt8]) -> [[UInt8]] {
        var segments: [[UInt8]] = []
        var start = 0
        var index = 0
        while index + mark.count <= bytes.count {
            if bytes[index] == mark[0], Array(bytes[index..<(index + mark.count)]) == mark {
                segments.append(Array(bytes[start..<index]))
                index += mark.count
                start = index
            } else {
                index += 1
            }
        }
        segments.append(Array(bytes[start...]))
        return segments
    }
}
