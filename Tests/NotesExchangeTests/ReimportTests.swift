import Foundation
import NotesTestData
import Testing
@testable import NotesModel
@testable import NotesStore
@testable import NotesExchange

/// Importing a folder again after it changed (issue 24, "must work" 3): each note is found
/// by the file it came from; the real store, in a temporary folder.
@Suite struct ReimportTests {
    private typealias Setup = ReimportSandbox

    private static func counts(_ plan: Importer.Plan) -> [Int] {
        [plan.notesAdded, plan.notesUpdated, plan.notesUnchanged, plan.conflicts, plan.notesSkipped, plan.inTrash]
    }

    @Test func aChangedFolderUpdatesKeepsWhatWasWrittenInNotesAndAddsNewFiles() throws {
        let setup = try Setup()
        defer { setup.folder.remove() }
        try setup.write("a.md", "---\ntitle: Alpha\ntags: [one]\n---\n\nAlpha as first written\n")
        try setup.write("b.md", "# Beta\nBeta body\n")
        try setup.write("sub/c.txt", "Gamma\nGamma body\n")
        try setup.write("e.md", "# Epsilon\nEpsilon body\n")
        #expect(Self.counts(try setup.importPaths()) == [4, 0, 0, 0, 0, 0])
        #expect(setup.store.contents.importSources.count == 4)

        // On disk: a, c and e change, d is new. In notes: b and c are edited, e is tagged.
        try setup.write("a.md", "---\ntitle: Alpha\ntags: [one, two]\n---\n\nAlpha as changed on disk\n")
        try setup.write("sub/c.txt", "Gamma\nGamma changed on disk\n")
        try setup.write("e.md", "# Epsilon\nEpsilon changed on disk\n")
        try setup.write("d.md", "# Delta\nDelta body\n")
        try setup.editBody("Beta", to: "Beta edited in notes")
        try setup.editBody("Gamma", to: "Gamma edited in notes")
        let epsilon = try setup.note("Epsilon")
        var tagging = NoteEdit(noteID: epsilon.id)
        tagging.addedTags = ["tagged-in-notes"]
        try setup.store.commit(tagging, now: Date())
        let idsBefore = Set(setup.store.contents.notes.keys)

        let plan = try setup.importPaths()

        #expect(Self.counts(plan) == [1, 2, 1, 1, 0, 0])
        #expect(plan.description == "1 new, 2 updated, 1 unchanged, 1 conflict")
        let notes = setup.store.contents.notes.values
        #expect(notes.map(\.title).sorted() == ["Alpha", "Beta", "Delta", "Epsilon", "Gamma", "Gamma (conflict copy)"])
        #expect(idsBefore.isSubset(of: Set(setup.store.contents.notes.keys)), "updated in place, not added again")
        let alpha = try setup.note("Alpha")
        #expect(alpha.body == "Alpha as changed on disk" && alpha.tags == ["one", "two"])
        #expect(try setup.note("Beta").body == "Beta edited in notes", "a file that did not change leaves the note as edited")
        #expect(try setup.note("Gamma").body == "Gamma changed on disk")
        let copy = try setup.note("Gamma (conflict copy)")
        #expect(copy.body == "Gamma edited in notes" && copy.tags == [StoreEdit.conflictTag])
        let merged = try setup.note("Epsilon")
        #expect(merged.body == "Epsilon changed on disk" && merged.tags == ["tagged-in-notes"], "different fields merge")
        #expect(try setup.note("Delta").body == "Delta body")
        let conflict = try #require(plan.items.first { $0.kind == .conflict })
        #expect(conflict.file.hasSuffix("vault/sub/c.txt") && conflict.copyTitle == "Gamma (conflict copy)")
    }

    @Test func theSameFilesAgainAreUnchangedAndWriteNothing() throws {
        let setup = try Setup()
        defer { setup.folder.remove() }
        try setup.write("a.md", "# A\nbody\n")
        try setup.write("j/journal.json", #"{"entries": [{"title": "t", "body": "b", "date": "2024-01-01", "time": "09:00", "tags": [], "starred": false}]}"#)
        try setup.importPaths()
        let journal = try Data(contentsOf: URL(fileURLWithPath: NotesStore.journalPath(for: setup.folder.file("store/notes.json"))))

        let again = try setup.importPaths()

        #expect(Self.counts(again) == [0, 0, 2, 0, 0, 0])
        #expect(again.changes.isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: NotesStore.journalPath(for: setup.folder.file("store/notes.json")))) == journal)
        #expect(setup.store.contents.notes.count == 2)
    }

    @Test func anEditedJrnlEntryUpdatesItsNote() throws {
        let setup = try Setup()
        defer { setup.folder.remove() }
        func journal(_ body: String) -> String {
            #"{"entries": [{"title": "Walk", "body": "\#(body)", "date": "2024-01-01", "time": "09:00", "tags": ["@out"], "starred": false},"#
                + #"{"title": "Other", "body": "same", "date": "2024-01-02", "time": "10:00", "tags": [], "starred": true}]}"#
        }
        try setup.write("journal.json", journal("first"))
        try setup.importPaths()
        try setup.write("journal.json", journal("second"))

        let plan = try setup.importPaths()

        #expect(Self.counts(plan) == [0, 1, 1, 0, 0, 0])
        #expect(try setup.note("Walk").body == "second" && setup.store.contents.notes.count == 2)
    }

    @Test func theSourcesSurviveReopeningAndCompaction() throws {
        let setup = try Setup()
        defer { setup.folder.remove() }
        try setup.write("a.md", "# A\nbody\n")
        try setup.importPaths()
        let sources = setup.store.contents.importSources
        try setup.store.compactNow()
        let reopened = try NotesStore.open(at: setup.folder.file("store/notes.json"))

        #expect(reopened.contents.importSources == sources)
        let key = try #require(sources.keys.first)
        #expect(key.path == "a.md" && key.entry.isEmpty)
        #expect(key.folder == setup.vault.resolvingSymlinksInPath().path)
        #expect(Self.counts(try setup.importPaths(into: reopened)) == [0, 0, 1, 0, 0, 0])
    }

    /// The notes and their sources are one commit, one journal line: a crash while it is
    /// written (a torn line, ignored when the store is opened) leaves neither, so the next
    /// import adds the notes once, never twice, and never finds a source without its note.
    @Test func aTornImportLeavesNeitherNotesNorSourcesAndTheNextImportAddsThemOnce() throws {
        let setup = try Setup()
        defer { setup.folder.remove() }
        try setup.write("a.md", "# A\nbody\n")
        try setup.write("b.md", "# B\nbody\n")
        let journalURL = URL(fileURLWithPath: NotesStore.journalPath(for: setup.folder.file("store/notes.json")))
        try setup.importPaths()
        let line = try Data(contentsOf: journalURL)
        #expect(line.filter { $0 == 0x0A }.count == 1, "one commit, one line")
        let text = String(decoding: line, as: UTF8.self)
        #expect(text.contains("\"putNote\"") && text.contains("\"putImportSource\""))
        try line.prefix(line.count / 2).write(to: journalURL)  // the write a kill cut short

        let afterCrash = try NotesStore.open(at: setup.folder.file("store/notes.json"))
        #expect(afterCrash.contents.notes.isEmpty && afterCrash.contents.importSources.isEmpty)
        #expect(Self.counts(try setup.importPaths(into: afterCrash)) == [2, 0, 0, 0, 0, 0])
        #expect(Self.counts(try setup.importPaths(into: afterCrash)) == [0, 0, 2, 0, 0, 0])
        #expect(afterCrash.contents.notes.count == 2)
    }

    @Test func aFileNamedAloneIsTheSameSourceAsInItsFolder() throws {
        let setup = try Setup()
        defer { setup.folder.remove() }
        try setup.write("a.md", "# A\nbody\n")
        try setup.importPaths([setup.vault.appendingPathComponent("a.md").path])
        try setup.write("a.md", "# A\nchanged\n")

        #expect(Self.counts(try setup.importPaths()) == [0, 1, 0, 0, 0, 0])
        #expect(try setup.note("A").body == "changed")
    }

    @Test func twoFoldersWithTheSameNamesNeverUpdateEachOther() throws {
        let setup = try Setup()
        defer { setup.folder.remove() }
        try setup.write("README.md", "# One\nfirst vault\n", in: "one")
        try setup.write("README.md", "# Two\nsecond vault\n", in: "two")
        try setup.importPaths([setup.folder.file("one").path])

        #expect(Self.counts(try setup.importPaths([setup.folder.file("two").path])) == [1, 0, 0, 0, 0, 0])
        #expect(setup.store.contents.notes.values.map(\.title).sorted() == ["One", "Two"])
    }

    @Test func aChangedFileWhoseNoteIsInTheTrashLeavesItThere() throws {
        let setup = try Setup()
        defer { setup.folder.remove() }
        try setup.write("a.md", "# A\nbody\n")
        try setup.importPaths()
        try setup.store.commit(.trashNote(try setup.note("A").id, at: Date()))
        try setup.write("a.md", "# A\nchanged\n")

        let plan = try setup.importPaths()

        #expect(Self.counts(plan) == [0, 0, 0, 0, 0, 1])
        #expect(setup.store.contents.notes.isEmpty && setup.store.contents.trash.count == 1)
    }

    @Test func aTitleChangedOnBothSidesTakesTheFilesAndSaysWhatItReplaced() throws {
        let setup = try Setup()
        defer { setup.folder.remove() }
        try setup.write("a.md", "---\ntitle: First\n---\nbody\n")
        try setup.importPaths()
        let note = try setup.note("First")
        var rename = NoteEdit(noteID: note.id)
        rename.title = FieldChange(from: "First", to: "Renamed in notes")
        try setup.store.commit(rename, now: Date())
        try setup.write("a.md", "---\ntitle: Renamed on disk\n---\nbody\n")

        let plan = try setup.importPaths()

        #expect(Self.counts(plan) == [0, 1, 0, 0, 0, 0])
        #expect(plan.items.first?.replaced.map(\.description) == ["\"Renamed in notes\""])
        #expect(setup.store.contents.notes.values.map(\.title) == ["Renamed on disk"])
    }

    /// Formats 5 and 6 differ from today's only in what a journal line may hold.
    @Test(arguments: [5, 6]) func anOlderStoreMigratesToTodaysFormatWithItsJournal(format: Int) throws {
        let setup = try Setup()
        defer { setup.folder.remove() }
        let url = setup.folder.file("store/notes.json")
        try setup.store.commit(.putNote(Note(title: "In the snapshot")))
        try setup.store.compactNow()
        try setup.store.commit(.putNote(Note(title: "In the journal")))
        let today = StoreSchema.formatVersion
        let snapshot = try String(contentsOf: url, encoding: .utf8)
        try Data(snapshot.replacingOccurrences(of: "\"formatVersion\": \(today),", with: "\"formatVersion\": \(format),").utf8)
            .write(to: url)

        let migrated = try NotesStore.open(at: url)

        #expect(migrated.migrationReport?.contains("from format \(format) to \(today)") == true)
        #expect(migrated.contents.notes.values.map(\.title).sorted() == ["In the journal", "In the snapshot"])
        #expect(try SnapshotCodec.readVersion([UInt8](Data(contentsOf: url))) == today)
    }
}
