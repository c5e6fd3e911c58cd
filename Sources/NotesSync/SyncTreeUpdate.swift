import Foundation
import NotesModel

/// A tree made from an earlier one and the notes that changed since (`SyncPosition`): only
/// their files are rendered and stored, only the folders they are or were in are read
/// (`git ls-tree`) and made again (their tree objects written, `writeTrees`), then `notes`,
/// `trash` and the top. So a sync of a store where one note changed costs that note,
/// whatever the store holds.
extension SyncRepository {
    /// The tree of `snapshot`, which holds only some of the store's notes (a store opened for
    /// a few) but every one touched since `since`, made from `since`'s tree; nil when it cannot
    /// be (then only the whole store makes the tree). With attachments, the `attachments`
    /// tree is `base`'s with the touched notes' folders made again (`partialAttachmentsTree`).
    func treeFromPrevious(for snapshot: SyncSnapshot, base: String?,
                          since: (commit: String, changed: Set<UUID>)) throws(SyncError) -> String? {
        let top = try topLevel(of: base)
        var attachments: String?
        if try mayHoldAttachments(base) || snapshot.notes.values.contains(where: { !$0.attachments.isEmpty }) {
            switch try partialAttachmentsTree(for: snapshot, base: base, top: top, changed: since.changed) {
            case .none: attachments = nil
            case .tree(let tree): attachments = tree
            case .needsAllNotes: return nil
            }
        }
        return try updatedTree(for: snapshot, top: top, attachments: attachments, since: since)
    }

    /// `updatedTree(for:previous:…)` when `since`'s commit is still there and its
    /// categories.json is the one `snapshot` makes, or one `snapshot` only adds categories
    /// to (`SyncCategoryAdditions`; else a category's change changed notes' files without
    /// naming them): nil otherwise.
    func updatedTree(for snapshot: SyncSnapshot, top: [TreeEntry], attachments: String?,
                     since: (commit: String, changed: Set<UUID>)) throws(SyncError) -> String? {
        let format = attachments == nil ? SyncFiles.formatVersion : SyncFiles.formatVersionWithAttachments
        guard let previous = (try? categoriesFile(of: since.commit)) ?? nil else { return nil }
        let data = SyncFiles.categoriesData(snapshot.categories, format: format)
        var blob = previous.blob
        if previous.data != data {
            guard let known = try? SyncFiles.readCategories(previous.data),
                  SyncCategoryAdditions.added(to: known, in: snapshot.categories) != nil,
                  let stored = try storeFiles([{ data }]).first else { return nil }
            blob = stored
        }
        return try updatedTree(for: snapshot, previous: since.commit, changed: since.changed, top: top,
                               attachments: attachments, categoriesBlob: blob)
    }

    /// The tree of `snapshot`, given that every note but those of `changed` is in `previous`'s
    /// tree as `snapshot` holds it, with `categoriesBlob` as its categories.json and the other
    /// top entries of `top` kept. Nil when `previous` is not in today's layout (a note file
    /// straight in `notes/`): the caller then builds the tree from every note. Every entry
    /// of the trees made is listed from `previous` or just stored, so they are written as
    /// objects (`writeTrees`), not looked up again.
    func updatedTree(for snapshot: SyncSnapshot, previous: String, changed: Set<UUID>, top: [TreeEntry],
                     attachments: String?, categoriesBlob: String) throws(SyncError) -> String? {
        let present = changed.compactMap { snapshot.notes[$0] }.sorted { $0.id.uuidString < $1.id.uuidString }
        let blobs = try storeNoteFiles(present, categories: snapshot.categories).notes
        var folders = Set<[UInt8]>()
        for id in changed {
            folders.insert(Array((SyncFiles.notesFolder + "/" + SyncFiles.bucket(of: id)).utf8))
            folders.insert(Array((SyncFiles.trashFolder + "/" + SyncFiles.bucket(of: id)).utf8))
        }
        // The files of those folders in `previous`, by folder, in git's order as listed.
        var before: [[UInt8]: [TreeItem]] = [:]
        if !folders.isEmpty {
            let paths = folders.map { String(decoding: $0, as: UTF8.self) }.sorted()
            let listed = try git.check("list the changed folders", ["ls-tree", "-r", "-z", previous, "--"] + paths).output
            guard let read = TreeItem.listing([UInt8](listed)), read.keys.allSatisfy(folders.contains) else { return nil }
            before = read
        }
        // The same without the changed notes, then with their files now.
        let names = Set(changed.map { Array(($0.uuidString + ".md").utf8) })
        var files = before.mapValues { $0.filter { !names.contains($0.name) } }
        for (note, blob) in zip(present, blobs) {
            let path = SyncFiles.path(for: note), slash = path.lastIndex(of: "/") ?? path.endIndex
            files[Array(path[..<slash].utf8), default: []].append(.blob(blob, named: String(path[path.index(after: slash)...])))
        }
        // A folder whose files are what `previous` holds (a note named again, its file the same:
        // the position names the notes a sync received) keeps its tree, not made again (at
        // 1,000,000 notes a folder holds about 4,000 files).
        let remade = folders.filter { (files[$0] ?? []).sorted(by: TreeItem.gitOrder) != (before[$0] ?? []) }
        let order = remade.sorted { $0.lexicographicallyPrecedes($1) }.filter { !(files[$0]?.isEmpty ?? true) }
        let made = try writeTrees(order.map { files[$0] ?? [] })
        var folderTrees = Dictionary(uniqueKeysWithValues: zip(order, made))
        for folder in remade where folderTrees[folder] == nil { folderTrees[folder] = "" }  // emptied: left out
        guard let parents = try parentTrees(previous, replacing: folderTrees) else { return nil }
        let replaced = [SyncFiles.notesFolder, SyncFiles.trashFolder, SyncFiles.categoriesFile, Self.attachmentsFolder]
        var entries: [TreeItem] = []
        for entry in top where !replaced.contains(entry.path) {
            guard let (_, item) = TreeItem.record(entry.raw[...]) else { return nil }
            entries.append(item)
        }
        for folder in [SyncFiles.notesFolder, SyncFiles.trashFolder] {
            if let tree = parents[folder] { entries.append(.tree(tree, named: folder)) }
        }
        if let attachments { entries.append(.tree(attachments, named: Self.attachmentsFolder)) }
        entries.append(.blob(categoriesBlob, named: SyncFiles.categoriesFile))
        return try writeTrees([entries]).first
    }

    /// The `notes` and `trash` trees of `previous` with the folders of `replacing` (`notes/XY`)
    /// put in (an empty id: the folder is left out), written together; a parent left empty
    /// is absent. Nil when a parent holds anything but two-digit folders (layout 1).
    private func parentTrees(_ previous: String, replacing: [[UInt8]: String]) throws(SyncError) -> [String: String]? {
        let listed = try git.check("list the note folders", ["ls-tree", "-z", previous, "--",
                                                             SyncFiles.notesFolder + "/", SyncFiles.trashFolder + "/"]).output
        let parentNames = [SyncFiles.notesFolder, SyncFiles.trashFolder]
        var children: [[UInt8]: [[UInt8]: TreeItem]] = Dictionary(uniqueKeysWithValues: parentNames.map { (Array($0.utf8), [:]) })
        guard let read = TreeItem.listing([UInt8](listed)) else { return nil }
        for (parent, items) in read {
            guard children[parent] != nil else { return nil }
            for item in items {
                guard item.isTree, item.name.count == 2 else { return nil }
                children[parent]?[item.name] = item
            }
        }
        for (path, tree) in replacing {
            guard let slash = path.firstIndex(of: UInt8(ascii: "/")) else { continue }
            let name = Array(path[(slash + 1)...])
            children[Array(path[..<slash])]?[name] = tree.isEmpty ? nil : TreeItem(mode: TreeItem.treeMode, name: name,
                                                                                    object: Array(tree.utf8))
        }
        let filled = parentNames.filter { !(children[Array($0.utf8)]?.isEmpty ?? true) }
        let trees = try writeTrees(filled.map { children[Array($0.utf8)].map { Array($0.values) } ?? [] })
        return Dictionary(uniqueKeysWithValues: zip(filled, trees))
    }

    /// Renders and stores the files of `notes` in one batch, after `leading` when given (a
    /// new categories.json: a first sync counts it among the files it writes): their blobs,
    /// in order. A damaged body or a file over the size limit stops the sync by the note's
    /// name before anything is committed.
    func storeNoteFiles(_ notes: [Note], categories: [UUID: SyncCategory],
                        after leading: Data? = nil) throws(SyncError) -> (leading: String?, notes: [String]) {
        var contents: [() -> Data] = []
        var tooLarge: SyncError?
        if let leading { contents.append { leading } }
        for note in notes {
            if let reason = note.bodyDamage { throw SyncError.damagedBody(id: note.id, title: note.title, reason: reason) }
            let category = note.categoryID.flatMap { categories[$0]?.category }
            contents.append {
                let data = SyncFiles.document(for: note, category: category)
                guard !SyncFileLimit.allows(data.count, sealed: false) else { return data }
                if tooLarge == nil {
                    tooLarge = .noteTooLarge(id: note.id, title: note.title, bytes: data.count, limit: Self.maximumFileBytes)
                }
                return Data()
            }
        }
        let written = try storeFiles(contents)
        if let tooLarge { throw tooLarge }
        work.add(rendered: notes.count)
        return leading == nil ? (nil, written) : (written.first, Array(written.dropFirst()))
    }

    /// The blob and the contents (decrypted) of `commit`'s categories.json; nil without one.
    func categoriesFile(of commit: String?) throws(SyncError) -> (blob: String, data: Data)? {
        guard let entry = try topLevel(of: commit).first(where: { $0.path == SyncFiles.categoriesFile && $0.type == "blob" })
        else { return nil }
        guard let data = try blobs([entry.object], of: commit, paths: [SyncFiles.categoriesFile: entry.object])[entry.object] else {
            throw .unreadableFile(path: SyncFiles.categoriesFile, reason: "git did not give its contents")
        }
        return (entry.object, data)
    }

    /// Whether the store has an attachments folder or `commit`'s tree holds attachments: a
    /// sync then needs every note (the notes say which files are whose).
    func mayHoldAttachments(_ commit: String?) throws(SyncError) -> Bool {
        if FileManager.default.fileExists(atPath: storeFolder.appendingPathComponent(Self.attachmentsFolder).path) { return true }
        return try topLevel(of: commit).contains { $0.path == Self.attachmentsFolder }
    }

    /// One `mktree` line.
    static func line(_ mode: String, _ type: String, _ object: String, _ name: String) -> [UInt8] {
        Array("\(mode) \(type) \(object)\t\(name)".utf8)
    }
}
