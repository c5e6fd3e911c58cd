import Foundation

/// The remote is untrusted input: before anything of a fetched commit is read, merged or
/// checked out, its whole tree is checked. A tree with a symbolic link or a submodule
/// anywhere, a name git itself would refuse (`.`, `..`, `.git`, a `/` or NUL in a name),
/// `notes`/`trash` that are not folders (or hold anything but files and folders of files),
/// `attachments` that is not three levels of folders over plain files, `categories.json` that is not a plain file, or a
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

    /// Throws `SyncError.unsafeRemote` unless every entry of `commit`'s tree that differs
    /// from `checked` (a commit checked before, or made here) is safe: the same check as
    /// `checkTree(of:)`, costing what changed instead of the whole tree. Without `checked`,
    /// the whole tree.
    func checkTree(of commit: String, since checked: String?) throws(SyncError) {
        guard let checked else { return try checkTree(of: commit) }
        let output = [UInt8](try git.check("compare \(checked.prefix(10)) with \(commit.prefix(10))",
                                           ["diff-tree", "-r", "-t", "-z", "--no-renames", "--no-commit-id", checked, commit]).output)
        let records = output.split(separator: 0, omittingEmptySubsequences: false)
        var entries: [TreeEntry] = []
        var index = 0
        while index + 1 < records.count {
            let fields = String(decoding: records[index], as: UTF8.self).split(separator: " ")
            let path = records[index + 1]
            index += 2
            guard fields.count == 5 else {
                throw .unsafeRemote(commit: String(commit.prefix(10)), path: String(decoding: path, as: UTF8.self),
                                    reason: "is an entry git lists in a form sync does not know")
            }
            let mode = String(fields[1])
            if mode == "000000" { continue }  // gone
            let type = mode == "040000" ? "tree" : mode == "160000" ? "commit" : "blob"
            guard let entry = TreeEntry(ArraySlice(Array("\(mode) \(type) \(fields[3])\t".utf8) + path)) else { continue }
            entries.append(entry)
        }
        // Sizes of the files sync reads, from git's object database.
        let blobs = entries.filter {
            $0.type == "blob" && (SyncFiles.isSyncedPath($0.path) || $0.path.hasPrefix(Self.attachmentsFolder + "/"))
        }.map(\.object)
        var sizes: [String: Int] = [:]
        if !blobs.isEmpty {
            let input = Data((Set(blobs).joined(separator: "\n") + "\n").utf8)
            for line in try git.check("read file sizes", ["cat-file", "--batch-check"], input: input).text.split(separator: "\n") {
                let parts = line.split(separator: " ")
                if parts.count == 3, let size = Int(parts[2]) { sizes[String(parts[0])] = size }
            }
        }
        for var entry in entries {
            if entry.type == "blob" { entry.size = sizes[entry.object] }
            if let reason = Self.problem(with: entry) {
                throw .unsafeRemote(commit: String(commit.prefix(10)), path: entry.path, reason: reason)
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
        case SyncRepository.attachmentsFolder:
            // attachments/XY/ID/name: three levels of folders, then files.
            if parts.count < 4, !isTree { return "is not a folder" }
            if parts.count == 4, !isPlainFile { return "is not a plain file" }
            if parts.count > 4 { return "is deeper than attachments/XY/ID/name" }
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
