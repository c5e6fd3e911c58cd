import Foundation
import Testing
@testable import NotesColor
@testable import NotesModel
@testable import NotesSync

/// The merge rules of PRODUCT §9, on snapshots: no git, no files.
@Suite struct SyncMergeTests {
    let start = Date(timeIntervalSince1970: 1_700_000_000)
    func at(_ seconds: Double) -> Date { start.addingTimeInterval(seconds) }

    func note(_ id: UUID, _ title: String, body: String = "", updated: Double = 0, deleted: Double? = nil,
              category: UUID? = nil) -> Note {
        Note(id: id, title: title, body: body, created: start, updated: at(updated), categoryID: category,
             deleted: deleted.map(at))
    }

    func snapshot(_ notes: [Note], _ categories: [SyncCategory] = []) -> SyncSnapshot {
        SyncSnapshot(notes: Dictionary(uniqueKeysWithValues: notes.map { ($0.id, $0) }),
                     categories: Dictionary(uniqueKeysWithValues: categories.map { ($0.category.id, $0) }))
    }

    @Test func changesOnOneSideAreTaken() {
        let edited = UUID(), added = UUID(), trashed = UUID(), purged = UUID(), untouched = UUID()
        let base = snapshot([note(edited, "E"), note(trashed, "T"), note(purged, "P"), note(untouched, "U")])
        let local = snapshot([note(edited, "E", body: "new", updated: 5), note(trashed, "T"), note(purged, "P"),
                              note(untouched, "U"), note(added, "A")])
        let remote = snapshot([note(edited, "E"), note(trashed, "T", deleted: 3), note(untouched, "U")])

        let outcome = SyncMerge.merge(base: base, local: local, remote: remote)

        #expect(outcome.snapshot.notes[edited]?.body == "new")
        #expect(outcome.snapshot.notes[added]?.title == "A")
        #expect(outcome.snapshot.notes[trashed]?.deleted == at(3))
        #expect(outcome.snapshot.notes[purged] == nil)
        #expect(outcome.snapshot.notes[untouched]?.title == "U")
        #expect(outcome.conflictCopies.isEmpty)
        #expect(outcome.snapshot.notes.count == 4)
    }

    @Test func bothChangedKeepsTheLaterAndACopyOfTheOtherTaggedConflict() throws {
        let id = UUID()
        let base = snapshot([note(id, "N", body: "old")])
        let local = snapshot([note(id, "N", body: "from here", updated: 10)])
        let remote = snapshot([note(id, "N", body: "from there", updated: 20)])

        let outcome = SyncMerge.merge(base: base, local: local, remote: remote)

        #expect(outcome.snapshot.notes[id]?.body == "from there")
        let copyID = try #require(outcome.conflictCopies.first)
        let copy = try #require(outcome.snapshot.notes[copyID])
        #expect(copy.body == "from here")
        // Named as the editor's conflict copies are (`ConflictCopyNaming`).
        #expect(copy.title == "N (conflict copy)")
        #expect(copy.tags.contains(SyncMerge.conflictTag))
        #expect(copy.deleted == nil)
        #expect(outcome.snapshot.notes.count == 2)
    }

    @Test func everyConflictCopyIsNamedOneWay() {
        let note = Note(title: "Plan", body: "b", tags: ["x"])
        let editCopy = ConflictCopyNaming.copy(of: note, id: UUID())
        let syncCopy = SyncMerge.conflictCopy(of: note)
        #expect(editCopy.title == "Plan (conflict copy)" && syncCopy.title == editCopy.title)
        #expect(editCopy.tags == ["x", "conflict"] && syncCopy.tags == editCopy.tags)
        #expect(SyncMerge.conflictTag == StoreEdit.conflictTag)
        // A copy of a copy is not marked twice.
        #expect(ConflictCopyNaming.copy(of: editCopy, id: UUID()).title == "Plan (conflict copy)")
    }

    @Test func theConflictCopyIsTheSameWhicheverSideMerges() {
        let id = UUID()
        let base = snapshot([note(id, "N", body: "old")])
        let one = snapshot([note(id, "N", body: "one", updated: 10)])
        let other = snapshot([note(id, "N", body: "other", updated: 20)])

        let here = SyncMerge.merge(base: base, local: one, remote: other)
        let there = SyncMerge.merge(base: base, local: other, remote: one)

        #expect(here.snapshot == there.snapshot)
        #expect(here.conflictCopies == there.conflictCopies)
    }

    @Test func sameEditOnBothSidesMakesNoCopy() {
        let id = UUID()
        let base = snapshot([note(id, "N", body: "old")])
        let local = snapshot([note(id, "N", body: "same", updated: 10)])
        let remote = snapshot([note(id, "N", body: "same", updated: 12)])

        let outcome = SyncMerge.merge(base: base, local: local, remote: remote)

        #expect(outcome.snapshot.notes[id]?.updated == at(12))
        #expect(outcome.conflictCopies.isEmpty)
    }

    @Test func anEditBeatsAMoveToTheTrashAndTheTrashKeepsTheOther() throws {
        let id = UUID()
        let base = snapshot([note(id, "N", body: "old")])
        let edited = snapshot([note(id, "N", body: "edited", updated: 10)])
        let trashed = snapshot([note(id, "N", body: "old", deleted: 20)])

        for (local, remote) in [(edited, trashed), (trashed, edited)] {
            let outcome = SyncMerge.merge(base: base, local: local, remote: remote)
            #expect(outcome.snapshot.notes[id]?.body == "edited")
            #expect(outcome.snapshot.notes[id]?.deleted == nil)
            let copyID = try #require(outcome.conflictCopies.first)
            #expect(outcome.snapshot.notes[copyID]?.deleted == at(20))
            #expect(outcome.snapshot.notes[copyID]?.tags.contains(SyncMerge.conflictTag) == true)
        }
    }

    @Test func anEditBeatsADeletionForGood() {
        let id = UUID()
        let base = snapshot([note(id, "N", body: "old")])
        let edited = snapshot([note(id, "N", body: "edited", updated: 10)])
        let purged = snapshot([])

        #expect(SyncMerge.merge(base: base, local: edited, remote: purged).snapshot.notes[id]?.body == "edited")
        #expect(SyncMerge.merge(base: base, local: purged, remote: edited).snapshot.notes[id]?.body == "edited")
    }

    @Test func emptyingTheTrashBeatsATrashedNoteChangedElsewhere() {
        let id = UUID()
        let base = snapshot([note(id, "N", deleted: 1)])
        let retrashed = snapshot([note(id, "N", updated: 5, deleted: 6)])
        let purged = snapshot([])

        #expect(SyncMerge.merge(base: base, local: retrashed, remote: purged).snapshot.notes[id] == nil)
    }

    @Test func theSameNoteAddedOnBothSidesWithoutABaseIsMergedAsBothChanged() {
        let id = UUID()
        let local = snapshot([note(id, "N", body: "a", updated: 1)])
        let remote = snapshot([note(id, "N", body: "b", updated: 2)])

        let outcome = SyncMerge.merge(base: snapshot([]), local: local, remote: remote)

        #expect(outcome.snapshot.notes[id]?.body == "b")
        #expect(outcome.conflictCopies.count == 1)
    }

    @Test func categoriesMergeFieldByFieldAndTheLaterColorWins() throws {
        let id = UUID()
        let base = Category(id: id, name: "Work", color: .white)
        let renamed = SyncCategory(Category(id: id, name: "Job", color: .white), changed: at(5))
        let red = try SerializableColor(hex: "FF0000"), blue = try SerializableColor(hex: "0000FF")
        let recolored = SyncCategory(Category(id: id, name: "Work", color: red), changed: at(6))

        var merged = SyncMerge.merge(base: snapshot([], [SyncCategory(base, changed: start)]),
                                     local: snapshot([], [renamed]), remote: snapshot([], [recolored]))
        #expect(merged.snapshot.categories[id]?.category.name == "Job")
        #expect(merged.snapshot.categories[id]?.category.color == red)

        let laterBlue = SyncCategory(Category(id: id, name: "Work", color: blue), changed: at(9))
        merged = SyncMerge.merge(base: snapshot([], [SyncCategory(base, changed: start)]),
                                 local: snapshot([], [laterBlue]), remote: snapshot([], [recolored]))
        #expect(merged.snapshot.categories[id]?.category.color == blue)
        merged = SyncMerge.merge(base: snapshot([], [SyncCategory(base, changed: start)]),
                                 local: snapshot([], [recolored]), remote: snapshot([], [laterBlue]))
        #expect(merged.snapshot.categories[id]?.category.color == blue)
    }

    @Test func twoCategoriesWithOneNameBecomeOneAndTheirNotesFollow() throws {
        let first = UUID(), second = UUID()
        let (kept, dropped) = first.uuidString < second.uuidString ? (first, second) : (second, first)
        let green = try SerializableColor(hex: "00FF00")
        let older = SyncCategory(Category(id: kept, name: "Work"), changed: at(1))
        let newer = SyncCategory(Category(id: dropped, name: "work", color: green), changed: at(2))
        let noteA = UUID(), noteB = UUID()
        let local = snapshot([note(noteA, "A", category: kept)], [older])
        let remote = snapshot([note(noteB, "B", category: dropped)], [newer])

        let merged = SyncMerge.merge(base: snapshot([]), local: local, remote: remote).snapshot

        #expect(merged.categories.count == 1)
        #expect(merged.categories[kept]?.category.color == green)
        #expect(merged.notes[noteA]?.categoryID == kept)
        #expect(merged.notes[noteB]?.categoryID == kept)
    }

    @Test func aDeletedCategoryLeavesItsLiveNotesUncategorizedAndKeepsTrashedOnes() {
        let category = UUID(), live = UUID(), trashed = UUID()
        let base = snapshot([], [SyncCategory(Category(id: category, name: "C"), changed: start)])
        let local = snapshot([], [SyncCategory(Category(id: category, name: "C", deleted: at(3)), changed: at(3))])
        let remote = snapshot([note(live, "L", category: category), note(trashed, "T", deleted: 2, category: category)],
                              [SyncCategory(Category(id: category, name: "C"), changed: start)])

        let merged = SyncMerge.merge(base: base, local: local, remote: remote).snapshot

        #expect(merged.categories[category]?.category.deleted == at(3))
        #expect(merged.notes[live]?.categoryID == nil)
        #expect(merged.notes[trashed]?.categoryID == category)
    }

    @Test func theChangesToApplyTurnOneDatabaseIntoTheOther() throws {
        let category = Category(name: "Work")
        var database = NotesDatabase()
        let kept = Note(title: "kept"), gone = Note(title: "gone")
        try database.apply([.putNote(kept), .putNote(gone)])
        var target = SyncSnapshot(database)
        target.categories[category.id] = SyncCategory(category, changed: start)
        target.notes[gone.id] = nil
        var moved = kept
        moved.categoryID = category.id
        target.notes[kept.id] = moved

        try database.apply(SyncChanges.changes(from: SyncSnapshot(database), to: target))

        #expect(database.notes[kept.id]?.categoryID == category.id)
        #expect(database.notes[gone.id] == nil)
        #expect(database.categories[category.id]?.name == "Work")
    }
}
