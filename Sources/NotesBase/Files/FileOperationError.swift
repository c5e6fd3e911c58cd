#if canImport(Glibc)
import Glibc
#endif

/// A system call on a file failed: which file, what was being done, and why (`strerror`).
/// Low-level readers throw it; the store and the importers word it in their own errors.
public struct FileOperationError: Error, Equatable, Sendable, CustomStringConvertible {
    public let file: String
    public let operation: String
    public let reason: String

    public init(file: String, operation: String, reason: String) {
        self.file = file
        self.operation = operation
        self.reason = reason
    }

    /// The same, with the reason `errno` gives now.
    public static func errno(file: String, operation: String) -> FileOperationError {
        FileOperationError(file: file, operation: operation, reason: errnoText())
    }

    /// What `errno` (or `code`) means, as `strerror` words it.
    public static func errnoText(_ code: Int32 = Glibc.errno) -> String { String(cString: strerror(code)) }

    public var description: String { "cannot \(operation) \(file): \(reason)" }
}

/// `64 MiB`, or the bytes when less than a MiB: how limits are worded in messages.
public func byteCountText(_ bytes: Int) -> String {
    bytes >= 1 << 20 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
}
