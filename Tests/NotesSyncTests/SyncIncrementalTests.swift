import Foundation
import NotesTestSupport
import Testing
import NotesBase
import NotesColor
import NotesModel
import NotesStore
import NotesExchange
import NotesSync

/// A sync costs what changed: unchanged notes are neither rendered nor parsed (counted in
/// the report), and every edit still reaches the remote, whatever the cache beside the
/// repository (`.git/notes-sync-cache`) says or whether it is there at all.
@Suite struct SyncIncrementalTests {
    let sandbox: SyncSandbox
    let laptop: NotesStore
    let home: UUID, work: UUID
    var cacheURL: URL {
        SyncRepository.folder(forStore: laptop.url).appendingPathComponent(".git/notes-sync-cache")
    }

    /// Without the position of the last sync (`SyncPosition`), a sync looks at every note
    /// through the cache: what these tests are about.
    func forgetPosition() throws {
        let url = SyncRepository.folder(forStore: laptop.url).appendingPathComponent(".git/notes-sync-position")
        if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
    }

    /// A laptop with two categories and 30 notes (some tagged, some in the trash), synced once.
    init() throws {
        sandbox = try SyncSandbox()
        laptop = try sandbox.machine("laptop")
        home = UUID()
        work = UUID()
        var changes: [StoreChange] = [
            .putCategory(Category(id: home, name: "Home", color: try SerializableColor(red: 0.2, green: 0.4, blue: 0.6))),
            .putCategory(Category(id: work, name: "Work", color: try SerializableColor(red: 0.9, green: 0.1, blue: 0.1))),
        ]
        let created = ISODate.rounded(Date(timeIntervalSinceReferenceDate: 800_000_000))
        for index in 0..<30 {
            changes.append(.putNote(Note(title: "Note \(index)", body: "line one\nline \(index) \"quoted\" é 👍",
                                         created: created, categoryID: index % 3 == 0 ? nil : index % 3 == 1 ? home : work,
                                         tags: index % 2 == 0 ? ["even"] : [], deleted: index % 10 == 9 ? created : nil)))
        }
        try laptop.commit(changes)
    }

    /// Every note of the store is on the remote exactly as it renders now, and nothing else.
    func expectRemoteMatchesStore(_ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let files = try sandbox.remoteFiles()
        let contents = laptop.contents
        var expected: [String: String] = [:]
        for note in Array(contents.notes.values) + Array(contents.trash.values) {
            let category = note.categoryID.flatMap { contents.anyCategory($0) }
            expected[SyncFiles.path(for: note)] = MarkdownExchange.document(for: note, category: category)
        }
        let actual = files.filter { $0.key != SyncFiles.categoriesFile }
        let differing = Set(actual.keys).union(expected.keys).filter { actual[$0] != expected[$0] }.sorted()
        #expect(differing.isEmpty, "\(comment.map { "\($0): " } ?? "")the remote differs from the store at \(differing)",
                sourceLocation: sourceLocation)
    }

    func note(_ title: String) throws -> Note {
        guard let note = laptop.contents.notes.values.first(where: { $0.title == title })
            ?? laptop.contents.trash.values.first(where: { $0.title == title }) else { throw ModelError.noSuchNote(title) }
        return note
    }

    @Test func aSyncWithNothingNewRendersAndParsesNothingAndOneEditRendersOne() throws {
        let first = try sandbox.sync(laptop)
        #expect(first.notesRendered == 30)
        #expect(first.notesParsed == 0)
        try expectRemoteMatchesStore()

        let again = try sandbox.sync(laptop)
        #expect(again.notesRendered == 0)
        #expect(again.notesParsed == 0)
        #expect(again.commit == first.commit)
        #expect(!again.pushed)

        var edited = try note("Note 4")
        edited.body = "changed"
        try laptop.commit([.putNote(edited)])
        let one = try sandbox.sync(laptop)
        #expect(one.notesRendered == 1)
        #expect(one.notesParsed == 0)
        #expect(one.pushed)
        try expectRemoteMatchesStore()
    }

    /// Each kind of edit, one field at a time, made between syncs: the cache knows every
    /// other field of the note, and the edit still reaches the remote.
    @Test func everyKindOfEditReachesTheRemote() throws {
        try sandbox.sync(laptop)
        let day = ISODate.rounded(Date(timeIntervalSinceReferenceDate: 810_000_000))
        let edits: [(String, () throws -> [StoreChange], Int)] = [
            ("body", { var note = try note("Note 1"); note.body += "!"; return [.putNote(note)] }, 1),
            ("body, same length", { var note = try note("Note 1"); note.body = String(note.body.dropLast()) + "?"; return [.putNote(note)] }, 1),
            ("title", { var note = try note("Note 2"); note.title = "Note 2 renamed"; return [.putNote(note)] }, 1),
            ("tag added", { var note = try note("Note 3"); note.tags.insert("new"); return [.putNote(note)] }, 1),
            ("tag renamed", { var note = try note("Note 4"); note.tags = ["odd"]; return [.putNote(note)] }, 1),
            ("updated date", { var note = try note("Note 5"); note.updated = day; return [.putNote(note)] }, 1),
            ("created date", { var note = try note("Note 6"); note.created = day.addingTimeInterval(-1); return [.putNote(note)] }, 1),
            ("kind", { var note = try note("Note 7"); note.kind = note.kind == .note ? .journal : .note; return [.putNote(note)] }, 1),
            ("attachment", { var note = try note("Note 8"); note.attachments = [try AttachmentPath("attachments/a.png")]; return [.putNote(note)] }, 1),
            ("category set", { var note = try note("Note 0"); note.categoryID = work; return [.putNote(note)] }, 1),
            ("category cleared", { var note = try note("Note 1"); note.categoryID = nil; return [.putNote(note)] }, 1),
            ("trash", { [.trashNote(try note("Note 10").id, at: day)] }, 1),
            ("restore", { [.restoreNote(try note("Note 19").id)] }, 1),
            ("delete for good", { [.deleteNote(try note("Note 29").id)] }, 0),
        ]
        for (name, change, rendered) in edits {
            try laptop.commit(try change())
            let report = try sandbox.sync(laptop)
            #expect(report.notesRendered == rendered, "\(name)")
            #expect(report.notesParsed == 0, "\(name)")
            try expectRemoteMatchesStore("\(name)")
        }
    }

    /// A category's name or color is in the file of every note in it: those notes, and
    /// only those, are rendered again.
    @Test func aCategoryRenameOrRecolorRewritesItsNotes() throws {
        try sandbox.sync(laptop)
        let inHome = (laptop.contents.notes.values.filter { $0.categoryID == home }.count
            + laptop.contents.trash.values.filter { $0.categoryID == home }.count)
        guard var category = laptop.contents.categories[home] else { throw ModelError.noSuchNote("Home") }
        category.name = "House"
        try laptop.commit([.putCategory(category)])
        #expect(try sandbox.sync(laptop).notesRendered == inHome)
        try expectRemoteMatchesStore("rename")

        category.color = try SerializableColor(red: 0.2, green: 0.4, blue: 0.61)
        try laptop.commit([.putCategory(category)])
        #expect(try sandbox.sync(laptop).notesRendered == inHome)
        try expectRemoteMatchesStore("recolor")
        #expect(try sandbox.remoteFiles()[SyncFiles.categoriesFile]?.contains("House") == true)
    }

    /// A cache file that is torn, overwritten with junk or missing only costs a rendering
    /// of every note; the remote ends up right and the cache is whole again.
    @Test(arguments: ["torn", "junk", "missing", "empty"])
    func aBrokenCacheIsRebuilt(damage: String) throws {
        try sandbox.sync(laptop)
        let bytes = try Data(contentsOf: cacheURL)
        switch damage {
        case "torn": try bytes.prefix(bytes.count / 2).write(to: cacheURL)
        case "junk":
            var junk = bytes
            junk[junk.count / 2] ^= 0x55
            try junk.write(to: cacheURL)
        case "missing": try FileManager.default.removeItem(at: cacheURL)
        default: try Data().write(to: cacheURL)
        }
        var edited = try note("Note 2")
        edited.title = "after the damage"
        try laptop.commit([.putNote(edited)])
        try forgetPosition()

        #expect(try sandbox.sync(laptop).notesRendered == 30)
        try expectRemoteMatchesStore()
        #expect(try sandbox.sync(laptop).notesRendered == 0)
    }

    /// A cache from an earlier sync (restored from a backup, or a kill before it was
    /// rewritten) still states true facts: notes edited since are rendered again.
    @Test func aStaleCacheStillSendsEveryEdit() throws {
        try sandbox.sync(laptop)
        let old = try Data(contentsOf: cacheURL)
        var first = try note("Note 3")
        first.body = "edit one"
        try laptop.commit([.putNote(first)])
        try sandbox.sync(laptop)

        try old.write(to: cacheURL)
        var second = try note("Note 5")
        second.body = "edit two"
        try laptop.commit([.putNote(second)])
        try forgetPosition()
        let report = try sandbox.sync(laptop)
        #expect(report.notesRendered == 2)  // Note 3 as it is now (the old cache knew it before) and Note 5
        try expectRemoteMatchesStore()
    }

    /// The cache names blobs git no longer has (a repository made again, a `gc --prune`):
    /// the tree is built again without it.
    @Test func aCacheNamingMissingBlobsIsRebuilt() throws {
        try sandbox.sync(laptop)
        let cache = try Data(contentsOf: cacheURL)
        // A fresh repository for the same store: none of the cache's blobs are in it.
        let repository = SyncRepository.folder(forStore: laptop.url)
        try FileManager.default.removeItem(at: repository)
        let remote = sandbox.folder.file("second.git")
        try sandbox.makeBareRemote(at: remote)
        try sandbox.engine(laptop).initialize(remote: remote.path)
        try cache.write(to: cacheURL)

        let report = try sandbox.sync(laptop)
        #expect(report.notesRendered == 30)
        let git = GitCommand(folder: remote, environment: sandbox.environment)
        let paths = try git.check("list", ["ls-tree", "-r", "--name-only", "main"]).text.split(separator: "\n")
        #expect(paths.count == 31)
    }

    /// A second home that receives everything parses what it receives, once; its next
    /// sync with nothing new renders and parses nothing.
    @Test func aHomeThatReceivesParsesOnlyThenNothing() throws {
        try sandbox.sync(laptop)
        let desktop = try sandbox.machine("desktop")
        let received = try sandbox.sync(desktop)
        #expect(received.notesParsed == 30)
        #expect(desktop.contents.notes.count + desktop.contents.trash.count == 30)
        let next = try sandbox.sync(desktop)
        #expect(next.notesParsed == 0)
        #expect(next.notesRendered <= 30)  // bodies held differently once received: rendered once, to the same blobs
        #expect(!next.pushed)
        let after = try sandbox.sync(desktop)
        #expect(after.notesRendered == 0)
        #expect(after.notesParsed == 0)
    }

    /// A sync that receives one note another home changed parses that note's file only,
    /// fast-forward or merged with a change of its own; nothing is lost either way.
    @Test func aSyncThatReceivesOneNoteParsesOnlyWhatDiffers() throws {
        try sandbox.sync(laptop)
        let desktop = try sandbox.machine("desktop")
        try sandbox.sync(desktop)
        func edit(_ store: NotesStore, _ title: String, body: String) throws {
            guard var note = store.contents.notes.values.first(where: { $0.title == title }) else { throw ModelError.noSuchNote(title) }
            note.body = body
            try store.commit([.putNote(note)])
        }

        try edit(desktop, "Note 1", body: "from the desktop")
        try sandbox.sync(desktop)
        let received = try sandbox.sync(laptop)
        #expect(received.notesParsed == 1)
        #expect(received.notesRendered == 0)
        #expect(received.received == 1)
        #expect(try note("Note 1").body == "from the desktop")

        try edit(desktop, "Note 2", body: "desktop again")
        try sandbox.sync(desktop)
        try edit(laptop, "Note 4", body: "laptop meanwhile")
        let merged = try sandbox.sync(laptop)
        #expect(merged.notesParsed <= 3)  // the remote's note, and the base's version of the laptop's
        // Note 4, and the two notes received (Note 1 last time, Note 2 now): a note read from
        // the remote is rendered once more, its blob is not taken on trust.
        #expect(merged.notesRendered == 3)
        #expect(merged.conflictCopies.isEmpty)
        try sandbox.sync(desktop)
        #expect(laptop.contents == desktop.contents)
        #expect(try note("Note 2").body == "desktop again")
        #expect(try note("Note 4").body == "laptop meanwhile")
        try expectRemoteMatchesStore()
    }

    /// Many new notes at once go into a pack (one `fsync`, not one a file): the remote holds
    /// each exactly, and the cache knows them all afterwards.
    @Test func manyNewNotesAreStoredInOnePackExactly() throws {
        let created = ISODate.rounded(Date(timeIntervalSinceReferenceDate: 800_000_000))
        try laptop.commit((0..<250).map { index in
            .putNote(Note(title: "Bulk \(index)", body: String(repeating: "é\n", count: index), created: created,
                          categoryID: index % 2 == 0 ? work : nil))
        })
        let report = try sandbox.sync(laptop)
        #expect(report.notesRendered == 280)
        try expectRemoteMatchesStore()
        let packs = try FileManager.default.contentsOfDirectory(
            atPath: SyncRepository.folder(forStore: laptop.url).appendingPathComponent(".git/objects/pack").path)
        #expect(packs.contains { $0.hasSuffix(".pack") })
        #expect(try sandbox.sync(laptop).notesRendered == 0)
    }
}
