import Foundation

/// The private copies of Core Data stores (`CoreDataStoreCopy`) that an import killed
/// before it could remove them left in the temporary folder: folders named
/// `notes-coredata-<pid>-XXXXXX`, owned by this user, whose pid no longer runs. The next
/// copy removes them; `notes doctor` names them.
public enum CoreDataStaleCopies {
    /// Where the copies are made: `TMPDIR`, or `/tmp`.
    public static var temporaryFolder: String {
        let folder = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        return folder.hasSuffix("/") && folder.count > 1 ? String(folder.dropLast()) : folder
    }

    /// The stale copies in `temporaryFolder` (`TMPDIR`, else `/tmp`), as paths, in name order.
    public static func find(in temporaryFolder: String = Self.temporaryFolder) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: temporaryFolder)) ?? []
        return names.sorted().compactMap { name -> String? in
            guard let pid = owner(name), !isRunning(pid) else { return nil }
            let path = (temporaryFolder as NSString).appendingPathComponent(name)
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == getuid() else { return nil }
            return path
        }
    }

    /// Removes the stale copies in `temporaryFolder`; returns the paths removed.
    @discardableResult
    static func remove(in temporaryFolder: String = Self.temporaryFolder) -> [String] {
        find(in: temporaryFolder).filter { (try? FileManager.default.removeItem(atPath: $0)) != nil }
    }

    /// What `notes doctor` says of each stale copy.
    public static func notices(in temporaryFolder: String = Self.temporaryFolder) -> [String] {
        find(in: temporaryFolder).map { path in
            "\(path) is a private copy of a Core Data store left by an import that was killed (its process is gone); "
                + "the next 'notes import' of a store removes it, or delete it"
        }
    }

    /// The pid a copy's folder name holds (`notes-coredata-123-AbC123` → 123); nil for any other name.
    static func owner(_ name: String) -> pid_t? {
        guard name.hasPrefix(CoreDataStoreCopy.folderPrefix) else { return nil }
        let rest = name.dropFirst(CoreDataStoreCopy.folderPrefix.count)
        guard let dash = rest.firstIndex(of: "-"), let pid = pid_t(rest[..<dash]), pid > 0 else { return nil }
        return pid
    }

    /// Whether a process `pid` runs (one of another user counts: it may be the owner).
    static func isRunning(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}
