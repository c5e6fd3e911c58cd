import Glibc
import NotesBase

/// Why writing to standard output or standard error failed.
public struct OutputError: Error, Equatable, CustomStringConvertible {
    /// `standard output` or `standard error`.
    public var channel: String
    /// The `errno` of the failed write or close.
    public var code: Int32

    public var description: String {
        "cannot write to \(channel): \(String(cString: strerror(code)))"
    }

    /// The reader went away (`| head`): not worth a message, as with other Unix tools.
    public var isClosedPipe: Bool { code == EPIPE }
}

/// One of the process's output streams (a file descriptor), written in large pieces.
///
/// When the stream is a terminal, text goes through `TerminalSafeText` so that no note
/// text can command the terminal; pipes and files get the exact bytes. Every write is
/// checked: the first failure is kept (later writes are dropped) and `finish()` reports
/// it, so a full disk is an error instead of a silently truncated file.
public final class OutputChannel: @unchecked Sendable {
    public let descriptor: Int32
    public let name: String
    /// Whether text is escaped for a terminal.
    public let escapesForTerminal: Bool
    private var pending: [UInt8] = []
    private let bufferLimit: Int
    public private(set) var failure: OutputError?

    public init(descriptor: Int32, name: String, escapesForTerminal: Bool, bufferLimit: Int = 1 << 16) {
        self.descriptor = descriptor
        self.name = name
        self.escapesForTerminal = escapesForTerminal
        self.bufferLimit = bufferLimit
        pending.reserveCapacity(bufferLimit)
    }

    /// A channel for `descriptor` that escapes exactly when it is a terminal.
    public convenience init(descriptor: Int32, name: String) {
        self.init(descriptor: descriptor, name: name, escapesForTerminal: isatty(descriptor) == 1)
    }

    /// Queues `text` (escaped when the channel is a terminal).
    public func write(_ text: String) {
        guard failure == nil else { return }
        if escapesForTerminal {
            pending.append(contentsOf: TerminalSafeText.escaped(text).utf8)
        } else {
            pending.append(contentsOf: text.utf8)
        }
        if pending.count >= bufferLimit { flush() }
    }

    /// Queues UTF-8 `bytes` (escaped when the channel is a terminal).
    public func write(_ bytes: [UInt8]) {
        guard failure == nil else { return }
        if escapesForTerminal {
            pending.append(contentsOf: TerminalSafeText.escaped(bytes[...]))
        } else {
            pending.append(contentsOf: bytes)
        }
        if pending.count >= bufferLimit { flush() }
    }

    /// Writes out everything queued; false (and `failure` set) when that failed.
    @discardableResult
    public func flush() -> Bool {
        defer { pending.removeAll(keepingCapacity: true) }
        guard failure == nil else { return false }
        return pending.withUnsafeBufferPointer { buffer in
            guard let start = buffer.baseAddress else { return true }
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, start + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else {
                    failure = OutputError(channel: name, code: written < 0 ? errno : ENOSPC)
                    return false
                }
                offset += written
            }
            return true
        }
    }

    /// Flushes, then closes the descriptor (a file system may report a failed write only
    /// then); the first failure of the channel's life, if any.
    public func finish() -> OutputError? {
        flush()
        if failure == nil, close(descriptor) != 0, errno != EINTR {
            failure = OutputError(channel: name, code: errno)
        }
        return failure
    }
}
