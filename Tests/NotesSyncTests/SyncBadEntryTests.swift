import Foundation
import NotesTestSupport
import Testing
@testable import NotesBase
@testable import NotesModel
@testable import NotesExchange
@testable import NotesSync

/// A bad entry on the remote does not stop every later sync (issue 33, item 8): a tree entry
/// named `..`, a submodule, a note file over the size limit or one that cannot be read is
/// left out and named; everything else merges; the push writes a tree without it (the
/// history keeps it); and a home that syncs later finds a clean remote.
@Suite struct SyncBadEntryTests {
    struct Remote {
        let sandbox: SyncSandbox
        var git: GitCommand { GitCommand(folder: sandbox.remote, environment: sandbox.environment) }

        func tip() throws -> String { try git.check("tip", ["rev-parse", "main"]).trimmedText }

        /// A blob of `data` in the remote.
        func blob(_ data: Data) throws -> String {
            try git.check("blob", ["hash-object", "-w", "--stdin"], input: data).trimmedText
        }

        /// A tree of `lines` (`mktree` lines).
        func tree(_ lines: [String]) throws -> String {
            try git.check("tree", ["mktree"], input: Data((lines.joined(separator: "\n") + "\n").utf8)).trimmedText
        }

        /// The tip's tree with `extra` lines added at the top and in `notes/`.
        func commitOnTip(top extra: [String] = [], notes notesExtra: [String] = []) throws {
            let tip = try tip()
            var top = try git.check("list", ["ls-tree", tip]).text.split(separator: "\n").map(String.init)
            if !notesExtra.isEmpty {
                let notes = try git.check("notes", ["rev-parse", "\(tip):notes"]).trimmedText
                let inside = try git.check("list", ["ls-tree", notes]).text.split(separator: "\n").map(String.init)
                top = top.filter { !$0.hasSuffix("\tnotes") } + ["040000 tree \(try tree(inside + notesExtra))\tnotes"]
            }
            let root = try tree(top + extra)
            let commit = try git.check("commit", ["-c", "user.name=a", "-c", "user.email=a@example.invalid",
                                                  "commit-tree", root, "-p", tip, "-m", "hostile"]).trimmedText
            try git.check("move main", ["update-ref", "refs/heads/main", commit])
        }

        /// The paths of the remote tip's tree, folders included.
        func paths() throws -> [String] {
            try git.check("list", ["ls-tree", "-r", "-t", "--name-only", "main"]).text.split(separator: "\n").map(String.init)
        }
    }

    func note(_ title: String) -> Note { Note(title: title, body: "text", created: ISODate.rounded(Date())) }

    /// The `mktree` line of a bucket folder `XY` (for `notes/`) holding note `id`'s file with `data`.
    func bucketLine(_ remote: Remote, _ id: UUID, _ data: Data) throws -> String {
        let blob = try remote.blob(data)
        let inner = try remote.tree(["100644 blob \(blob)\t\(id.uuidString).md"])
        return "040000 tree \(inner)\t\(id.uuidString.prefix(2))"
    }

    @Test func badEntriesAreLeftOutNamedAndGoneFromTheNextTreeWhileTheRestMerges() throws {
        let sandbox = try SyncSandbox()
        let laptop = try sandbox.machine("laptop"), desktop = try sandbox.machine("desktop")
        try laptop.commit([.putNote(note("Mine"))])
        try sandbox.sync(laptop)
        try sandbox.sync(desktop)
        let remote = Remote(sandbox: sandbox)

        // One commit: notes/.. (a file), a submodule, and a good note the other entries must not block.
        let good = UUID()
        var goodNote = Note(id: good, title: "Good one", body: "arrived", created: ISODate.rounded(Date()))
        goodNote.updated = goodNote.created
        let dotdot = try remote.blob(Data("x".utf8))
        let parent = try remote.tip()
        try remote.commitOnTip(top: ["160000 commit \(parent)\tnotes-module"],
                               notes: ["100644 blob \(dotdot)\t..",
                                       try bucketLine(remote, good, Data(MarkdownExchange.document(for: goodNote, category: nil).utf8))])
        let hostile = try remote.tip()

        // The laptop has a change of its own to send.
        let local = note("Sent anyway")
        try laptop.commit([.putNote(local)])
        let report = try sandbox.sync(laptop)
        #expect(report.warnings.contains { $0.contains("'notes/..'") && $0.contains("left out") }, "\(report.warnings)")
        #expect(report.warnings.contains { $0.contains("'notes-module'") && $0.contains("submodule") }, "\(report.warnings)")
        #expect(report.pushed)
        #expect(laptop.contents.notes[good]?.body == "arrived")
        let paths = try remote.paths()
        #expect(!paths.contains("notes/..") && !paths.contains("notes-module"), "\(paths)")
        #expect(paths.contains(SyncFiles.path(for: local)))
        #expect(try remote.git.run(["merge-base", "--is-ancestor", hostile, "main"]).status == 0, "the history lost the hostile commit")

        // The other home recovers on its next sync: a clean remote, nothing left out.
        let second = try sandbox.sync(desktop)
        #expect(second.warnings.isEmpty, "\(second.warnings)")
        #expect(desktop.contents.notes[good]?.body == "arrived")
        #expect(desktop.contents.notes[local.id] != nil)
        // And later syncs go on as usual.
        try laptop.commit([.putNote(note("Later"))])
        #expect(try sandbox.sync(laptop).warnings.isEmpty)
    }

    @Test func aHomeWithNothingToSendPushesTheTreeWithoutTheBadEntry() throws {
        let sandbox = try SyncSandbox()
        let laptop = try sandbox.machine("laptop")
        let id = UUID()
        try laptop.commit([.putNote(Note(id: id, title: "Mine", body: "kept", created: ISODate.rounded(Date())))])
        try sandbox.sync(laptop)
        let remote = Remote(sandbox: sandbox)
        // A note file one byte over the limit, in place of this home's note.
        let big = Data(repeating: 0x61, count: SyncRepository.maximumFileBytes + 1)
        let tip = try remote.tip()
        let notes = try remote.git.check("notes", ["rev-parse", "\(tip):notes"]).trimmedText
        let others = try remote.git.check("list", ["ls-tree", notes]).text.split(separator: "\n").map(String.init)
            .filter { !$0.hasSuffix("\t\(id.uuidString.prefix(2))") }
        let top = try remote.git.check("list", ["ls-tree", tip]).text.split(separator: "\n").map(String.init)
            .filter { !$0.hasSuffix("\tnotes") }
        let root = try remote.tree(top + ["040000 tree \(try remote.tree(others + [try bucketLine(remote, id, big)]))\tnotes"])
        let commit = try remote.git.check("commit", ["-c", "user.name=a", "-c", "user.email=a@example.invalid",
                                                     "commit-tree", root, "-p", tip, "-m", "big"]).trimmedText
        try remote.git.check("move main", ["update-ref", "refs/heads/main", commit])

        let report = try sandbox.sync(laptop)
        let path = SyncFiles.path(forNote: id, inTrash: false)
        #expect(report.warnings.contains { $0.contains(path) && $0.contains("more than the") }, "\(report.warnings)")
        #expect(report.pushed)
        #expect(laptop.contents.notes[id]?.body == "kept")
        let size = try remote.git.check("size", ["cat-file", "-s", "main:\(path)"]).trimmedText
        #expect(Int(size).map { $0 < 1000 } == true, "the remote still holds the large file: \(size) bytes")
    }

    @Test func aNoteFileThatCannotBeReadIsLeftOutAndItsNoteKept() throws {
        let sandbox = try SyncSandbox()
        let laptop = try sandbox.machine("laptop"), desktop = try sandbox.machine("desktop")
        let id = UUID()
        try laptop.commit([.putNote(Note(id: id, title: "Mine", body: "kept", created: ISODate.rounded(Date())))])
        try sandbox.sync(laptop)
        try sandbox.sync(desktop)
        let attacker = try SyncHostileRemoteTests.Attacker(sandbox)
        let path = SyncFiles.path(forNote: id, inTrash: false)
        try attacker.write(path, "---\nnot: a note\n---\n")
        let other = note("Also sent")
        try attacker.write(SyncFiles.path(for: other), MarkdownExchange.document(for: other, category: nil))
        try attacker.push()

        let report = try sandbox.sync(desktop)
        #expect(report.warnings.contains { $0.contains(path) && $0.contains("cannot be read") }, "\(report.warnings)")
        #expect(desktop.contents.notes[id]?.body == "kept")
        #expect(desktop.contents.notes[other.id] != nil)
        // The laptop, with a change, pushes the note's real file back.
        try laptop.commit([.putNote(note("Laptop"))])
        #expect(try sandbox.sync(laptop).pushed)
        #expect(laptop.contents.notes[id]?.body == "kept")
        #expect(try sandbox.remoteFiles()[path]?.contains("kept") == true)
    }
}
