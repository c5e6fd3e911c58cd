import Foundation
import NotesTestSupport
import Testing
@testable import NotesBase
@testable import NotesColor
@testable import NotesModel
@testable import NotesStore
@testable import NotesSync

/// Receiving costs what changed (issue 22 item 7): when `categories.json` did not change,
/// applying a received commit, and the merge commit when both homes changed notes, merge
/// only the notes whose files differ (counted in `Report.notesMerged`), by the same rules
/// as merging the whole store.
@Suite struct SyncReceiveCostTests {
    static let noteCount = 60
    let sandbox: SyncSandbox
    let laptop: NotesStore, desktop: NotesStore
    let work: Category
    let ids: [UUID]

    /// Two homes that both hold the same 60 notes (a third in a category, a few in the trash).
    init() throws {
        sandbox = try SyncSandbox()
        laptop = try sandbox.machine("laptop")
        desktop = try sandbox.machine("desktop")
        work = Category(name: "Work", color: try SerializableColor(hex: "3366CC"))
        let created = ISODate.rounded(Date(timeIntervalSinceReferenceDate: 800_000_000))
        var changes: [StoreChange] = [.putCategory(work)]
        var ids: [UUID] = []
        for index in 0..<Self.noteCount {
            let note = Note(title: "Note \(index)", body: "body \(index)", created: created,
                            categoryID: index % 3 == 0 ? work.id : nil, deleted: index % 20 == 19 ? created : nil)
            ids.append(note.id)
            changes.append(.putNote(note))
        }
        self.ids = ids
        try laptop.commit(changes)
        try sandbox.sync(laptop)
        try sandbox.sync(desktop)
    }

    func edit(_ store: NotesStore, _ id: UUID, body: String, seconds: Double = 1) throws {
        guard var note = store.contents.notes[id] else { throw ModelError.noSuchNote(id.uuidString) }
        note.body = body
        note.updated = ISODate.rounded(Date().addingTimeInterval(seconds))
        try store.commit([.putNote(note)])
    }

    @Test func receivingOneNoteChangedInAnotherHomeMergesOneAndParsesOne() throws {
        try edit(desktop, ids[0], body: "from the desktop")
        try sandbox.sync(desktop)
        let before = laptop.contents

        let report = try sandbox.sync(laptop)

        #expect(report.notesMerged == 1)
        #expect(report.notesParsed == 1)
        #expect(report.notesRendered == 0)
        #expect(report.received == 1)
        #expect(laptop.contents.notes[ids[0]]?.body == "from the desktop")
        var expected = before.notes
        expected[ids[0]] = desktop.contents.notes[ids[0]]
        #expect(laptop.contents.notes == expected)
        #expect(laptop.contents.trash == before.trash)
        #expect(laptop.contents == desktop.contents)
    }

    @Test func aNoteMovedToTheTrashElsewhereAndEditedHereDuringTheSyncStaysLiveWithACopyInTheTrash() throws {
        guard var trashed = desktop.contents.notes[ids[1]] else { throw ModelError.noSuchNote("Note 1") }
        trashed.deleted = ISODate.rounded(Date())
        try desktop.commit([.putNote(trashed)])
        try sandbox.sync(desktop)
        var engine = sandbox.engine(laptop)
        let other = try sandbox.open("laptop")
        engine.progress = { step in
            // After the laptop exported its notes: an edit the merge must keep (edit beats delete).
            if step == "sync: fetching" { try? edit(other, ids[1], body: "typed during the sync") }
        }

        let report = try engine.sync()

        #expect(report.notesMerged == 1)
        #expect(laptop.contents.notes[ids[1]]?.body == "typed during the sync")
        let copies = laptop.contents.trash.values.filter { $0.tags.contains(SyncMerge.conflictTag) }
        #expect(copies.count == 1)
        #expect(copies.first?.body == "body 1")
        #expect(laptop.contents.notes.count + laptop.contents.trash.count == Self.noteCount + 1)
    }

    @Test func aChangedCategoryFileMergesEveryNoteByTheFullRules() throws {
        var renamed = work
        renamed.name = "Office"
        try desktop.commit([.putCategory(renamed)])
        try edit(desktop, ids[2], body: "with the rename")
        try sandbox.sync(desktop)

        let report = try sandbox.sync(laptop)

        #expect(report.notesMerged == Self.noteCount)
        #expect(laptop.contents.categories[work.id]?.name == "Office")
        #expect(laptop.contents.notes[ids[2]]?.body == "with the rename")
        #expect(laptop.contents == desktop.contents)
    }

    /// The targeted merge against the whole one, on random stores: same changes, same order.
    @Test func mergingTheTouchedIdsGivesTheChangesOfTheWholeMerge() throws {
        let seed = TestSeed.seed(for: "SyncReceiveCostTests.mergingTheTouchedIds")
        var random = SeededRandom(seed: seed)
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let live = Category(name: "Live", color: .white)
        var gone = Category(name: "Gone", color: .white)
        gone.deleted = start
        let categories = [live.id: SyncCategory(live, changed: start), gone.id: SyncCategory(gone, changed: start)]
        var roundsWithChanges = 0, roundsWithCopies = 0
        for round in 0..<300 {
            let ids = (0..<8).map { _ in UUID() }
            // 1–5 as a store may hold them; 6 only from a remote: live in a deleted category.
            func variant(_ id: UUID, _ which: Int) -> Note? {
                guard which > 0 else { return nil }
                let trashed = which % 3 == 2
                let category: UUID? = which == 6 ? gone.id : [nil, live.id, gone.id][which % 3]
                return Note(id: id, title: "T\(which % 2)", body: "b\(which)", created: start,
                            updated: start.addingTimeInterval(Double(which % 4)), categoryID: category,
                            deleted: trashed ? start.addingTimeInterval(Double(which % 2)) : nil)
            }
            var base = SyncSnapshot(categories: categories), local = base, delta = SyncDelta()
            for id in ids {
                let original = random.int(0...5)
                base.notes[id] = variant(id, original)
                local.notes[id] = random.chance(0.5) ? base.notes[id] : variant(id, random.int(0...5))
                if random.chance(0.6) { delta.set(id, to: variant(id, random.int(0...6))) }
            }
            var database = NotesDatabase()
            try database.apply([.putCategory(live), .putCategory(gone)])
            for note in local.notes.values { try database.apply(.putNote(note)) }
            let current = SyncSnapshot(database, previous: base)
            let whole = SyncChanges.changes(from: current,
                                            to: SyncMerge.merge(base: base, local: current, remote: delta.applied(to: base)).snapshot)
            let targeted = SyncMerge.changes(merging: delta, base: base, into: database)
            #expect(targeted.changes == whole, "seed \(seed), round \(round): base \(base.notes), local \(local.notes), delta \(delta)")
            #expect(targeted.merged == delta.touchedIDs.count)
            if targeted.changes != whole { return }

            // The merge commit: the merge base and the remote as deltas over what was exported.
            var baseDelta = SyncDelta()
            for id in ids where random.chance(0.5) { baseDelta.set(id, to: variant(id, random.int(0...5))) }
            let wholeCommit = SyncMerge.merge(base: baseDelta.applied(to: local), local: local, remote: delta.applied(to: local))
            let commit = SyncMerge.merge(base: baseDelta, remote: delta, over: local)
            #expect(commit.delta.applied(to: local).notes == wholeCommit.snapshot.notes,
                    "seed \(seed), round \(round): local \(local.notes), base \(baseDelta), remote \(delta)")
            #expect(commit.conflictCopies == wholeCommit.conflictCopies)
            if commit.conflictCopies != wholeCommit.conflictCopies { return }
            if !whole.isEmpty { roundsWithChanges += 1 }
            if !wholeCommit.conflictCopies.isEmpty { roundsWithCopies += 1 }
        }
        // The rounds did reach the rules: changes to apply, conflict copies made.
        #expect(roundsWithChanges > 100 && roundsWithCopies > 20, "\(roundsWithChanges) \(roundsWithCopies)")
    }

    @Test func twoHomesEachChangingOneNoteMergeThoseTwoOnly() throws {
        try edit(desktop, ids[5], body: "from the desktop")
        try sandbox.sync(desktop)
        try edit(laptop, ids[6], body: "from the laptop")

        let report = try sandbox.sync(laptop)
        try sandbox.sync(desktop)

        // The merge commit merges the two ids; applying it to the store, the desktop's one.
        #expect(report.notesMerged == 3)
        // The desktop's note, and the laptop's as the merge base holds it.
        #expect(report.notesParsed == 2)
        #expect(report.pushed)
        #expect(laptop.contents.notes[ids[5]]?.body == "from the desktop")
        #expect(laptop.contents.notes[ids[6]]?.body == "from the laptop")
        #expect(laptop.contents == desktop.contents)
    }

    @Test func aNoteTooLargeForASyncedFileIsRefusedByNameBeforeAnythingIsPushed() throws {
        let remoteBefore = try sandbox.remoteFiles()
        guard var big = laptop.contents.notes[ids[3]] else { throw ModelError.noSuchNote("Note 3") }
        big.title = "Huge log"
        big.body = String(repeating: "0123456789abcde\n", count: SyncRepository.maximumFileBytes / 16 + 1)
        try laptop.commit([.putNote(big)])
        try edit(laptop, ids[4], body: "a small edit beside it")
        let stored = laptop.contents

        let error = #expect(throws: SyncError.self) { try sandbox.sync(laptop) }
        guard case .noteTooLarge(let id, let title, let bytes, let limit) = error else {
            Issue.record("expected noteTooLarge, got \(String(describing: error))")
            return
        }
        #expect(id == big.id && title == "Huge log" && limit == SyncRepository.maximumFileBytes && bytes > limit)
        let text = String(describing: error)
        #expect(text.contains("Huge log") && text.contains(big.id.uuidString) && text.contains("nothing was pushed"))
        #expect(try sandbox.remoteFiles() == remoteBefore)
        #expect(laptop.contents == stored)

        // Shortened, it syncs, and the small edit with it.
        big.body = "shortened"
        try laptop.commit([.putNote(big)])
        let report = try sandbox.sync(laptop)
        #expect(report.pushed)
        try sandbox.sync(desktop)
        #expect(desktop.contents.notes[ids[3]]?.body == "shortened")
        #expect(desktop.contents.notes[ids[4]]?.body == "a small edit beside it")
    }
}
