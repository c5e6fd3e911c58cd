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
    /// Two homes holding the same 30 notes, without attachments.
    let homes: PartialSyncHomes
    var notes: [Note] { homes.notes }

    init() throws { homes = try PartialSyncHomes(count: 30) }

    @Test func receivingOneChangedNoteLoadsThatNoteOnly() throws {
        let changed = homes.edited(7, body: "from the desktop")
        try homes.commit("desktop", [.putNote(changed)])
        #expect(try homes.syncPartly("desktop").report.pushed)

        let (report, stayedPartial) = try homes.syncPartly("laptop")

        #expect(stayedPartial)
        #expect(report.notesLoaded == 1)
        #expect(report.received == 1)
        #expect(report.notesFingerprinted == 0)
        let laptop = try homes.sandbox.open("laptop")
        defer { laptop.close() }
        #expect(laptop.contents.notes[changed.id] == changed)
        #expect(laptop.contents.notes.count == 30)
        let (mine, theirs) = try homes.converged()
        #expect(mine == theirs)
    }

    @Test func twoHomesEditingDifferentNotesConvergeLoadingTheirNotesOnly() throws {
        try homes.commit("laptop", [.putNote(homes.edited(3, body: "from the laptop"))])
        try homes.commit("desktop", [.putNote(homes.edited(7, body: "from the desktop"))])
        #expect(try homes.syncPartly("desktop").report.pushed)

        let (report, stayedPartial) = try homes.syncPartly("laptop")
        #expect(stayedPartial)
        #expect(report.pushed)
        #expect(report.received == 1)
        #expect(report.notesLoaded == 2)
        let back = try homes.syncPartly("desktop")
        #expect(back.stayedPartial)
        #expect(back.report.received == 1)
        #expect(back.report.notesLoaded == 2)  // its journal's edit (sent before) and the laptop's

        let (mine, theirs) = try homes.converged()
        #expect(mine == theirs)
        #expect(mine.notes[notes[3].id]?.body == "from the laptop")
        #expect(mine.notes[notes[7].id]?.body == "from the desktop")
        let files = try homes.sandbox.remoteFiles()
        #expect(files.count == 30 + 1)
        #expect(files[SyncFiles.path(for: notes[3])]?.contains("from the laptop") == true)
    }

    @Test func aNoteTrashedAndOneDeletedElsewhereAreTakenInPartly() throws {
        try homes.commit("desktop", [.trashNote(notes[9].id, at: ISODate.rounded(notes[9].created.addingTimeInterval(60))),
                               .deleteNote(notes[10].id)])
        _ = try homes.syncPartly("desktop")

        let (report, stayedPartial) = try homes.syncPartly("laptop")

        #expect(stayedPartial)
        #expect(report.notesLoaded == 1)  // the trashed note; the one deleted for good is gone
        let (mine, theirs) = try homes.converged()
        #expect(mine == theirs)
        #expect(mine.trash[notes[9].id] != nil && mine.notes[notes[9].id] == nil)
        #expect(mine.anyNote(notes[10].id) == nil)
    }

    @Test func theSameEditOnBothHomesIsTakenInPartly() throws {
        try homes.commit("laptop", [.putNote(homes.edited(11, body: "fixed twice", seconds: 60))])
        try homes.commit("desktop", [.putNote(homes.edited(11, body: "fixed twice", seconds: 120))])
        _ = try homes.syncPartly("desktop")

        let (report, stayedPartial) = try homes.syncPartly("laptop")

        #expect(stayedPartial)
        #expect(report.conflictCopies.isEmpty)
        #expect(report.notesLoaded == 1)
        let (mine, theirs) = try homes.converged()
        #expect(mine == theirs)
        #expect(mine.notes[notes[11].id]?.body == "fixed twice")
    }

    @Test func aRenameMadeHereDoesNotKeepANoteFromComingInPartly() throws {
        var renamed = notes[3]
        renamed.title = "Renamed here"
        renamed.updated = ISODate.rounded(renamed.created.addingTimeInterval(60))
        try homes.commit("laptop", [.putNote(renamed)])
        try homes.commit("desktop", [.putNote(homes.edited(7, body: "from the desktop"))])
        _ = try homes.syncPartly("desktop")

        let (report, stayedPartial) = try homes.syncPartly("laptop")

        #expect(stayedPartial)
        #expect(report.pushed)
        #expect(report.notesLoaded == 2)
        let (mine, theirs) = try homes.converged()
        #expect(mine == theirs)
        #expect(mine.notes[renamed.id]?.title == "Renamed here")
    }

    @Test func aConflictOnOneNoteReadsEveryNote() throws {
        try homes.commit("laptop", [.putNote(homes.edited(5, body: "laptop's version"))])
        try homes.commit("desktop", [.putNote(homes.edited(5, body: "desktop's version", seconds: 120))])
        _ = try homes.syncPartly("desktop")

        let (report, stayedPartial) = try homes.syncPartly("laptop")

        #expect(!stayedPartial)
        #expect(report.conflictCopies.count == 1)
        #expect(report.notesLoaded == 31)
        let (mine, theirs) = try homes.converged()
        #expect(mine == theirs)
        #expect(mine.notes.count + mine.trash.count == 31)
    }

    @Test func aCategoryAddedElsewhereIsTakenInWithTheNoteMovedIntoIt() throws {
        let category = Category(name: "Errands")
        var moved = notes[4]
        moved.categoryID = category.id
        try homes.commit("desktop", [.putCategory(category), .putNote(moved)])
        #expect(try homes.syncPartly("desktop").stayedPartial)

        let (report, stayedPartial) = try homes.syncPartly("laptop")

        #expect(stayedPartial)
        #expect(report.notesLoaded == 1)
        #expect(report.received == 2)
        let (mine, theirs) = try homes.converged()
        #expect(mine == theirs)
        #expect(mine.categories[category.id] == category)
        #expect(mine.notes[moved.id]?.categoryID == category.id)
    }

    @Test func aCategoryRecoloredElsewhereReadsEveryNote() throws {
        var category = Category(name: "Errands")
        var moved = notes[4]
        moved.categoryID = category.id
        try homes.commit("desktop", [.putCategory(category), .putNote(moved)])
        _ = try homes.converged()
        category.color = try SerializableColor(red: 0.9, green: 0.1, blue: 0.1)
        try homes.commit("desktop", [.putCategory(category)])
        _ = try homes.syncPartly("desktop")

        let (report, stayedPartial) = try homes.syncPartly("laptop")

        #expect(!stayedPartial)
        #expect(report.notesLoaded == 30)
        let (mine, theirs) = try homes.converged()
        #expect(mine == theirs)
        #expect(mine.categories[category.id]?.color == category.color)
    }

    /// Two categories of one name are one, by the merge's rule by name.
    @Test func theSameCategoryNameAddedOnBothHomesConvergesToOne() throws {
        try homes.commit("laptop", [.putCategory(Category(name: "Errands"))])
        try homes.commit("desktop", [.putCategory(Category(name: "Errands"))])
        _ = try homes.syncPartly("desktop")
        _ = try homes.syncPartly("laptop")

        let (mine, theirs) = try homes.converged()
        #expect(mine == theirs)
        #expect(mine.categories.values.map(\.name) == ["Errands"])
    }

    @Test func aRenameElsewhereRewritesTheLinksOfNotesNotLoaded() throws {
        let linking = Note(title: "Hub", body: "See [[Note 2]].", created: notes[0].created)
        try homes.commit("laptop", [.putNote(linking)])
        _ = try homes.syncPartly("laptop")
        _ = try homes.syncPartly("desktop")
        var renamed = notes[2]
        renamed.title = "Renamed"
        renamed.updated = ISODate.rounded(renamed.created.addingTimeInterval(60))
        // Without the link rewrite, as a home whose config has `update_links = false` would send it.
        try homes.commit("desktop", [.putNote(renamed)])
        _ = try homes.syncPartly("desktop")

        let (report, stayedPartial) = try homes.syncPartly("laptop")

        #expect(!stayedPartial)
        #expect(report.linksUpdated == 1)
        let (mine, theirs) = try homes.converged()
        #expect(mine == theirs)
        #expect(mine.notes[linking.id]?.body == "See [[Renamed]].")
    }
}
