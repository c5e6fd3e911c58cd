import Foundation

/// The remote is untrusted input: before anything of a fetched commit is read, merged or
/// checked out, its tree is checked. An entry that is a symbolic link or a submodule, has a
/// name git itself would refuse (`.`, `..`, `.git`, a `/` or NUL in a name), is not a
/// folder where `notes`/`trash` need one (or holds anything but files and folders of files),
/// breaks `attachments/XY/ID/name`, is a `categories.json` that is not a plain file, or is a
/// synced file over the size limit (`SyncFileLimit`) is refused, named, and left out: the
/// sync goes on with a commit of the remote's tree without it (`commit(_:without:restoringFrom:)`),
/// so one bad entry never stops every later sync, and the push writes that tree.
extension SyncRepository {
    /// The largest plaintext of a note, categories or attachment file sync sends or reads
    /// (`SyncFileLimit`, which also gives the sealed size an encrypted sync accepts).
    public static let maximumFileBytes = SyncFileLimit.plaintextBytes

    /// An entry of a fetched tree that sync leaves out, and why.
    struct RefusedEntry: Equatable {
        var path: String
        var reason: String
    }

    /// The refused entries of `commit`'s whole tree.
    func refusedEntries(of commit: String) throws(SyncError) -> [RefusedEntry] {
        let output = [UInt8](try git.check("list the files of \(commit.prefix(10))", ["ls-tree", "-r", "-t", "-l", "-z", commit]).output)
        var entries: [TreeEntry] = []
        for line in output.split(separator: 0) {
            guard let parsed = TreeEntry(line) else {
                throw .unsafeRemote(commit: String(commit.prefix(10)), path: String(decoding: line, as: UTF8.self),
                                    reason: "is an entry git lists in a form sync does not know")
            }
            entries.append(parsed)
        }
        return try refused(entries)
    }

    /// The refused entries of `commit`'s tree that differ from `checked` (a commit checked
    /// before, or made here): the same check as `refusedEntries(of:)`, costing what changed
    /// instead of the whole tree. Without `checked`, the whole tree.
    func refusedEntries(of commit: String, since checked: String?) throws(SyncError) -> [RefusedEntry] {
        guard let checked else { return try refusedEntries(of: commit) }
        // The comparison the rest of the sync reads too (`comparison(from:to:)`).
        var entries: [TreeEntry] = []
        for (fields, path) in try comparedEntries(from: checked, to: commit, folders: true) {
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
        for index in entries.indices where entries[index].type == "blob" { entries[index].size = sizes[entries[index].object] }
        return try refused(entries)
    }

    /// The refused ones of `entries` (listed folders before what they hold), leaving out
    /// those inside a folder already refused: removing the folder removes them.
    private func refused(_ entries: [TreeEntry]) throws(SyncError) -> [RefusedEntry] {
        let sealed = try encryptionKey() != nil
        var refused: [RefusedEntry] = []
        for entry in entries where !refused.contains(where: { entry.path.hasPrefix($0.path + "/") }) {
            if let reason = Self.problem(with: entry, sealed: sealed) { refused.append(RefusedEntry(path: entry.path, reason: reason)) }
        }
        return refused
    }

    /// A commit on `commit` whose tree is `commit`'s with the `refused` entries left out:
    /// each is what `synced` (the last synced commit) holds at its path, or nothing when it
    /// holds none there, so a bad file in place of a note leaves the note as it was. What a
    /// sync reads, merges and pushes instead of the remote's tip (whose history keeps them).
    func commit(_ commit: String, without refused: [RefusedEntry], restoringFrom synced: String?) throws(SyncError) -> String {
        var replacements: [String: [UInt8]?] = [:]
        for entry in refused {
            var previous: [UInt8]?
            if let synced { previous = try treeLine(at: entry.path, of: synced) }
            replacements.updateValue(previous, forKey: entry.path)  // nil stays as a value: no entry there
        }
        let tree = try tree(of: commit + "^{tree}", replacing: replacements, prefix: "")
        let paths = refused.map(\.path).sorted()
        let message = "notes: left out \(paths.count) refused " + (paths.count == 1 ? "entry" : "entries")
            + " of \(commit.prefix(10)) on \(SyncEngine.hostName): " + paths.joined(separator: ", ")
        return try self.commit(tree: tree, parents: [commit], message: message)
    }

    /// The `<mode> <type> <id>\t` of the entry at `path` in `commit`'s tree, nil when there is none
    /// (a path with an empty, `.` or `..` part never is: git refuses to name one).
    private func treeLine(at path: String, of commit: String) throws(SyncError) -> [UInt8]? {
        var parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard let name = parts.popLast(), !parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }),
              !name.isEmpty, name != ".", name != ".." else { return nil }
        let result = try git.run(["ls-tree", "-z", parts.isEmpty ? commit : commit + ":" + parts.joined(separator: "/")])
        guard result.status == 0 else { return nil }
        let old = TreeEntry.lines(of: [UInt8](result.output)).first { $0.path == String(name) }
        return old.map { Array("\($0.mode) \($0.type) \($0.object)\t".utf8) }
    }

    /// `tree` (at `prefix` in the whole tree) made again with each entry of `replacements`
    /// (full path → the `<mode> <type> <id>\t` to put there instead, nil: none): only the
    /// folders on the way to a replaced entry are listed and made again.
    private func tree(of tree: String, replacing replacements: [String: [UInt8]?], prefix: String) throws(SyncError) -> String {
        let listing = [UInt8](try git.check("list the files of \(tree.prefix(10))", ["ls-tree", "-z", tree]).output)
        var kept: [[UInt8]] = []
        for line in listing.split(separator: 0) {
            guard let entry = TreeEntry(line), let tab = line.firstIndex(of: 9) else { continue }
            let path = prefix + entry.path
            let name = Array(line[line.index(after: tab)...])
            if let replacement = replacements[path] {
                if let replacement { kept.append(replacement + name) }
            } else if entry.type == "tree", replacements.keys.contains(where: { $0.hasPrefix(path + "/") }) {
                let inner = try self.tree(of: entry.object, replacing: replacements, prefix: path + "/")
                kept.append(Array("040000 tree \(inner)\t".utf8) + name)
            } else {
                kept.append(Array(line))
            }
        }
        return try makeTree(kept)
    }

    /// Why `entry` makes the tree unsafe, or nil when it is fine. `sealed`: the sync is
    /// encrypted, so a file's size is its sealed size (`SyncFileLimit`).
    static func problem(with entry: TreeEntry, sealed: Bool = false) -> String? {
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
        if isPlainFile, let size = entry.size, !SyncFileLimit.allows(size, sealed: sealed) {
            return "is \(size) bytes, more than the \(SyncFileLimit.limit(sealed: sealed)) a synced file may have"
                + (sealed ? " encrypted" : "")
        }
        return nil
    }
}
