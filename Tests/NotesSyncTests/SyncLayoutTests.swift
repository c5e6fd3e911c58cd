import Foundation
import NotesTestSupport
import Testing
@testable import NotesBase
@testable import NotesModel
@testable import NotesSync

/// The repository's layout: notes spread over 256 folders by the first two hex digits of
/// their ids (layout 2), so one changed note rewrites one small folder; a repository in
/// layout 1 (every note in one `notes/` folder, as earlier versions wrote) still syncs and
/// moves to layout 2 in one commit; there is no work tree.
@Suite struct SyncLayoutTests {
    let sandbox: SyncSandbox
    var remoteGit: GitCommand { GitCommand(folder: sandbox.remote, environment: sandbox.environment) }

    init() throws { sandbox = try SyncSandbox() }

    func notes(_ count: Int, prefix: String) -> [Note] {
        let created = ISODate.rounded(Date(timeIntervalSinceReferenceDate: 800_000_000))
        return (0..<count).map { Note(title: "\(prefix) \($0)", body: "body \($0)\n#word", created: created,
                                      deleted: $0 % 7 == 6 ? created : nil) }
    }

    /// Pushes, as the remote's `main`, a commit in layout 1 holding `notes` and no category,
    /// with `categories.json` at format 1: what an earlier version of notes wrote.
    func pushLayoutOne(_ notes: [Note]) throws {
        let git = remoteGit
        func blob(_ data: Data) throws -> String {
            try git.check("blob", ["hash-object", "-w", "--stdin"], input: data).trimmedText
        }
        func tree(_ lines: [String]) throws -> String {
            try git.check("tree", ["mktree"], input: Data(lines.map { $0 + "\n" }.joined().utf8)).trimmedText
        }
        var folders: [String: [String]] = [:]
        for note in notes {
            let folder = note.deleted == nil ? "notes" : "trash"
            folders[folder, default: []].append("100644 blob \(try blob(SyncFiles.document(for: note, category: nil)))\t\(note.id.uuidString).md")
        }
        let categories = String(decoding: SyncFiles.categoriesData([:]), as: UTF8.self)
            .replacingOccurrences(of: "\"format\": 2", with: "\"format\": 1")
        #expect(categories.contains("\"format\": 1"))
        var top = ["100644 blob \(try blob(Data(categories.utf8)))\tcategories.json"]
        for (folder, lines) in folders { top.append("040000 tree \(try tree(lines))\t\(folder)") }
        let commit = try git.check("commit", ["-c", "user.name=old", "-c", "user.email=old@example.invalid",
                                              "commit-tree", try tree(top), "-m", "notes: layout 1"]).trimmedText
        try git.check("push", ["update-ref", "refs/heads/main", commit])
    }

    func remotePaths(_ treeish: String = "main") throws -> [String] {
        try remoteGit.check("list", ["ls-tree", "-r", "--name-only", treeish]).text.split(separator: "\n").map(String.init)
    }

    /// Two homes synced to a layout-1 repository; one edits and syncs (moving the remote to
    /// layout 2 in one commit), the other, still at layout 1, edits another note and syncs:
    /// both edits everywhere, every note once, no conflict copy.
    @Test func aLayoutOneRepositoryMovesToLayoutTwoInOneCommitAndOldClonesKeepSyncing() throws {
        let originals = notes(20, prefix: "Old")
        try pushLayoutOne(originals)
        let laptop = try sandbox.machine("laptop"), desktop = try sandbox.machine("desktop")
        try sandbox.sync(laptop)
        try sandbox.sync(desktop)
        let layoutOne = try remoteGit.check("head", ["rev-parse", "main"]).trimmedText
        #expect(laptop.contents.notes.count + laptop.contents.trash.count == 20)

        var edited = try #require(laptop.contents.notes[originals[0].id])
        edited.body = "edited on the laptop"
        try laptop.commit([.putNote(edited)])
        try sandbox.sync(laptop)

        let migrated = try remoteGit.check("head", ["rev-parse", "main"]).trimmedText
        #expect(try remoteGit.check("parent", ["rev-parse", "main^"]).trimmedText == layoutOne)
        let paths = try remotePaths().filter { $0 != SyncFiles.categoriesFile }
        #expect(paths.count == 20)
        #expect(paths.allSatisfy { $0.split(separator: "/").count == 3 && SyncFiles.noteID(inPath: $0) != nil }, "\(paths)")
        #expect(try sandbox.remoteFiles()[SyncFiles.categoriesFile]?.contains("\"format\": 2") == true)

        var other = try #require(desktop.contents.notes[originals[1].id])
        other.title = "edited on the desktop"
        try desktop.commit([.putNote(other)])
        let report = try sandbox.sync(desktop)
        #expect(report.conflictCopies.isEmpty)
        #expect(report.warnings.isEmpty)
        try sandbox.sync(laptop)

        for home in [laptop, desktop] {
            #expect(home.contents.notes[originals[0].id]?.body == "edited on the laptop")
            #expect(home.contents.notes[originals[1].id]?.title == "edited on the desktop")
            #expect(home.contents.notes.count + home.contents.trash.count == 20)
            #expect(home.contents.notes.values.allSatisfy { !$0.tags.contains(SyncMerge.conflictTag) })
        }
        #expect(laptop.contents == desktop.contents)
        #expect(try remotePaths().filter { $0 != SyncFiles.categoriesFile }.allSatisfy { $0.split(separator: "/").count == 3 })
        #expect(migrated != layoutOne)
    }

    /// One edited note changes one folder of `notes/`: every other folder keeps its tree.
    @Test func oneChangedNoteRewritesOneFolder() throws {
        let laptop = try sandbox.machine("laptop")
        let many = notes(300, prefix: "Many")
        try laptop.commit(many.map { .putNote($0) })
        try sandbox.sync(laptop)
        let before = try remoteGit.check("notes", ["ls-tree", "main:notes"]).text.split(separator: "\n")
        #expect(before.count > 100)  // 300 notes spread over many folders

        var note = try #require(laptop.contents.notes[many[0].id])
        note.body = "changed"
        try laptop.commit([.putNote(note)])
        let report = try sandbox.sync(laptop)

        #expect(report.notesRendered == 1)
        let after = try remoteGit.check("notes", ["ls-tree", "main:notes"]).text.split(separator: "\n")
        let changed = Set(after).subtracting(before)
        #expect(changed.count == 1)
        #expect(changed.first?.hasSuffix("\t\(SyncFiles.bucket(of: note.id))") == true)
        let diff = try remoteGit.check("diff", ["diff-tree", "-r", "--name-only", "main^", "main"]).text.split(separator: "\n")
        #expect(diff == [Substring(SyncFiles.path(for: note))])
    }

    /// The sync repository has no work tree: nothing of a commit is written out as files.
    @Test func nothingIsCheckedOut() throws {
        let laptop = try sandbox.machine("laptop")
        try laptop.commit(notes(10, prefix: "N").map { .putNote($0) })
        try sandbox.sync(laptop)
        let folder = SyncRepository.folder(forStore: laptop.url)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [".git"])
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(".git/index").path))
        let git = GitCommand(folder: folder, environment: sandbox.environment.merging(["GIT_DIR": folder.appendingPathComponent(".git").path]) { $1 })
        #expect(try git.check("config", ["config", "core.bare"]).trimmedText == "true")
    }
}

/// The check of a remote's tree knows both layouts: files and folders of files in `notes/`
/// and `trash/`, nothing deeper, no link, no file over the size limit.
@Suite struct SyncTreeCheckLayoutTests {
    func entry(_ mode: String, _ type: String, _ path: String, size: Int? = nil) throws -> TreeEntry {
        let line = "\(mode) \(type) \(String(repeating: "a", count: 40))" + (size.map { " \($0)" } ?? "") + "\t\(path)"
        return try #require(TreeEntry(ArraySlice(Array(line.utf8))))
    }

    @Test func bothLayoutsPassAndAnythingElseInsideIsRefused() throws {
        let id = UUID().uuidString
        for (mode, type, path) in [("040000", "tree", "notes"), ("040000", "tree", "notes/3F"), ("100644", "blob", "notes/3F/\(id).md"),
                                   ("100644", "blob", "notes/\(id).md"), ("040000", "tree", "trash/00"), ("100644", "blob", "README.md")] {
            #expect(SyncRepository.problem(with: try entry(mode, type, path, size: type == "blob" ? 10 : nil)) == nil, "\(path)")
        }
        let refused: [(String, String, String, String)] = [
            ("100644", "blob", "notes", "not a folder"), ("040000", "tree", "notes/3F/deeper", "not a plain file"),
            ("120000", "blob", "notes/3F", "symbolic link"), ("120000", "blob", "notes/3F/\(id).md", "symbolic link"),
            ("160000", "commit", "notes/3F", "submodule"), ("100644", "blob", "notes/../x", "'..'"),
        ]
        for (mode, type, path, reason) in refused {
            let problem = SyncRepository.problem(with: try entry(mode, type, path, size: type == "blob" ? 10 : nil))
            #expect(problem?.contains(reason) == true, "\(path): \(problem ?? "accepted")")
        }
        let big = try entry("100644", "blob", "notes/3F/\(id).md", size: SyncRepository.maximumFileBytes + 1)
        #expect(SyncRepository.problem(with: big)?.contains("more than the") == true)
    }
}
