import Foundation
import NotesTestSupport
import Testing
@testable import NotesBase
@testable import NotesModel
@testable import NotesStore
@testable import NotesSync

/// A merge (both homes changed something) made by a store opened for a few notes whose
/// store holds attachment files: when the attachment folders that differ are those of notes
/// it loads, it loads the notes changed on either side only and makes the merge commit's
/// tree from the previous tree, the tree the whole store makes of the same merge (plain and
/// encrypted). A conflict reads every note. Either way both homes end with the same notes
/// and files.
@Suite struct SyncPartialMergeTests {
    /// Two homes holding the same 12 notes, the first four with one attachment file each.
    let homes: PartialSyncHomes
    var notes: [Note] { homes.notes }

    init(encrypted: Bool) throws { homes = try PartialSyncHomes(count: 12, withAttachments: 4, encrypted: encrypted) }

    init() throws { try self.init(encrypted: false) }

    /// The tree of `commit` in the remote.
    func remoteTree(_ commit: String) throws -> String {
        try GitCommand(folder: homes.sandbox.remote, environment: homes.sandbox.environment)
            .check("read the tree", ["rev-parse", "\(commit)^{tree}"]).trimmedText
    }

    /// The tree the whole store makes of the merge `commit` (two parents: the laptop's local
    /// commit and the remote's) from the laptop's store as it is now, which holds that merge.
    func wholeStoreTree(of commit: String) throws -> String {
        let store = try homes.sandbox.open("laptop")
        defer { store.close() }
        let repository = homes.sandbox.engine(store).repository
        let parents = try repository.git.check("read the parents", ["rev-parse", "\(commit)^1", "\(commit)^2"]).text
            .split(separator: "\n").map(String.init)
        try #require(parents.count == 2)
        let exported = SyncSnapshot(store.contents, previous: SyncSnapshot(categories: try repository.categories(of: parents[0])))
        return try repository.tree(for: exported, base: parents[0], attachmentSources: parents.map { $0 },
                                   mergeBase: try repository.mergeBase(parents[0], parents[1]))
    }

    /// Syncs the desktop, then the laptop (both opened for a few notes), which merges; checks
    /// that the laptop stayed partial, loaded `loaded` notes and pushed the whole store's tree.
    func mergeOnTheLaptop(loading loaded: Int) throws {
        #expect(try homes.syncPartly("desktop").report.pushed)

        let (report, stayedPartial) = try homes.syncPartly("laptop")

        #expect(stayedPartial)
        #expect(report.pushed)
        #expect(report.conflictCopies.isEmpty)
        #expect(report.notesLoaded == loaded)
        #expect(try remoteTree(report.commit) == wholeStoreTree(of: report.commit))
    }

    @Test(arguments: [false, true])
    static func aNoteWithANewFileComingInBesideAnEditHereMergesPartly(encrypted: Bool) throws {
        let test = try SyncPartialMergeTests(encrypted: encrypted), homes = test.homes
        try homes.commit("laptop", [.putNote(homes.edited(8, body: "from the laptop"))])
        let bytes = Data("%PDF-1.4 a scan".utf8)
        let added = try homes.attach("scan.pdf", bytes: bytes, to: 1, on: "desktop", body: "with a scan")

        try test.mergeOnTheLaptop(loading: 2)

        #expect(try AttachmentFiles.read(added, in: homes.folder("laptop")) == bytes)
        let (mine, theirs) = try homes.converged()
        #expect(mine == theirs)
        #expect(mine.notes[test.notes[8].id]?.body == "from the laptop")
        #expect(try AttachmentFiles.read(added, in: homes.folder("desktop")) == bytes)
    }

    @Test(arguments: [false, true])
    static func filesAddedToDifferentNotesOnBothHomesMergePartly(encrypted: Bool) throws {
        let test = try SyncPartialMergeTests(encrypted: encrypted), homes = test.homes
        let mine = try homes.attach("notes.txt", bytes: Data("laptop".utf8), to: 2, on: "laptop", body: "laptop's file")
        let theirs = try homes.attach("scan.pdf", bytes: Data("desktop".utf8), to: 1, on: "desktop", body: "desktop's file")

        try test.mergeOnTheLaptop(loading: 2)

        let (laptop, desktop) = try homes.converged()
        #expect(laptop == desktop)
        for home in ["laptop", "desktop"] {
            #expect(try AttachmentFiles.read(mine, in: homes.folder(home)) == Data("laptop".utf8))
            #expect(try AttachmentFiles.read(theirs, in: homes.folder(home)) == Data("desktop".utf8))
        }
    }

    /// A merge of edits to two notes (at 1,000,000 notes a note folder holds about 4,000
    /// files): the trees it makes are written as the objects they are, none through `git
    /// mktree` (which looks every entry up again); one `git merge-base` says whether either
    /// side holds the other and gives their base; one `git config` reads the settings (the
    /// report counts every git run of the sync). The
    /// tree pushed is the one the whole store makes of the same merge.
    @Test(arguments: [false, true])
    static func aMergeWritesItsTreesAndAsksGitEachQuestionOnce(encrypted: Bool) throws {
        let test = try SyncPartialMergeTests(encrypted: encrypted), homes = test.homes
        try homes.commit("laptop", [.putNote(homes.edited(8, body: "from the laptop"))])
        try homes.commit("desktop", [.putNote(homes.edited(5, body: "from the desktop"))])
        #expect(try homes.syncPartly("desktop").report.pushed)

        let (report, stayedPartial) = try homes.syncPartly("laptop")

        #expect(stayedPartial && report.pushed && report.notesLoaded == 2)
        #expect(try test.remoteTree(report.commit) == test.wholeStoreTree(of: report.commit))
        #expect(report.gitRuns["mktree"] == nil, "\(report.gitRuns)")
        // An encrypted sync asks once more, of another pair: whether the remote is behind the synced commit (its manifest).
        #expect(report.gitRuns["merge-base"] == (encrypted ? 2 : 1), "\(report.gitRuns)")
        #expect(report.gitRuns["config"] == 1, "\(report.gitRuns)")
        let (laptop, desktop) = try homes.converged()
        #expect(laptop == desktop)
        #expect(laptop.notes[test.notes[5].id]?.body == "from the desktop" && laptop.notes[test.notes[8].id]?.body == "from the laptop")
    }

    @Test func theSameFileAddedToOneNoteOnBothHomesMergesPartly() throws {
        let bytes = Data("the same scan".utf8)
        let path = try homes.attach("scan.pdf", bytes: bytes, to: 1, on: "laptop", body: "with a scan", seconds: 60)
        try homes.attach("scan.pdf", bytes: bytes, to: 1, on: "desktop", body: "with a scan", seconds: 120)

        try mergeOnTheLaptop(loading: 1)

        let (laptop, desktop) = try homes.converged()
        #expect(laptop == desktop)
        #expect(laptop.notes[notes[1].id]?.attachments == [notes[1].attachments[0], path])
    }

    @Test(arguments: [false, true])
    static func aFileEditedInPlaceElsewhereBesideAnEditHereMergesPartly(encrypted: Bool) throws {
        let test = try SyncPartialMergeTests(encrypted: encrypted), homes = test.homes
        let file = test.notes[3].attachments[0]
        try homes.commit("laptop", [.putNote(homes.edited(8, body: "from the laptop"))])
        let bytes = PartialSyncHomes.bytes(55, count: 4000)
        try bytes.write(to: file.url(in: homes.folder("desktop")))

        try test.mergeOnTheLaptop(loading: 2)  // the note edited here and the file's note

        #expect(try AttachmentFiles.read(file, in: homes.folder("laptop")) == bytes)
        let (mine, theirs) = try homes.converged()
        #expect(mine == theirs)
    }

    @Test func aConflictOnANoteWithAFileReadsEveryNoteAndConverges() throws {
        try homes.commit("laptop", [.putNote(homes.edited(0, body: "laptop's version"))])
        let added = try homes.attach("scan.pdf", bytes: Data("desktop".utf8), to: 0, on: "desktop", body: "desktop's version",
                                     seconds: 120)
        _ = try homes.syncPartly("desktop")

        let (report, stayedPartial) = try homes.syncPartly("laptop")

        #expect(!stayedPartial)
        #expect(report.conflictCopies.count == 1)
        #expect(report.notesLoaded == 13)
        let (mine, theirs) = try homes.converged()
        #expect(mine == theirs)
        #expect(try AttachmentFiles.read(added, in: homes.folder("laptop")) == Data("desktop".utf8))
    }
}
