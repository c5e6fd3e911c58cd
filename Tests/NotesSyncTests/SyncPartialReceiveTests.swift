import Foundation
import NotesTestSupport
import Testing
import NotesBase
import NotesColor
import NotesModel
import NotesStore
import NotesSync

/// A sync of a store opened for a few notes (as `notes sync` and `S` open it) that
/// receives: when a few note files come in, it loads those notes (through the snapshot's
/// index) besides those its journal touched and merges them alone (`Report.notesLoaded`);
/// a category added comes in with them; a category changed, a rename whose links other
/// notes hold, a conflict read every note as before. Either way both homes end with the same notes.
@Suite struct SyncPartialReceiveTests {
    let sandbox: SyncSandbox
    let notes: [Note]

    /// Two homes, laptop and desktop, each holding the same 30 notes in a compacted store
    /// (so its snapshot has an index) whose sync position names that snapshot.
    init() throws {
        sandbox = try SyncSandbox()
        let laptop = try sandbox.machine("laptop")
        let created = ISODate.rounded(Date(timeIntervalSinceReferenceDate: 800_000_000))
        notes = (0..<30).map { Note(title: "Note \($0)", body: "body \($0)", created: created) }
        try laptop.commit(notes.map(StoreChange.putNote))
        try laptop.compactNow()
        try sandbox.sync(laptop)
        laptop.close()
        let desktop = try sandbox.machine("desktop")
        try sandbox.sync(desktop)
        try desktop.compactNow()
        try sandbox.sync(desktop)
        desktop.close()
    }

    /// Commits `changes` to home `name`, as another command would.
    func commit(_ name: String, _ changes: [StoreChange]) throws {
        let store = try sandbox.open(name)
        defer { store.close() }
        try store.commit(changes)
    }

    /// Note `index` with `body`, updated `seconds` after its creation.
    func edited(_ index: Int, body: String, seconds: Double = 60) -> Note {
        var note = notes[index]
        note.body = body
        note.updated = ISODate.rounded(note.created.addingTimeInterval(seconds))
        return note
    }

    /// Syncs home `name` opened as `notes sync` opens it: for the notes its journal touched.
    func syncPartly(_ name: String) throws -> (report: SyncEngine.Report, stayedPartial: Bool) {
        let store = try NotesStore.open(at: sandbox.storeURL(name), touching: [])
        defer { store.close() }
        #expect(store.isPartial)
        let report = try sandbox.sync(store)
        return (report, store.isPartial)
    }

    /// Both homes' notes, each read whole, after syncing them in turn until nothing moves.
    func converged() throws -> (laptop: NotesDatabase, desktop: NotesDatabase) {
        for name in ["laptop", "desktop", "laptop"] { _ = try syncPartly(name) }
        let laptop = try sandbox.open("laptop"), desktop = try sandbox.open("desktop")
        defer { laptop.close(); desktop.close() }
        return (laptop.contents, desktop.contents)
    }

    @Test func receivingOneChangedNoteLoadsThatNoteOnly() throws {
        let changed = edited(7, body: "from the desktop")
        try commit("desktop", [.putNote(changed)])
        #expect(try syncPartly("desktop").report.pushed)

        let (report, stayedPartial) = try syncPartly("laptop")

        #expect(stayedPartial)
        #expect(report.notesLoaded == 1)
        #expect(report.received == 1)
        #expect(report.notesFingerprinted == 0)
        let laptop = try sandbox.open("laptop")
        defer { laptop.close() }
        #expect(laptop.contents.notes[changed.id] == changed)
        #expect(laptop.contents.notes.count == 30)
        let (mine, theirs) = try converged()
        #expect(mine == theirs)
    }

    @Test func twoHomesEditingDifferentNotesConvergeLoadingTheirNotesOnly() throws {
        try commit("laptop", [.putNote(edited(3, body: "from the laptop"))])
        try commit("desktop", [.putNote(edited(7, body: "from the desktop"))])
        #expect(try syncPartly("desktop").report.pushed)

        let (report, stayedPartial) = try syncPartly("laptop")
        #expect(stayedPartial)
        #expect(report.pushed)
        #expect(report.received == 1)
        #expect(report.notesLoaded == 2)
        let back = try syncPartly("desktop")
        #expect(back.stayedPartial)
        #expect(back.report.received == 1)
        #expect(back.report.notesLoaded == 2)  // its journal's edit (sent before) and the laptop's

        let (mine, theirs) = try converged()
        #expect(mine == theirs)
        #expect(mine.notes[notes[3].id]?.body == "from the laptop")
        #expect(mine.notes[notes[7].id]?.body == "from the desktop")
        let files = try sandbox.remoteFiles()
        #expect(files.count == 30 + 1)
        #expect(files[SyncFiles.path(for: notes[3])]?.contains("from the laptop") == true)
    }

    @Test func aNoteTrashedAndOneDeletedElsewhereAreTakenInPartly() throws {
        try commit("desktop", [.trashNote(notes[9].id, at: ISODate.rounded(notes[9].created.addingTimeInterval(60))),
                               .deleteNote(notes[10].id)])
        _ = try syncPartly("desktop")

        let (report, stayedPartial) = try syncPartly("laptop")

        #expect(stayedPartial)
        #expect(report.notesLoaded == 1)  // the trashed note; the one deleted for good is gone
        let (mine, theirs) = try converged()
        #expect(mine == theirs)
        #expect(mine.trash[notes[9].id] != nil && mine.notes[notes[9].id] == nil)
        #expect(mine.anyNote(notes[10].id) == nil)
    }

    @Test func theSameEditOnBothHomesIsTakenInPartly() throws {
        try commit("laptop", [.putNote(edited(11, body: "fixed twice", seconds: 60))])
        try commit("desktop", [.putNote(edited(11, body: "fixed twice", seconds: 120))])
        _ = try syncPartly("desktop")

        let (report, stayedPartial) = try syncPartly("laptop")

        #expect(stayedPartial)
        #expect(report.conflictCopies.isEmpty)
        #expect(report.notesLoaded == 1)
        let (mine, theirs) = try converged()
        #expect(mine == theirs)
        #expect(mine.notes[notes[11].id]?.body == "fixed twice")
    }

    @Test func aRenameMadeHereDoesNotKeepANoteFromComingInPartly() throws {
        var renamed = notes[3]
        renamed.title = "Renamed here"
        renamed.updated = ISODate.rounded(renamed.created.addingTimeInterval(60))
        try commit("laptop", [.putNote(renamed)])
        try commit("desktop", [.putNote(edited(7, body: "from the desktop"))])
        _ = try syncPartly("desktop")

        let (report, stayedPartial) = try syncPartly("laptop")

        #expect(stayedPartial)
        #expect(report.pushed)
        #expect(report.notesLoaded == 2)
        let (mine, theirs) = try converged()
        #expect(mine == theirs)
        #expect(mine.notes[renamed.id]?.title == "Renamed here")
    }

    @Test func aConflictOnOneNoteReadsEveryNote() throws {
        try commit("laptop", [.putNote(edited(5, body: "laptop's version"))])
        try commit("desktop", [.putNote(edited(5, body: "desktop's version", seconds: 120))])
        _ = try syncPartly("desktop")

        let (report, stayedPartial) = try syncPartly("laptop")

        #expect(!stayedPartial)
        #expect(report.conflictCopies.count == 1)
        #expect(report.notesLoaded == 31)
        let (mine, theirs) = try converged()
        #expect(mine == theirs)
        #expect(mine.notes.count + mine.trash.count == 31)
    }

    @Test func aCategoryAddedElsewhereIsTakenInWithTheNoteMovedIntoIt() throws {
        let category = Category(name: "Errands")
        var moved = notes[4]
        moved.categoryID = category.id
        try commit("desktop", [.putCategory(category), .putNote(moved)])
        #expect(try syncPartly("desktop").stayedPartial)

        let (report, stayedPartial) = try syncPartly("laptop")

        #expect(stayedPartial)
        #expect(report.notesLoaded == 1)
        #expect(report.received == 2)
        let (mine, theirs) = try converged()
        #expect(mine == theirs)
        #expect(mine.categories[category.id] == category)
        #expect(mine.notes[moved.id]?.categoryID == category.id)
    }

    @Test func aCategoryRecoloredElsewhereReadsEveryNote() throws {
        var category = Category(name: "Errands")
        var moved = notes[4]
        moved.categoryID = category.id
        try commit("desktop", [.putCategory(category), .putNote(moved)])
        _ = try converged()
        category.color = try SerializableColor(red: 0.9, green: 0.1, blue: 0.1)
        try commit("desktop", [.putCategory(category)])
        _ = try syncPartly("desktop")

        let (report, stayedPartial) = try syncPartly("laptop")

        #expect(!stayedPartial)
        #expect(report.notesLoaded == 30)
        let (mine, theirs) = try converged()
        #expect(mine == theirs)
        #expect(mine.categories[category.id]?.color == category.color)
    }

    /// Two categories of one name are one, by the merge's rule by name.
    @Test func theSameCategoryNameAddedOnBothHomesConvergesToOne() throws {
        try commit("laptop", [.putCategory(Category(name: "Errands"))])
        try commit("desktop", [.putCategory(Category(name: "Errands"))])
        _ = try syncPartly("desktop")
        _ = try syncPartly("laptop")

        let (mine, theirs) = try converged()
        #expect(mine == theirs)
        #expect(mine.categories.values.map(\.name) == ["Errands"])
    }

    @Test func aRenameElsewhereRewritesTheLinksOfNotesNotLoaded() throws {
        let linking = Note(title: "Hub", body: "See [[Note 2]].", created: notes[0].created)
        try commit("laptop", [.putNote(linking)])
        _ = try syncPartly("laptop")
        _ = try syncPartly("desktop")
        var renamed = notes[2]
        renamed.title = "Renamed"
        renamed.updated = ISODate.rounded(renamed.created.addingTimeInterval(60))
        // Without the link rewrite, as a home whose config has `update_links = false` would send it.
        try commit("desktop", [.putNote(renamed)])
        _ = try syncPartly("desktop")

        let (report, stayedPartial) = try syncPartly("laptop")

        #expect(!stayedPartial)
        #expect(report.linksUpdated == 1)
        let (mine, theirs) = try converged()
        #expect(mine == theirs)
        #expect(mine.notes[linking.id]?.body == "See [[Renamed]].")
    }
}
