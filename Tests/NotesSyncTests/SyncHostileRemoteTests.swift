import Foundation
import NotesTestSupport
import Testing
import NotesBase
import NotesModel
import NotesExchange
import NotesSync

/// The remote is untrusted: a third clone pushes hostile trees (links, `..`, attributes
/// that would run a filter, submodules, one id twice), and the machines that sync from it
/// lose nothing, run nothing, and touch nothing outside their sync repository.
@Suite struct SyncHostileRemoteTests {
    /// A clone of the remote that pushes whatever it is given: the attacker.
    struct Attacker {
        let sandbox: SyncSandbox
        let folder: URL
        var git: GitCommand { GitCommand(folder: folder, environment: sandbox.environment) }

        init(_ sandbox: SyncSandbox) throws {
            self.sandbox = sandbox
            folder = sandbox.folder.file("attacker")
            try GitCommand(folder: sandbox.folder.url, environment: sandbox.environment)
                .check("clone", ["clone", "-q", sandbox.remote.path, folder.path])
            // The attacker's own git must not apply the attributes it pushes.
            try Data(SyncRepository.safeAttributes.utf8).write(to: folder.appendingPathComponent(".git/info/attributes"))
        }

        /// Commits the work tree as it is and pushes it as the remote's `main`.
        func push(_ message: String = "hostile") throws {
            try git.check("add", ["add", "-A", "-f", "."])
            try git.check("commit", ["-c", "user.name=attacker", "-c", "user.email=a@example.invalid",
                                     "commit", "-q", "--allow-empty", "-m", message])
            try git.check("push", ["push", "-q", "origin", "HEAD:refs/heads/main", "--force"])
        }

        func write(_ path: String, _ text: String) throws {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }

        func link(_ path: String, to target: String) throws {
            let url = folder.appendingPathComponent(path)
            try? FileManager.default.removeItem(at: url)  // the folder, when the clone has one
            try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target)
        }
    }

    /// Every file under `folder` (links not followed) with its bytes, but for the places
    /// git and the attacker write (the remote, the attacker's clone, sync repositories):
    /// to show that nothing else changed.
    static func contents(of folder: URL) -> [String: Data] {
        var result: [String: Data] = [:]
        let root = folder.standardizedFileURL.path + "/"
        guard let walker = FileManager.default.enumerator(atPath: root) else { return result }
        while let relative = walker.nextObject() as? String {
            let top = relative.split(separator: "/").first.map(String.init) ?? relative
            if ["attacker", "remote.git", "home"].contains(top) || relative.contains(".sync") { continue }
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + relative, isDirectory: &isFolder), !isFolder.boolValue {
                result[relative] = (try? Data(contentsOf: URL(fileURLWithPath: root + relative))) ?? Data()
            }
        }
        return result
    }

    func note(_ title: String, body: String = "text") -> Note {
        Note(title: title, body: body, created: ISODate.rounded(Date()))
    }

    @Test(arguments: ["trash", "notes"])
    func aFolderLinkFromTheRemoteIsLeftOutAndDeletesNothing(folderName: String) throws {
        let sandbox = try SyncSandbox()
        let laptop = try sandbox.machine("laptop")
        try laptop.commit([.putNote(note("Mine"))])
        try sandbox.sync(laptop)
        let outside = sandbox.folder.file("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("precious".utf8).write(to: outside.appendingPathComponent("keep.md"))

        let attacker = try Attacker(sandbox)
        try attacker.link(folderName, to: folderName == "trash" ? ".." : outside.path)
        try attacker.push()
        let before = Self.contents(of: sandbox.folder.url)
        let database = laptop.contents

        let report = try sandbox.sync(laptop)
        #expect(report.warnings.contains { $0.contains("'\(folderName)'") && $0.contains("symbolic link") }, "\(report.warnings)")
        #expect(report.pushed)
        // The laptop pushed the tree without the link: a new machine finds the notes, and no link.
        let desktop = try sandbox.machine("desktop")
        #expect(try sandbox.sync(desktop).warnings.isEmpty)
        #expect(desktop.contents.notes.values.map(\.title) == ["Mine"])

        #expect(Self.contents(of: sandbox.folder.url).filter { !$0.key.hasPrefix("desktop/") } == before)
        #expect(laptop.contents == database)
        #expect(try laptop.refresh() == false)
    }

    /// A link in the folder an earlier version checked files out to (as its checkout of a
    /// hostile commit could leave) is removed, never followed; no work tree is made again.
    @Test func aLinkLeftInTheWorkTreeIsRemovedNotFollowed() throws {
        let sandbox = try SyncSandbox()
        let laptop = try sandbox.machine("laptop")
        try laptop.commit([.putNote(note("Mine"))])
        try sandbox.sync(laptop)
        let workTree = SyncRepository.folder(forStore: laptop.url)
        try? FileManager.default.removeItem(at: workTree.appendingPathComponent("trash"))
        try FileManager.default.createSymbolicLink(atPath: workTree.appendingPathComponent("trash").path, withDestinationPath: "..")
        let before = Self.contents(of: sandbox.folder.url)

        try laptop.commit([.putNote(note("Second"))])
        try sandbox.sync(laptop)

        var after = Self.contents(of: sandbox.folder.url)
        for key in after.keys where key.hasPrefix("laptop/notes.json") { after[key] = before[key] }
        #expect(after.keys.sorted() == before.keys.sorted())
        #expect(FileManager.default.fileExists(atPath: laptop.url.path))
        var status = stat()
        #expect(lstat(workTree.appendingPathComponent("trash").path, &status) != 0, "the link is still there")
        #expect(FileManager.default.fileExists(atPath: workTree.appendingPathComponent(".git/HEAD").path))
        #expect(try sandbox.remoteFiles().keys.filter { $0.hasPrefix("notes/") }.count == 2)
    }

    /// A `.gitattributes` naming a filter driver of the user's own git configuration, and
    /// a `working-tree-encoding`; hooks and a file-system monitor in the user's
    /// configuration: no driver, hook or monitor runs, and sync goes on.
    @Test func attributesFromTheRemoteRunNoFilterAndBlockNothing() throws {
        let sandbox = try SyncSandbox()
        let mark = sandbox.folder.file("filter-ran")
        let home = try #require(sandbox.environment["HOME"])
        // Hooks log where they ran: the remote's own side of a push may run them (they are
        // the remote's, as with any push), the sync repository never.
        let hookLog = sandbox.folder.file("hooks-ran")
        let hooks = URL(fileURLWithPath: home).appendingPathComponent("hooks")
        try FileManager.default.createDirectory(at: hooks, withIntermediateDirectories: true)
        for name in ["pre-push", "reference-transaction", "post-update", "pre-auto-gc", "post-checkout", "fsmonitor"] {
            let hook = hooks.appendingPathComponent(name)
            try Data("#!/bin/sh\necho \"$0 $(pwd) ${GIT_DIR:-}\" >> '\(hookLog.path)'\n".utf8).write(to: hook)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook.path)
        }
        try Data("""
            [filter "mark"]
            \tsmudge = "touch '\(mark.path)'; cat"
            \tclean = "touch '\(mark.path)'; cat"
            \trequired = true
            [core]
            \thooksPath = \(hooks.path)
            \tfsmonitor = \(hooks.appendingPathComponent("fsmonitor").path)
            """.utf8).write(to: URL(fileURLWithPath: home).appendingPathComponent(".gitconfig"))
        let laptop = try sandbox.machine("laptop")
        try laptop.commit([.putNote(note("First"))])
        try sandbox.sync(laptop)
        #expect(!FileManager.default.fileExists(atPath: mark.path), "a filter driver ran")
        let attacker = try Attacker(sandbox)
        try attacker.write(".gitattributes", "* filter=mark\n*.md working-tree-encoding=UTF-16\n")
        try attacker.write(".gitmodules", "[submodule \"x\"]\n\tpath = x\n\turl = ./x\n\tupdate = !touch \(mark.path)\n")
        let id = UUID()
        try attacker.write("notes/\(id.uuidString).md", MarkdownExchange.document(for: Note(id: id, title: "Pushed"), category: nil))
        try? FileManager.default.removeItem(at: mark)
        // The attacker's own git ran the filter (it has no override): start clean.
        try attacker.push()
        try? FileManager.default.removeItem(at: mark)

        try sandbox.sync(laptop)
        try laptop.commit([.putNote(note("After"))])
        try sandbox.sync(laptop)
        let desktop = try sandbox.machine("desktop")
        try sandbox.sync(desktop)

        #expect(!FileManager.default.fileExists(atPath: mark.path), "a filter driver or submodule command ran")
        #expect(laptop.contents.notes[id]?.title == "Pushed")
        #expect(desktop.contents.notes.count == 3)
        let hookRuns = (try? String(contentsOf: hookLog, encoding: .utf8)) ?? ""
        #expect(hookRuns.contains("remote.git"), "the hooks are not in place: the remote's side of a push runs them")
        #expect(!hookRuns.contains(".sync"), "a hook or monitor ran in a sync repository: \(hookRuns)")
    }

    /// Each is left out by name and the rest of the tree is used (`SyncBadEntryTests` has the merge and the recovery).
    @Test func aSubmoduleOrAPathThroughDotDotIsLeftOutByName() throws {
        let sandbox = try SyncSandbox()
        let laptop = try sandbox.machine("laptop")
        try laptop.commit([.putNote(note("Mine"))])
        try sandbox.sync(laptop)
        let attacker = try Attacker(sandbox)
        let git = attacker.git
        // notes/.. as a file: git's own commands refuse to make it, a hand-made tree can.
        let blob = try git.check("blob", ["hash-object", "-w", "--stdin"], input: Data("x".utf8)).trimmedText
        let parent = try git.check("head", ["rev-parse", "HEAD"]).trimmedText
        let notesEntries = try git.check("list", ["ls-tree", "HEAD:notes"]).text
        let notesTree = try git.check("tree", ["mktree"], input: Data((notesEntries + "100644 blob \(blob)\t..\n").utf8)).trimmedText
        let others = try git.check("list", ["ls-tree", "HEAD"]).text.split(separator: "\n").filter { !$0.hasSuffix("\tnotes") }
        let root = try git.check("tree", ["mktree"], input: Data((others.joined(separator: "\n") + "\n040000 tree \(notesTree)\tnotes\n").utf8)).trimmedText
        let commit = try git.check("commit", ["-c", "user.name=a", "-c", "user.email=a@example.invalid",
                                              "commit-tree", root, "-p", parent, "-m", "dotdot"]).trimmedText
        try git.check("push", ["push", "-q", "origin", "\(commit):refs/heads/main", "--force"])
        let database = laptop.contents

        let report = try sandbox.sync(laptop)
        #expect(report.warnings.contains { $0.contains("'notes/..'") && $0.contains("left out") }, "\(report.warnings)")
        #expect(laptop.contents == database)

        // A submodule (a gitlink entry).
        let gitlink = try git.check("tree", ["mktree"], input: Data("160000 commit \(parent)\tnotes-module\n040000 tree \(try git.check("t", ["rev-parse", "\(parent)^{tree}:notes"]).trimmedText)\tnotes\n".utf8)).trimmedText
        let second = try git.check("commit", ["-c", "user.name=a", "-c", "user.email=a@example.invalid",
                                              "commit-tree", gitlink, "-p", parent, "-m", "module"]).trimmedText
        try git.check("push", ["push", "-q", "origin", "\(second):refs/heads/main", "--force"])
        let moduleReport = try sandbox.sync(laptop)
        #expect(moduleReport.warnings.contains { $0.contains("'notes-module'") && $0.contains("submodule") }, "\(moduleReport.warnings)")
        #expect(laptop.contents == database)
    }

    /// The same id under `notes/` and `trash/`: resolved by the rules of a merge (the live
    /// version stays, the trash keeps the other as a conflict copy), the same on every
    /// machine; in either layout, or one file in each.
    @Test(arguments: [("notes/", "trash/"), ("notes/XY/", "trash/XY/"), ("notes/", "trash/XY/")])
    func oneIDTwiceIsResolvedTheSameWayEveryTime(folders: (String, String)) throws {
        let sandbox = try SyncSandbox()
        let first = try sandbox.machine("first")
        try sandbox.sync(first)
        let attacker = try Attacker(sandbox)
        let id = UUID()
        var live = Note(id: id, title: "Twice", body: "the live text", created: ISODate.rounded(Date()))
        live.updated = live.created
        var trashed = live
        trashed.body = "the trashed text"
        trashed.deleted = live.created.addingTimeInterval(60)
        trashed.updated = live.created.addingTimeInterval(60)
        let bucket = String(id.uuidString.prefix(2))
        try attacker.write(folders.0.replacingOccurrences(of: "XY", with: bucket) + "\(id.uuidString).md",
                           MarkdownExchange.document(for: live, category: nil))
        try attacker.write(folders.1.replacingOccurrences(of: "XY", with: bucket) + "\(id.uuidString).md",
                           MarkdownExchange.document(for: trashed, category: nil))
        try attacker.push()

        var results: [NotesDatabase] = []
        for name in ["a", "b", "c", "d"] {
            let machine = try sandbox.machine(name)
            let report = try sandbox.sync(machine)
            #expect(report.warnings.contains { $0.contains(id.uuidString) && $0.contains("both in notes/ and in trash/") },
                    "\(report.warnings)")
            results.append(machine.contents)
        }
        try sandbox.sync(first)
        results.append(first.contents)

        for database in results {
            #expect(database.notes[id]?.body == "the live text")
            let copies = database.trash.values.filter { $0.tags.contains(SyncMerge.conflictTag) }
            #expect(copies.map(\.body) == ["the trashed text"])
            #expect(database.trash[id] == nil)
        }
        #expect(Set(results.map { $0.notes.keys.sorted() + $0.trash.keys.sorted() }).count == 1)
    }
}
