import Foundation
import NotesTestData
import Testing
@testable import NotesBase
@testable import NotesColor
@testable import NotesModel
@testable import NotesStore
@testable import NotesExchange

/// Importing a folder again follows what happened to its files (issue 24): a renamed file
/// keeps its note, header dates are fields, files gone from the folder are reported (and
/// trashed only when asked), and categories come back by id. The real store, in a
/// temporary folder.
@Suite struct ReimportFollowTests {
    private struct Setup {
        let folder: TemporaryFolder
        let store: NotesStore
        var vault: URL { folder.file("vault") }
        var storeURL: URL { folder.file("store/notes.json") }

        init() throws {
            folder = try TemporaryFolder(prefix: "notes-reimport-follow")
            store = try NotesStore.open(at: folder.file("store/notes.json"))
            try FileManager.default.createDirectory(at: folder.file("vault"), withIntermediateDirectories: true)
        }

        func write(_ path: String, _ text: String, modified: Date? = nil) throws {
            let url = vault.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
            if let modified { try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: url.path) }
        }

        func move(_ from: String, _ to: String) throws {
            let target = vault.appendingPathComponent(to)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.moveItem(at: vault.appendingPathComponent(from), to: target)
        }

        func remove(_ path: String) throws { try FileManager.default.removeItem(at: vault.appendingPathComponent(path)) }

        /// What `notes import` does: read, then plan and commit under the lock.
        @discardableResult
        func importPaths(_ paths: [String]? = nil, into target: NotesStore? = nil, trashMissing: Bool = false,
                         now: Date = Date()) throws -> Importer.Plan {
            let batch = ImportReader().read(paths: paths ?? [vault.path])
            #expect(batch.skipped.isEmpty, "\(batch.skipped)")
            var plan = Importer.Plan()
            try (target ?? store).commit(derivedFrom: { database in
                plan = try Importer.plan(batch.bundle, origins: batch.origins, sources: batch.sources, folders: batch.folders,
                                         into: database, now: now, trashMissing: trashMissing)
                return plan.changes
            })
            return plan
        }

        func note(_ title: String) throws -> Note {
            let notes = store.contents.notes.values
            return try #require(notes.first { $0.title == title }, "no note '\(title)' in \(notes.map(\.title).sorted())")
        }

        var sourcePaths: [String] { store.contents.importSources.keys.map(\.path).sorted() }
    }

    /// new, updated, unchanged, conflicts, renamed, gone.
    private static func counts(_ plan: Importer.Plan) -> [Int] {
        [plan.notesAdded, plan.notesUpdated, plan.notesUnchanged, plan.conflicts, plan.notesRenamed, plan.gone.count]
    }

    private static let day = 86_400.0

    // MARK: Renames

    @Test func anObsidianFileRenamedKeepsItsNoteWhoseTitleFollowsTheName() throws {
        let setup = try Setup()
        defer { setup.folder.remove() }
        try FileManager.default.createDirectory(at: setup.vault.appendingPathComponent(".obsidian"), withIntermediateDirectories: true)
        try setup.write("Old name.md", "Body of the note #tag\n")
        try setup.write("Other.md", "Other body\n")
        try setup.importPaths()
        let before = try setup.note("Old name")
        try setup.move("Old name.md", "folder/New name.md")

        let plan = try setup.importPaths()

        #expect(Self.counts(plan) == [0, 0, 1, 0, 1, 0])
        #expect(plan.description == "0 new, 0 updated, 1 unchanged, 0 conflicts, 1 renamed")
        #expect(setup.store.contents.notes.count == 2, "no second note")
        let after = try setup.note("New name")
        #expect(after.id == before.id && after.body == before.body && after.tags == ["tag"])
        #expect(setup.sourcePaths == ["Other.md", "folder/New name.md"])
        let item = try #require(plan.items.first)
        #expect(item.kind == .renamed && item.previousFile == setup.vault.path + "/Old name.md"
            && item.file == setup.vault.path + "/folder/New name.md")
        let journal = try String(contentsOfFile: NotesStore.journalPath(for: setup.storeURL), encoding: .utf8)
        #expect(journal.contains("\"dropImportSource\""))

        // The moved record is what the store reads back, and the next import finds nothing to do.
        let reopened = try NotesStore.open(at: setup.storeURL)
        #expect(reopened.contents.importSources == setup.store.contents.importSources)
        try reopened.compactNow()
        #expect(try NotesStore.open(at: setup.storeURL).contents.importSources == setup.store.contents.importSources)
        #expect(Self.counts(try setup.importPaths(into: reopened)) == [0, 0, 2, 0, 0, 0])
    }

    @Test func aRenamedFileTitledByItsHeadingKeepsItsTitleAndANoteEditedInNotesKeepsTheEdit() throws {
        let setup = try Setup()
        defer { setup.folder.remove() }
        try setup.write("a.md", "# Heading title\nbody\n")
        try setup.importPaths()
        let note = try setup.note("Heading title")
        var edit = NoteEdit(noteID: note.id)
        edit.setBody(from: "body", to: "edited in notes")
        try setup.store.commit(edit, now: Date())
        try setup.move("a.md", "b.md")

        let plan = try setup.importPaths()

        #expect(Self.counts(plan) == [0, 0, 0, 0, 1, 0])
        let after = try setup.note("Heading title")
        #expect(after.id == note.id && after.body == "edited in notes" && setup.store.contents.notes.count == 1)
        #expect(setup.sourcePaths == ["b.md"])
    }

    @Test func aRenamedAndChangedFileIsANewNoteAndTheOldOneIsGone() throws {
        let setup = try Setup()
        defer { setup.folder.remove() }
        try setup.write("a.md", "# A\nbody\n")
        try setup.importPaths()
        try setup.remove("a.md")
        try setup.write("b.md", "# A\nbody, changed\n")

        let plan = try setup.importPaths()

        #expect(Self.counts(plan) == [1, 0, 0, 0, 0, 1])
        #expect(plan.gone.map(\.action) == [.left] && plan.gone.first?.file == setup.vault.path + "/a.md")
    }

    // MARK: Dates

    @Test func aChangeOfTheHeaderDatesAloneIsAnUpdate() throws {
        let setup = try Setup()
        defer { setup.folder.remove() }
        try setup.write("a.md", "---\ntitle: A\ncreated: 2024-01-02T10:00:00Z\nupdated: 2024-01-03T10:00:00Z\n---\nbody\n")
        try setup.importPaths()
        try setup.write("a.md", "---\ntitle: A\ncreated: 2024-01-01T10:00:00Z\nupdated: 2024-02-01T10:00:00Z\n---\nbody\n")

        let plan = try setup.importPaths()

        #expect(Self.counts(plan) == [0, 1, 0, 0, 0, 0])
        let note = try setup.note("A")
        #expect(note.created == ISODate.parse("2024-01-01T10:00:00.000Z"))
        #expect(note.updated == ISODate.parse("2024-02-01T10:00:00.000Z"))
        #expect(Self.counts(try setup.importPaths()) == [0, 0, 1, 0, 0, 0])
    }

    @Test func anUpdatedNoteIsDatedByTheFileNotByTheImport() throws {
        let setup = try Setup()
        defer { setup.folder.remove() }
        let firstSave = Date(timeIntervalSince1970: 1_600_000_000)
        let secondSave = Date(timeIntervalSince1970: 1_700_000_000.25)
        try setup.write("plain.md", "# Plain\nfirst\n", modified: firstSave)
        try setup.write("dated.md", "---\ntitle: Dated\nupdated: 2021-01-01T00:00:00Z\n---\nfirst\n", modified: firstSave)
        try setup.importPaths()
        let created = try setup.note("Plain").created
        #expect(created == firstSave)
        try setup.write("plain.md", "# Plain\nsecond\n", modified: secondSave)
        try setup.write("dated.md", "---\ntitle: Dated\nupdated: 2023-06-01T12:00:00Z\n---\nsecond\n", modified: secondSave)

        let plan = try setup.importPaths(now: Date(timeIntervalSince1970: 1_800_000_000))

        #expect(Self.counts(plan) == [0, 2, 0, 0, 0, 0])
        let plain = try setup.note("Plain")
        #expect(plain.body == "second" && plain.created == created, "a date the file does not state stays")
        #expect(plain.updated == ISODate.rounded(secondSave), "no header date: the file's modification time")
        #expect(try setup.note("Dated").updated == ISODate.parse("2023-06-01T12:00:00.000Z"), "the header's")
    }

    // MARK: Files gone from the folder

    @Test func filesGoneFromTheFolderAreReportedAndLeftAlone() throws {
        let setup = try Setup()
        defer { setup.folder.remove() }
        try setup.write("a.md", "# A\nbody\n")
        try setup.write("sub/b.md", "# B\nbody\n")
        try setup.write("sub/deeper/c.md", "# C\nbody\n")
        try setup.importPaths()
        try setup.remove("sub")  // a whole folder gone
        let notes = setup.store.contents.notes

        let plan = try setup.importPaths()

        #expect(Self.counts(plan) == [0, 0, 1, 0, 0, 2])
        #expect(plan.gone.map(\.title) == ["B", "C"] && plan.gone.allSatisfy { $0.action == .left })
        #expect(plan.description == "0 new, 0 updated, 1 unchanged, 0 conflicts, 2 gone from the source (left as they are)")
        #expect(plan.changes.isEmpty && setup.store.contents.notes == notes)
        // A file named alone walks no folder: nothing in it is taken for gone.
        #expect(Self.counts(try setup.importPaths([setup.vault.appendingPathComponent("a.md").path])) == [0, 0, 1, 0, 0, 0])
    }

    @Test func trashMissingTrashesUnchangedNotesAndKeepsOnesChangedInNotes() throws {
        let setup = try Setup()
        defer { setup.folder.remove() }
        try setup.write("a.md", "# A\nbody\n")
        try setup.write("b.md", "# B\nbody\n")
        try setup.write("c.md", "# C\nbody\n")
        try setup.importPaths()
        let c = try setup.note("C")
        var tagging = NoteEdit(noteID: c.id)
        tagging.addedTags = ["mine"]
        try setup.store.commit(tagging, now: Date())
        try setup.remove("b.md")
        try setup.remove("c.md")
        let b = try setup.note("B")

        let plan = try setup.importPaths(trashMissing: true)

        #expect(Self.counts(plan) == [0, 0, 1, 0, 0, 2])
        #expect(plan.gone.map(\.action) == [.trashed, .kept])
        #expect(plan.description.hasSuffix("2 gone from the source (1 moved to the trash, 1 kept: changed in notes since imported)"))
        #expect(setup.store.contents.trash[b.id] != nil && setup.store.contents.notes[c.id] != nil)
        #expect(setup.sourcePaths == ["a.md", "c.md"], "the trashed note's record is dropped, the kept one's stays")
        // Undone as any trashing is.
        try setup.store.commit(.restoreNote(b.id))
        #expect(try setup.note("B").body == "body")
        #expect(Self.counts(try setup.importPaths()) == [0, 0, 1, 0, 0, 1], "only the kept one is still reported")
    }

    // MARK: Categories by id

    @Test func aNotesExportKeepsItsCategoryIdsWhenAnotherFileNamesTheSameCategoryFirst() throws {
        let setup = try Setup()
        defer { setup.folder.remove() }
        let work = Category(name: "Home Office", color: try SerializableColor(hex: "#336699"))
        var source = NotesDatabase(categories: [work])
        try source.apply(.putNote(Note(title: "Exported", body: "body", categoryID: work.id)))
        try Data(MarkdownExchange.document(for: try #require(source.notes.values.first), category: work).utf8)
            .write(to: setup.vault.appendingPathComponent("b-exported.md"))
        try setup.write("a-plain.md", "---\ntitle: Plain\ncategory: home office\n---\nbody\n")

        try setup.importPaths()

        let contents = setup.store.contents
        #expect(contents.categories.count == 1)
        let category = try #require(contents.categories[work.id], "the exported id")
        #expect(category.name == "Home Office" && category.color == work.color)
        #expect(try setup.note("Plain").categoryID == work.id && setup.note("Exported").categoryID == work.id)
    }
}
