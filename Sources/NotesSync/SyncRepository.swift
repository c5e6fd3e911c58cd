import Foundation
import NotesModel

/// The git repository a store syncs through, beside the store (`notes.json.sync/.git`
/// next to `notes.json`), branch `main`, remote `origin`. It has no work tree: trees are
/// built from blob ids and nothing is ever checked out, so no file of a remote's is ever
/// written to disk as a file (nor a link, nor anything git would run).
///
/// Only `refs/heads/main` says what the store last synced to; it moves after a merge has
/// reached the store. Commits made on the way are plain objects until then, so a sync
/// killed at any point leaves `main`, the remote and the store agreeing with themselves.
public struct SyncRepository {
    public static let branch = "main"
    public let folder: URL
    let git: GitCommand
    /// Notes parsed from blobs, by blob id: the same file is read once however many commits hold it.
    let cache = NoteCache()
    /// What this repository's syncs rendered and parsed (see `SyncEngine.Report`).
    let work = SyncWork()
    /// The key and plaintext cache of an encrypted sync, loaded once (`SyncEncryption`).
    let encryption = SyncEncryptionState()
    /// What git answered about objects, which never change: tree comparisons and tops (`SyncGitAnswers`).
    let answers = SyncGitAnswers()

    public init(folder: URL, environment: [String: String] = [:]) {
        self.folder = folder
        // Name the repository outright, so that git never walks up into a project that
        // happens to hold the store's folder (were `.git` here ever missing).
        var variables = environment
        variables["GIT_DIR"] = folder.appendingPathComponent(".git").path
        var git = GitCommand(folder: folder, environment: variables)
        git.ran = { [work] subcommand in work.ran(git: subcommand) }
        self.git = git
    }

    /// Where the repository of the store at `storeURL` lives: `<store file>.sync`, beside it.
    public static func folder(forStore storeURL: URL) -> URL {
        URL(fileURLWithPath: storeURL.standardizedFileURL.path + ".sync")
    }

    public var exists: Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent(".git").path)
    }

    /// Creates the repository with `remote` as `origin` and settings of its own: an identity
    /// when git has none, no signing, hooks, ignore rules, attributes or line-ending conversion
    /// from the user's configuration, durable writes. The first commit is the first sync's.
    public func create(remote: String) throws(SyncError) {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw .gitFailed(action: "create the folder \(folder.path)", status: 1, message: error.localizedDescription)
        }
        try git.check("create the repository", ["init", "-q", "-b", Self.branch])
        let settings: [(String, String)] = [
            ("commit.gpgsign", "false"), ("core.autocrlf", "false"), ("core.fsync", "all"), ("core.bare", "true"),
            ("core.hooksPath", "/dev/null"), ("core.excludesFile", "/dev/null"), ("core.attributesFile", "/dev/null"),
            ("gc.auto", "0"),
        ]
        for (key, value) in settings { try git.check("configure the repository", ["config", key, value]) }
        if try git.run(["config", "user.email"]).trimmedText.isEmpty {
            let host = ProcessInfo.processInfo.hostName.split(separator: ".").first.map(String.init) ?? "localhost"
            try git.check("configure the repository", ["config", "user.email", "notes@\(host.isEmpty ? "localhost" : host)"])
        }
        if try git.run(["config", "user.name"]).trimmedText.isEmpty {
            try git.check("configure the repository", ["config", "user.name", "notes"])
        }
        try git.check("add the remote", ["remote", "add", "origin", remote])
        try applySafetySettings()
    }

    /// What `.git/info/attributes` holds: it outranks every `.gitattributes` a remote
    /// may carry, so no filter driver (git-lfs, any `filter.*.smudge` of the user's
    /// configuration), text conversion, `ident` or `working-tree-encoding` ever applies.
    public static let safeAttributes = "* -text -eol -crlf -diff -merge -filter -ident -working-tree-encoding -export-subst\n"

    /// The configuration values of the keys `pattern` matches (`git config --get-regexp`), by
    /// key as git writes it (lower case), the last one given winning as it does for git.
    func configValues(matching pattern: String) throws(SyncError) -> [String: String] {
        let output = try git.run(["config", "--get-regexp", pattern]).text
        var values: [String: String] = [:]
        for line in output.split(separator: "\n") {
            guard let space = line.firstIndex(of: " ") else { values[String(line)] = ""; continue }
            values[String(line[..<space])] = String(line[line.index(after: space)...])
        }
        return values
    }

    /// What a sync reads of the configuration at its start, in one git run: the safety
    /// settings (`applySafetySettings`) and the encryption settings (`encryptionSettings`).
    static let syncSettingsPattern = "^(core\\.symlinks|core\\.bare|notes\\..*)$"

    /// Puts the settings that keep a remote's contents inert in place (also in a repository
    /// an earlier version made): the attributes override above, links as plain files, and
    /// no work tree. `known`: the configuration as `syncSettingsPattern` read it.
    func applySafetySettings(known: [String: String]? = nil) throws(SyncError) {
        let info = folder.appendingPathComponent(".git/info")
        let attributes = info.appendingPathComponent("attributes")
        if (try? String(contentsOf: attributes, encoding: .utf8)) != Self.safeAttributes {
            do {
                try FileManager.default.createDirectory(at: info, withIntermediateDirectories: true)
                try Data(Self.safeAttributes.utf8).write(to: attributes, options: .atomic)
            } catch {
                throw .gitFailed(action: "write \(attributes.path)", status: 1, message: error.localizedDescription)
            }
        }
        for key in ["core.symlinks", "core.bare"] {
            let value = key == "core.bare" ? "true" : "false"
            let now = if let known { known[key] } else { try git.run(["config", key]).trimmedText }
            if now != value { try git.check("configure the repository", ["config", key, value]) }
        }
    }

    /// The URL or path of `origin`.
    public func remoteURL() -> String? {
        guard let result = try? git.run(["remote", "get-url", "origin"]), result.status == 0 else { return nil }
        return result.trimmedText
    }

    /// The commit a ref names, or nil if there is none.
    func commit(_ ref: String) throws(SyncError) -> String? {
        let result = try git.run(["rev-parse", "--verify", "-q", ref + "^{commit}"])
        return result.status == 0 && !result.trimmedText.isEmpty ? result.trimmedText : nil
    }

    /// What the store last synced to.
    func syncedCommit() throws(SyncError) -> String? { try commit("refs/heads/\(Self.branch)") }

    /// The remote's branch as last fetched.
    func remoteCommit() throws(SyncError) -> String? { try commit("refs/remotes/origin/\(Self.branch)") }

    /// Whether `ancestor` is `descendant` or one of its ancestors: exactly when it is their
    /// merge base (a commit that is an ancestor of the other is their only best common
    /// ancestor), so the one `git merge-base` of a pair answers both ways and the base.
    func isAncestor(_ ancestor: String, of descendant: String) throws(SyncError) -> Bool {
        if ancestor == descendant { return true }
        return try mergeBase(ancestor, descendant) == ancestor
    }

    /// A best common ancestor of two commits (`git merge-base`), nil when they have none;
    /// asked once a sync for a pair of full ids (`SyncGitAnswers`).
    func mergeBase(_ one: String, _ other: String) throws(SyncError) -> String? {
        if let known = answers.mergeBase(one, other) { return known }
        let result = try git.run(["merge-base", one, other])
        let base = result.status == 0 && !result.trimmedText.isEmpty ? result.trimmedText : nil
        answers.keep(mergeBase: base, of: one, other)
        return base
    }

    /// Removes git's lock files left by a git killed with the sync that ran it. Only called
    /// under the sync lock, when no other sync can be running git here.
    func removeStaleGitLocks() {
        try? WorkTreeEntry.remove(folder.appendingPathComponent(".git/notes-sync-staging"))
        for name in ["index.lock", "HEAD.lock", "refs/heads/main.lock", "refs/remotes/origin/main.lock", "shallow.lock"] {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(".git/" + name))
        }
    }

    /// The synced files of a commit or tree: path → blob id (nothing for nil).
    func blobIDs(_ treeish: String?) throws(SyncError) -> [String: String] {
        guard let treeish else { return [:] }
        let output = [UInt8](try git.check("list the files of \(treeish)", ["ls-tree", "-r", "-z", treeish]).output)
        var files: [String: String] = [:]
        for entry in TreeEntry.lines(of: output) where entry.type == "blob" && SyncFiles.isSyncedPath(entry.path) {
            files[entry.path] = entry.object
        }
        return files
    }

    /// The synced files of a commit by what they stand for (`SyncFiles.fileKey`), so that
    /// the two layouts compare: `notes/<ID>` → blob id, `categories.json` → blob id.
    func fileBlobs(_ treeish: String?) throws(SyncError) -> [String: String] {
        var files: [String: String] = [:]
        for (path, blob) in try blobIDs(treeish) { if let key = SyncFiles.fileKey(path) { files[key] = blob } }
        return files
    }

    /// The contents of blobs of `commit`, read through one `git cat-file --batch`, as plaintext
    /// (decrypted in an encrypted sync; `paths` names them in errors).
    func blobs(_ ids: [String], of commit: String?, paths: [String: String]) throws(SyncError) -> [String: Data] {
        guard !ids.isEmpty else { return [:] }
        let input = Data(ids.joined(separator: "\n").appending("\n").utf8)
        let output = try git.check("read files", ["cat-file", "--batch"], input: input).output
        var contents: [String: Data] = [:]
        var position = output.startIndex
        while position < output.endIndex {
            guard let newline = output[position...].firstIndex(of: 0x0A) else { break }
            let header = String(decoding: output[position..<newline], as: UTF8.self).split(separator: " ")
            guard header.count == 3, let size = Int(header[2]) else {
                throw .gitFailed(action: "read files", status: 1, message: "unexpected output: \(header.joined(separator: " "))")
            }
            let start = output.index(after: newline)
            let end = start + size
            guard end <= output.endIndex else { break }
            contents[String(header[0])] = Data(output[start..<end])
            position = Swift.min(end + 1, output.endIndex)
        }
        return try decryptedContents(contents, of: commit, paths: paths)
    }

    /// The snapshot a commit holds (empty for nil), each distinct file parsed once.
    func snapshot(_ commit: String?) throws(SyncError) -> SyncSnapshot {
        let files = try blobIDs(commit)
        let missing = Array(Set(files.values).filter { cache.note(for: $0) == nil })
        let contents = try blobs(missing, of: commit, paths: files)
        var snapshot = SyncSnapshot()
        if let id = files[SyncFiles.categoriesFile] {
            var data = contents[id]
            if data == nil { data = try blobs([id], of: commit, paths: files)[id] }
            snapshot.categories = try SyncFiles.readCategories(data ?? Data())
        }
        // In path order, so that the same tree always reads the same way.
        for (path, blob) in files.sorted(by: { $0.key < $1.key }) where path != SyncFiles.categoriesFile {
            let note: Note
            if let cached = cache.note(for: blob), SyncFiles.fileKey(SyncFiles.path(for: cached)) == SyncFiles.fileKey(path) {
                note = cached
            } else {
                guard let data = contents[blob] else { throw .unreadableFile(path: path, reason: "git did not give its contents") }
                guard let read = try readNoteOrLeaveOut(path: path, data: data, categories: snapshot.categories) else { continue }
                note = read
                cache.store(note, for: blob)
                work.add(parsed: 1)
            }
            if snapshot.add(note) { work.found(duplicate: note.id) }
        }
        return snapshot
    }

    /// A note file read (`SyncFiles.readNote`), or nil when it cannot be read as a note: it
    /// is then left out, as if the commit did not have it, and named in the report (one bad
    /// file of a remote never stops every later sync). A file that could not be had from
    /// git or decrypted still stops the sync.
    func readNoteOrLeaveOut(path: String, data: Data, categories: [UUID: SyncCategory]) throws(SyncError) -> Note? {
        do {
            return try SyncFiles.readNote(path: path, data: data, categories: categories)
        } catch {
            guard case .unreadableFile(let where_, let reason) = error else { throw error }
            work.found(unreadable: where_, reason: reason)
            return nil
        }
    }

    /// Removes what an earlier version checked out beside `.git` (it kept a work tree as a
    /// view of `main`; nothing reads it, and keeping it cost a `read-tree` of every file at
    /// each sync): `notes`, `trash`, `categories.json`, git's index and the record of what
    /// was shown. Each entry is removed as it is, never followed: a link there (as a checkout
    /// of a hostile commit could leave) goes, what it points to stays. Costs four `lstat`s
    /// once they are gone.
    func removeOldWorkTree() throws(SyncError) {
        let names = [SyncFiles.notesFolder, SyncFiles.trashFolder, SyncFiles.categoriesFile,
                     ".git/index", ".git/notes-sync-checkout"]
        for name in names { try WorkTreeEntry.remove(folder.appendingPathComponent(name)) }
    }

    /// A commit of `tree` on `parents`; the first parent itself when it already has that tree
    /// (and, in an encrypted sync, a manifest). In an encrypted sync the message ends with
    /// the commit's manifest (`SyncManifest`).
    func commit(tree: String, parents: [String], message: String) throws(SyncError) -> String {
        if parents.count == 1, let parent = parents.first,
           try git.run(["rev-parse", parent + "^{tree}"]).trimmedText == tree, try hasManifestIfNeeded(parent) {
            return parent
        }
        let manifest = try manifestLine(tree: tree, parents: parents)
        let arguments = ["commit-tree", tree] + parents.flatMap { ["-p", $0] } + ["-m", message] + (manifest.map { ["-m", $0] } ?? [])
        return try git.check("commit", arguments).trimmedText
    }

    func fetch() throws(SyncError) {
        work.fetched()
        let result = try git.run(["fetch", "-q", "origin"])
        // The remote's URL only to name it in the error: one git run fewer a sync.
        guard result.status == 0 else {
            throw .gitFailed(action: "fetch from '\(remoteURL() ?? "origin")'", status: result.status, message: result.errorText)
        }
    }

    /// Pushes `commit` as the remote's `main`; the result says whether git accepted it.
    func push(_ commit: String) throws(SyncError) -> GitCommand.Result {
        try git.run(["push", "-q", "origin", "\(commit):refs/heads/\(Self.branch)"])
    }

    /// Records that the store now holds `commit`.
    func markSynced(_ commit: String, previous: String?) throws(SyncError) {
        guard commit != previous else { return }
        try git.check("record the sync", ["update-ref", "refs/heads/\(Self.branch)", commit])
    }
}
