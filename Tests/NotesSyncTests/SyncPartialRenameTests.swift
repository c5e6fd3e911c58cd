import Foundation
import NotesTestSupport
import Testing
import NotesBase
import NotesLinks
import NotesModel
import NotesStore
import NotesSync

/// A rename received by a sync of a store opened for a few notes (as `notes sync` and `S`
/// open it): the rename index beside the snapshot names the notes that link to the old
/// title, and only those are loaded with the renamed note; the links come out as the whole
/// store's sync writes them. No index, a stale one or too many linking notes read every
/// note, with the one fetch the sync already made.
@Suite struct SyncPartialRenameTests {
    let sandbox: SyncSandbox
    let notes: [Note]
    let hubs: [Note]
    /// The date every sync here gives its link rewrites.
    let now = ISODate.rounded(Date(timeIntervalSinceReferenceDate: 800_100_000))

    /// Two homes, laptop and desktop, holding the same 30 notes and three hubs that link
    /// to "Note 2" (and one to "Note 5"), each in a compacted store whose sync position
    /// names that snapshot; the laptop's has the rename index beside it.
    init() throws {
        sandbox = try SyncSandbox()
        let created = ISODate.rounded(Date(timeIntervalSinceReferenceDate: 800_000_000))
        notes = (0..<30).map { Note(title: "Note \($0)", body: "body \($0)", created: created) }
        hubs = (0..<3).map { Note(title: "Hub \($0)", body: "See [[Note 2]] and [[Note 5]].", created: created) }
            + [Note(title: "Other hub", body: "Only [[Note 5]].", created: created)]
        let laptop = try sandbox.machine("laptop")
        try laptop.commit((notes + hubs).map(StoreChange.putNote))
        try sandbox.sync(laptop)
        laptop.close()
        let desktop = try sandbox.machine("desktop")
        try sandbox.sync(desktop)
        try desktop.compactNow()
        try sandbox.sync(desktop)
        desktop.close()
        let again = try sandbox.open("laptop")
        try again.compactNow()
        try sandbox.sync(again)
        again.close()
        try writeRenameIndex("laptop")
    }

    /// Writes the rename index of home `name`'s snapshot beside it, as `notes` does with
    /// every snapshot it writes; `stale`: naming another snapshot file (one replaced since).
    func writeRenameIndex(_ name: String, stale: Bool = false) throws {
        let store = try sandbox.open(name)
        defer { store.close() }
        let url = sandbox.storeURL(name)
        var stamp = try #require(RenameSources.Stamp(ofFile: url.path))
        if stale { stamp.inode += 1 }
        let index = RenameSources(stamp: stamp, notes: store.contents.notes.values, imports: LinkImports(database: store.contents))
        try Data(index.encoded()).write(to: URL(fileURLWithPath: RenameSources.path(besideStore: url)))
        #expect((RenameSources.read(besideStore: url) != nil) == !stale)
    }

    /// The desktop renames "Note 2" without rewriting the links to it (as a home whose
    /// config has `update_links = false` sends it) and syncs.
    func renameOnTheDesktop() throws -> Note {
        var renamed = notes[2]
        renamed.title = "Renamed"
        renamed.updated = ISODate.rounded(renamed.created.addingTimeInterval(60))
        let desktop = try sandbox.open("desktop")
        defer { desktop.close() }
        try desktop.commit([.putNote(renamed)])
        #expect(try sandbox.sync(desktop).pushed)
        return renamed
    }

    /// Syncs home `name` opened for the notes its journal touched (as `notes sync` opens it),
    /// or whole; with `limit` as the engine's bound on the notes the rename index may name.
    func sync(_ name: String, partly: Bool = true, limit: Int? = nil) throws -> (report: SyncEngine.Report, stayedPartial: Bool) {
        let store = partly ? try NotesStore.open(at: sandbox.storeURL(name), touching: []) : try sandbox.open(name)
        defer { store.close() }
        #expect(store.isPartial == partly)
        var engine = sandbox.engine(store)
        if let limit { engine.renameLoadLimit = limit }
        let report = try engine.sync(now: now)
        return (report, store.isPartial)
    }

    /// Home `name`'s notes, read whole.
    func contents(_ name: String) throws -> NotesDatabase {
        let store = try sandbox.open(name)
        defer { store.close() }
        return store.contents
    }

    /// The rewritten hubs, as the laptop holds them.
    func expectLinksRewritten(_ database: NotesDatabase) {
        for hub in hubs.prefix(3) { #expect(database.notes[hub.id]?.body == "See [[Renamed]] and [[Note 5]].") }
        #expect(database.notes[hubs[3].id]?.body == "Only [[Note 5]].")
    }

    @Test func aReceivedRenameLoadsTheRenamedAndLinkingNotesOnlyAndWritesWhatTheWholeStoreDoes() throws {
        _ = try renameOnTheDesktop()
        // The same home before this sync, to be synced whole.
        try FileManager.default.copyItem(at: sandbox.folder.file("laptop"), to: sandbox.folder.file("whole"))

        let (report, stayedPartial) = try sync("laptop")
        let whole = try sync("whole", partly: false)

        #expect(stayedPartial)
        #expect(report.notesLoaded == 4)  // the renamed note and the three hubs that link to it
        #expect(report.received == 1)
        #expect(report.linksUpdated == 3)
        #expect(report.fetches == 1)
        #expect(whole.report.linksUpdated == 3)
        #expect(whole.report.notesLoaded == 34)
        let laptop = try contents("laptop")
        #expect(laptop == (try contents("whole")))
        expectLinksRewritten(laptop)
    }

    @Test func theRewrittenLinksReachTheOtherHome() throws {
        _ = try renameOnTheDesktop()
        #expect(try sync("laptop").stayedPartial)
        #expect(try sync("laptop").report.pushed)  // the rewrites are this home's changes
        _ = try sync("desktop")
        let laptop = try contents("laptop")
        #expect(laptop == (try contents("desktop")))
        expectLinksRewritten(laptop)
    }

    @Test func aStaleRenameIndexReadsEveryNoteWithOneFetch() throws {
        _ = try renameOnTheDesktop()
        try writeRenameIndex("laptop", stale: true)

        let (report, stayedPartial) = try sync("laptop")

        #expect(!stayedPartial)
        #expect(report.notesLoaded == 34)
        #expect(report.linksUpdated == 3)
        #expect(report.fetches == 1)
        expectLinksRewritten(try contents("laptop"))
    }

    @Test func aRenameIndexGoneStaleBetweenTheLoadAndTheApplyReadsEveryNoteAndConverges() throws {
        _ = try renameOnTheDesktop()
        let store = try NotesStore.open(at: sandbox.storeURL("laptop"), touching: [])
        defer { store.close() }
        var engine = sandbox.engine(store)
        var compacted = false
        engine.progress = { [sandbox] step in
            // Another process compacts the store once the notes are loaded and merged, before they are applied.
            guard step == "sync: updating the notes", !compacted, let other = try? sandbox.open("laptop") else { return }
            defer { other.close() }
            compacted = (try? other.compactNow()) != nil
        }

        let report = try engine.sync(now: now)

        #expect(compacted)
        #expect(!store.isPartial)
        #expect(report.notesLoaded == 34)
        #expect(report.linksUpdated == 3)
        #expect(report.fetches == 1)
        expectLinksRewritten(try contents("laptop"))
        for name in ["laptop", "desktop", "laptop"] { _ = try sync(name) }
        let laptop = try contents("laptop")
        #expect(laptop == (try contents("desktop")))
        expectLinksRewritten(laptop)
    }

    @Test func moreLinkingNotesThanTheBoundReadEveryNoteWithOneFetch() throws {
        _ = try renameOnTheDesktop()

        let (report, stayedPartial) = try sync("laptop", limit: 3)  // the index names four: the note and three hubs

        #expect(!stayedPartial)
        #expect(report.notesLoaded == 34)
        #expect(report.linksUpdated == 3)
        #expect(report.fetches == 1)
        expectLinksRewritten(try contents("laptop"))
    }

    @Test func aBoundAtTheLinkingNotesStaysPartial() throws {
        _ = try renameOnTheDesktop()

        let (report, stayedPartial) = try sync("laptop", limit: 4)

        #expect(stayedPartial)
        #expect(report.notesLoaded == 4)
        #expect(report.linksUpdated == 3)
    }

    @Test func aCategoryChangedElsewhereReadsEveryNoteWithOneFetch() throws {
        var category = Category(name: "Errands")
        var moved = notes[4]
        moved.categoryID = category.id
        let desktop = try sandbox.open("desktop")
        try desktop.commit([.putCategory(category), .putNote(moved)])
        try sandbox.sync(desktop)
        _ = try sync("laptop")
        category.name = "Chores"
        try desktop.commit([.putCategory(category)])
        try sandbox.sync(desktop)
        desktop.close()

        let (report, stayedPartial) = try sync("laptop")

        #expect(!stayedPartial)
        #expect(report.fetches == 1)
        #expect(report.received >= 1)
        #expect(try contents("laptop").notes[moved.id]?.categoryID == category.id)
    }
}
