import Foundation

/// The remote is untrusted input: before anything of a fetched commit is read, merged or
/// checked out, its whole tree is checked. A tree with a symbolic link or a submodule
/// anywhere, a name git itself would refuse (`.`, `..`, `.git`, a `/` or NUL in a name),
/// `notes`/`trash` that are not folders (or hold anything but files and folders of files), `categories.json` that is not a plain file, or a
/// synced file over the size limit is refused as a whole, naming the entry, and nothing
/// of it is used.
extension SyncRepository {
    /// The largest note or categories file sync reads from a remote.
    public static let maximumFileBytes = 64 << 20

    /// Throws `SyncError.unsafeRemote` unless every entry of `commit`'s tree is safe.
    func checkTree(of commit: String) throws(SyncError) {
        let output = [UInt8](try git.check("list the files of \(commit.prefix(10))", ["ls-tree", "-r", "-t", "-l", "-z", commit]).output)
        for entry in output.split(separator: 0) {
            guard let parsed = TreeEntry(entry) else {
                throw .unsafeRemote(commit: String(commit.prefix(10)), path: String(decoding: entry, as: UTF8.self),
                                    reason: "is an entry git lists in a form sync does not know")
            }
            if let reason = Self.problem(with: parsed) {
                throw .unsafeRemote(commit: String(commit.prefix(10)), path: parsed.path, reason: reason)
            }
        }
    }

    /// Why `entry` makes the tree unsafe, or nil when it is fine.
    static func problem(with entry: TreeEntry) -> String? {
        let parts = entry.path.split(separator: "/", omittingEmptySubsequences: false)
        for part in parts {
            if part.isEmpty || part == "." || part == ".." { return "is a path with an empty, '.' or '..' part" }
            if part.lowercased() == ".git" { return "is a path through '.git'" }
        }
        if entry.mode == "120000" { return "is a symbolic link" }
        if entry.mode == "160000" || entry.type == "commit" { return "is a submodule" }
        let top = String(parts[0])
        let isTree = entry.type == "tree"
        let isPlainFile = entry.type == "blob" && (entry.mode == "100644" || entry.mode == "100755")
        switch top {
        case SyncFiles.notesFolder, SyncFiles.trashFolder:
            // notes/ and trash/ hold files (layout 1) and folders of files (layout 2), no deeper.
            if parts.count == 1, !isTree { return "is not a folder" }
            if parts.count == 2, !isPlainFile, !isTree { return "is not a plain file or a folder" }
            if parts.count > 2, !isPlainFile { return "is not a plain file" }
        case SyncFiles.categoriesFile where parts.count == 1:
            if !isPlainFile { return "is not a plain file" }
        default:
            return nil  // another file of the repository (a README): never read, never a link
        }
        if isPlainFile, let size = entry.size, size > maximumFileBytes {
            return "is \(size) bytes, more than the \(maximumFileBytes) a synced file may have"
        }
        return nil
    }
}
