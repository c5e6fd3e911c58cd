import Foundation

/// Files that exports write: readable and writable by their owner only (0600),
/// like the store they come from.
public enum PrivateFile {
    /// Creates or truncates the file at `url` and writes `data` into it.
    public static func write(_ data: Data, to url: URL) throws(ExchangeError) {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .io(path: url.path, operation: "create", reason: lastError) }
        defer { close(descriptor) }
        var failure: String?
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                let count = Foundation.write(descriptor, base + offset, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = lastError
                    return
                }
                offset += count
            }
        }
        if let failure { throw .io(path: url.path, operation: "write", reason: failure) }
    }

    /// Replaces the file at `url` as a whole: writes a temporary file beside it, then renames
    /// it over `url`, so a reader sees the old file or the new one, never a part.
    public static func replace(_ url: URL, with data: Data) throws(ExchangeError) {
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            try write(data, to: temporary)
        } catch {
            unlink(temporary.path)
            throw error
        }
        guard rename(temporary.path, url.path) == 0 else {
            let reason = lastError
            unlink(temporary.path)
            throw .io(path: url.path, operation: "write", reason: reason)
        }
    }

    private static var lastError: String { String(cString: strerror(errno)) }
}
