import Glibc
import Foundation

/// Where the store lives: `--store PATH`, else `$NOTES_STORE`, else
/// `$XDG_DATA_HOME/notes/notes.json`, else `~/.local/share/notes/notes.json`.
public enum StoreLocation {
    public static func resolve(explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let explicit, !explicit.isEmpty { return URL(fileURLWithPath: expandTilde(explicit, environment)) }
        if let fromEnvironment = environment["NOTES_STORE"], !fromEnvironment.isEmpty {
            return URL(fileURLWithPath: expandTilde(fromEnvironment, environment))
        }
        let dataHome: String
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataHome = xdg
        } else {
            dataHome = (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        }
        return URL(fileURLWithPath: dataHome).appendingPathComponent("notes").appendingPathComponent("notes.json")
    }

    /// The real file a store path names: symbolic links at the path are followed (a
    /// dotfiles repository, a synced folder) and the folder is made canonical, so that
    /// the journal and the lock sit beside the real file and a compaction, which renames
    /// a new file over the real one, keeps the link. A path that does not exist yet is
    /// returned with its folder resolved as far as it exists.
    public static func realFile(_ url: URL) throws(StoreError) -> URL {
        var path = url.standardizedFileURL.path
        var hops = 0
        while let info = try DurableFile.linkStatus(path), info.st_mode & S_IFMT == S_IFLNK {
            hops += 1
            guard hops <= 40 else { throw .io(file: url.path, operation: "open", reason: "too many levels of symbolic links") }
            let target = try linkTarget(path)
            path = target.hasPrefix("/") ? target : (path as NSString).deletingLastPathComponent + "/" + target
        }
        let name = (path as NSString).lastPathComponent
        let folder = (path as NSString).deletingLastPathComponent
        guard !folder.isEmpty, let real = realpath(folder, nil) else { return URL(fileURLWithPath: path).standardizedFileURL }
        defer { free(real) }
        let canonical = String(cString: real)
        return URL(fileURLWithPath: canonical == "/" ? "/" + name : canonical + "/" + name)
    }

    private static func linkTarget(_ path: String) throws(StoreError) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count >= 0 else { throw .io(file: path, operation: "read the symbolic link", reason: DurableFile.errnoText()) }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func expandTilde(_ path: String, _ environment: [String: String]) -> String {
        guard path == "~" || path.hasPrefix("~/") else { return path }
        return (environment["HOME"] ?? NSHomeDirectory()) + path.dropFirst()
    }
}
