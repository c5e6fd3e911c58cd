import Foundation
import NotesModel

/// Trees of a snapshot's files, built from blob ids without the work tree: a note whose
/// fingerprint `SyncBlobCache` knows keeps its blob, unrendered and unwritten; the others
/// are rendered one at a time and stored (`hash-object`, or `fast-import` for many), and
/// the trees are made with `git mktree`. So a sync costs what changed, not the store.
extension SyncRepository {
    var gitFolder: URL { folder.appendingPathComponent(".git") }

    /// The entries at the top of `commit`'s tree (none for nil).
    func topLevel(of commit: String?) throws(SyncError) -> [TreeEntry] {
        guard let commit else { return [] }
        // Asked from several places a sync (categories.json, attachments, the tree made on it): git once.
        if let known = answers.top(of: commit) { return TreeEntry.lines(of: known) }
        let output = [UInt8](try git.check("list the files of \(commit.prefix(10))", ["ls-tree", "-z", commit]).output)
        answers.keep(top: output, of: commit)
        return TreeEntry.lines(of: output)
    }

    /// The categories `commit` holds, reading only its `categories.json`: what a sync needs
    /// of the last synced state when nothing is merged.
    func categories(of commit: String?) throws(SyncError) -> [UUID: SyncCategory] {
        guard let file = try categoriesFile(of: commit) else { return [:] }
        return try SyncFiles.readCategories(file.data)
    }

    /// The tree of `snapshot`'s files, with the other entries at the top of `base`'s tree
    /// (a README of the remote) kept as they are. A cache that names a blob git no longer
    /// has costs a second try without it. A note whose file would be over
    /// `maximumFileBytes` throws `SyncError.noteTooLarge` before any tree is made.
    /// The attachments come from the trees of `attachmentSources` (those of `base` without
    /// it) and the store's folder (`attachmentsTree(for:sources:mergeBase:conflicts:)`); in
    /// a merge, `mergeBase` is the sources' base, and attachments edited on both sides are
    /// reported through `work`.
    /// With `since` (a commit whose note files are `snapshot`'s except those of `changed`:
    /// `SyncPosition`) and the same categories.json, only the changed notes are rendered and
    /// their folders made again (`updatedTree`); otherwise every note is looked at.
    func tree(for snapshot: SyncSnapshot, base: String?, attachmentSources: [String?]? = nil,
              mergeBase: String? = nil, since: (commit: String, changed: Set<UUID>)? = nil) throws(SyncError) -> String {
        let top = try topLevel(of: base)
        var conflicts: [String] = []
        let attachments = try attachmentsTree(for: snapshot, sources: attachmentSources ?? [base], mergeBase: mergeBase,
                                              conflicts: &conflicts)
        work.found(attachmentConflicts: conflicts)
        if let since, let tree = try updatedTree(for: snapshot, top: top, attachments: attachments, since: since) { return tree }
        let cache = SyncBlobCache.load(from: gitFolder)
        do {
            return try tree(for: snapshot, top: top, attachments: attachments, cache: cache)
        } catch {
            // A note too large for a synced file is too large without the cache as well.
            if case .noteTooLarge = error { throw error }
            guard cache != SyncBlobCache() else { throw error }
            return try tree(for: snapshot, top: top, attachments: attachments, cache: SyncBlobCache())
        }
    }

    private func tree(for snapshot: SyncSnapshot, top: [TreeEntry], attachments: String?,
                      cache: SyncBlobCache) throws(SyncError) -> String {
        let reused = Self.reused(snapshot, cache: cache)
        work.add(fingerprinted: snapshot.notes.count)
        var next = reused.next
        let missing = reused.missing
        let categoriesData = SyncFiles.categoriesData(
            snapshot.categories, format: attachments == nil ? SyncFiles.formatVersion : SyncFiles.formatVersionWithAttachments)
        let categoriesFingerprint = SyncFingerprint.of(categoriesData)
        let knownCategories = cache.categories.flatMap { $0.fingerprint == categoriesFingerprint ? $0.blob : nil }

        // Render and store what the cache does not know; categories.json first, when new.
        let written = try storeNoteFiles(missing.map(\.note), categories: snapshot.categories,
                                         after: knownCategories == nil ? categoriesData : nil)
        guard let categoriesBlob = knownCategories ?? written.leading else {
            throw .gitFailed(action: "store the files", status: 1, message: "no blob for \(SyncFiles.categoriesFile)")
        }
        next.categories = (categoriesFingerprint, categoriesBlob)
        for ((note, fingerprint), blob) in zip(missing, written.notes) {
            next.notes[note.id] = SyncBlobCache.Entry(fingerprint: fingerprint, inTrash: note.deleted != nil, blob: blob)
        }

        try makeFolderTrees(&next, changed: missing.map(\.note), cache: cache)
        let tree = try makeTree(Self.topEntries(top, next: next, attachments: attachments))
        if next != cache { next.save(to: gitFolder) }
        return tree
    }

    /// The cache's entries of the notes whose fingerprint it knows (the next cache), and
    /// the notes it does not know, with their fingerprints: those are rendered.
    private static func reused(_ snapshot: SyncSnapshot, cache: SyncBlobCache)
        -> (next: SyncBlobCache, missing: [(note: Note, fingerprint: SyncFingerprint)]) {
        var digests: [UUID: SyncFingerprint] = [:]
        for (id, entry) in snapshot.categories { digests[id] = SyncFingerprint.categoryDigest(entry.category) }
        var next = SyncBlobCache()
        next.notes.reserveCapacity(snapshot.notes.count)
        var missing: [(note: Note, fingerprint: SyncFingerprint)] = []
        for (id, note) in snapshot.notes {
            let fingerprint = SyncFingerprint.of(note, category: note.categoryID.flatMap { digests[$0] })
            if let known = cache.notes[id], known.fingerprint == fingerprint, known.inTrash == (note.deleted != nil) {
                next.notes[id] = known
            } else {
                missing.append((note, fingerprint))
            }
        }
        return (next, missing)
    }

    /// The top tree's entries: those of `top` that sync does not write, then the notes,
    /// trash and attachments folders and categories.json.
    private static func topEntries(_ top: [TreeEntry], next: SyncBlobCache, attachments: String?) -> [[UInt8]] {
        var entries = top.filter {
            ![SyncFiles.notesFolder, SyncFiles.trashFolder, SyncFiles.categoriesFile, attachmentsFolder].contains($0.path)
        }.map(\.raw)
        for folder in [SyncFiles.notesFolder, SyncFiles.trashFolder] {
            if let tree = next.trees[folder] { entries.append(Array("040000 tree \(tree)\t\(folder)".utf8)) }
        }
        if let attachments { entries.append(Array("040000 tree \(attachments)\t\(attachmentsFolder)".utf8)) }
        if let blob = next.categories?.blob { entries.append(Array("100644 blob \(blob)\t\(SyncFiles.categoriesFile)".utf8)) }
        return entries
    }

    /// Fills `next.trees`: a new tree for each folder (`notes/3F`) whose files changed
    /// (a note of `changed` is in it, or was, or one left it) or that the cache has no
    /// tree for; the cache's tree for every other; then `notes` and `trash` over them.
    /// One note changed: one folder of ~1/256 of the notes, the folder above, the top.
    private func makeFolderTrees(_ next: inout SyncBlobCache, changed: [Note], cache: SyncBlobCache) throws(SyncError) {
        // Folders by number: 0–255 in notes/, 256–511 in trash/, by the id's first byte.
        func folder(_ id: UUID, inTrash: Bool) -> Int { Int(id.uuid.0) + (inTrash ? 256 : 0) }
        func name(_ folder: Int) -> String {
            let digits = Array("0123456789ABCDEF".utf8), byte = folder % 256
            return String(decoding: [digits[byte >> 4], digits[byte & 15]], as: UTF8.self)
        }
        func path(_ folder: Int) -> String {
            (folder < 256 ? SyncFiles.notesFolder : SyncFiles.trashFolder) + "/" + name(folder)
        }
        var rebuild = [Bool](repeating: false, count: 512), counts = [Int](repeating: 0, count: 512)
        var added = 0
        for note in changed {
            rebuild[folder(note.id, inTrash: note.deleted != nil)] = true
            if let known = cache.notes[note.id] { rebuild[folder(note.id, inTrash: known.inTrash)] = true } else { added += 1 }
        }
        if next.notes.count - added != cache.notes.count {  // a note of the cache is gone
            for (id, known) in cache.notes where next.notes[id] == nil { rebuild[folder(id, inTrash: known.inTrash)] = true }
        }
        for (id, entry) in next.notes { counts[folder(id, inTrash: entry.inTrash)] += 1 }
        for index in 0..<512 where counts[index] > 0 && !rebuild[index] {
            if let tree = cache.trees[path(index)] { next.trees[path(index)] = tree } else { rebuild[index] = true }
        }
        var groups: [Int: [[UInt8]]] = [:]
        for (id, entry) in next.notes where rebuild[folder(id, inTrash: entry.inTrash)] {
            groups[folder(id, inTrash: entry.inTrash), default: []].append(Array("100644 blob \(entry.blob)\t\(id.uuidString).md".utf8))
        }
        let order = groups.keys.sorted()
        for (index, tree) in zip(order, try makeTrees(order.map { groups[$0] ?? [] })) { next.trees[path(index)] = tree }

        for (top, range) in [(SyncFiles.notesFolder, 0..<256), (SyncFiles.trashFolder, 256..<512)] {
            let present = range.filter { counts[$0] > 0 }
            if present.isEmpty { continue }
            // Any folder changed, emptied included (it leaves the tree above).
            if !range.contains(where: { rebuild[$0] }), let tree = cache.trees[top] {
                next.trees[top] = tree
                continue
            }
            next.trees[top] = try makeTree(present.compactMap { index in
                next.trees[path(index)].map { Array("040000 tree \($0)\t\(name(index))".utf8) }
            })
        }
    }

    /// `git mktree --batch` of several trees at once: their ids, in order.
    func makeTrees(_ trees: [[[UInt8]]]) throws(SyncError) -> [String] {
        guard !trees.isEmpty else { return [] }
        var input = Data()
        for entries in trees {
            for entry in entries {
                input.append(contentsOf: entry)
                input.append(0)
            }
            input.append(0)  // an empty line ends a tree
        }
        let ids = try git.check("record the files", ["mktree", "-z", "--batch"], input: input).text.split(separator: "\n").map(String.init)
        guard ids.count == trees.count, ids.allSatisfy(SyncBlobCache.isObjectID) else {
            throw .gitFailed(action: "record the files", status: 1, message: "git mktree gave \(ids.count) trees for \(trees.count)")
        }
        return ids
    }

    /// `git mktree` of `entries` (`ls-tree` lines); git checks that every object exists.
    func makeTree(_ entries: [[UInt8]]) throws(SyncError) -> String {
        var input = Data()
        for entry in entries {
            input.append(contentsOf: entry)
            input.append(0)
        }
        return try git.check("record the files", ["mktree", "-z"], input: input).trimmedText
    }

    /// Stores each of `contents` as a blob and returns their ids in order, rendering one
    /// at a time. Fewer than `packThreshold` go in as loose objects (`hash-object`); more
    /// go into one pack a batch (`fast-import`), which git makes durable with one `fsync`
    /// instead of one an object (with `core.fsync=all`, ~4 ms each: 7 minutes at 100,000
    /// notes). Memory holds one batch (at most 64 MiB, or one larger file).
    func writeBlobs(_ contents: [() -> Data]) throws(SyncError) -> [String] {
        guard !contents.isEmpty else { return [] }
        let staging = gitFolder.appendingPathComponent("notes-sync-staging")
        try WorkTreeEntry.remove(staging)
        try WorkTreeEntry.makeRealFolder(staging)
        defer { try? WorkTreeEntry.remove(staging) }
        return contents.count < Self.packThreshold
            ? try writeLooseBlobs(contents, staging: staging) : try writePackedBlobs(contents, staging: staging)
    }

    /// Like git's `fetch.unpackLimit`: fewer objects than this stay loose.
    static let packThreshold = 100
    private static let batchBytes = 64 << 20

    private func writeLooseBlobs(_ contents: [() -> Data], staging: URL) throws(SyncError) -> [String] {
        var paths: [String] = []
        for (index, content) in contents.enumerated() {
            // A scratch file: git stores it as an object, durably (`core.fsync`).
            try WorkTreeEntry.writeScratch(content(), to: staging.appendingPathComponent(String(index)))
            // Relative to the work tree, where git runs: no folder name of the user's in the list.
            paths.append(".git/notes-sync-staging/\(index)")
        }
        let input = Data((paths.joined(separator: "\n") + "\n").utf8)
        let output = try git.check("store the files", ["hash-object", "-w", "--no-filters", "--stdin-paths"], input: input)
        let ids = output.text.split(separator: "\n").map(String.init)
        guard ids.count == contents.count, ids.allSatisfy(SyncBlobCache.isObjectID) else {
            throw .gitFailed(action: "store the files", status: 1, message: "unexpected output: \(output.text.prefix(200))")
        }
        return ids
    }

    private func writePackedBlobs(_ contents: [() -> Data], staging: URL) throws(SyncError) -> [String] {
        var ids: [String] = []
        ids.reserveCapacity(contents.count)
        var stream = Data()
        var count = 0
        let marks = staging.appendingPathComponent("marks")
        func flush() throws(SyncError) {
            guard count > 0 else { return }
            try git.check("store the files", ["fast-import", "--quiet", "--export-marks=\(marks.path)"], input: stream)
            var byMark = [String](repeating: "", count: count)
            let text = (try? String(contentsOf: marks, encoding: .utf8)) ?? ""
            for line in text.split(separator: "\n") {
                let parts = line.split(separator: " ")
                guard parts.count == 2, parts[0].hasPrefix(":"), let mark = Int(parts[0].dropFirst()), (1...count).contains(mark) else { continue }
                byMark[mark - 1] = String(parts[1])
            }
            guard byMark.allSatisfy(SyncBlobCache.isObjectID) else {
                throw .gitFailed(action: "store the files", status: 1, message: "git fast-import did not name every file it stored")
            }
            ids += byMark
            stream = Data()
            count = 0
        }
        for (index, content) in contents.enumerated() {
            let data = content()
            work.writing(done: index + 1, total: contents.count)
            count += 1
            stream.append(contentsOf: Array("blob\nmark :\(count)\ndata \(data.count)\n".utf8))
            stream.append(data)
            stream.append(0x0A)
            if stream.count >= Self.batchBytes { try flush() }
        }
        try flush()
        return ids
    }
}
