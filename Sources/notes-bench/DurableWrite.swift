import Foundation

/// The naive durable save the rewrite baseline uses: write a temporary file,
/// `fsync` it, `rename` it over the target, `fsync` the folder.
enum DurableWrite {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func replace(_ url: URL, with data: Data) throws {
        let temporary = url.path + ".bench-tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { throw Failure(description: "cannot create \(temporary): errno \(errno)") }
        var written = 0
        let ok = data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Bool in
            guard let base = raw.baseAddress else { return true }
            while written < raw.count {
                let count = write(descriptor, base + written, raw.count - written)
                if count < 0 { if errno == EINTR { continue }; return false }
                written += count
            }
            return true
        }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard ok, synced else { throw Failure(description: "cannot write \(temporary): errno \(errno)") }
        guard rename(temporary, url.path) == 0 else { throw Failure(description: "cannot rename \(temporary): errno \(errno)") }
        let folder = open(url.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY)
        guard folder >= 0 else { throw Failure(description: "cannot open the folder of \(url.path)") }
        defer { close(folder) }
        guard fsync(folder) == 0 else { throw Failure(description: "cannot fsync the folder of \(url.path)") }
    }
}
