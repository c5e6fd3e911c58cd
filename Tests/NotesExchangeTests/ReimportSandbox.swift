import Foundation
import NotesTestData
import Testing
@testable import NotesModel
@testable import NotesStore
@testable import NotesExchange

/// A store and a vault beside it, for the re-import tests: the real store in a temporary folder.
struct ReimportSandbox {
    let folder: TemporaryFolder
    let store: NotesStore
    var vault: URL { folder.file("vault") }

    init() throws {
        folder = try TemporaryFolder(prefix: "notes-reimport")
        store = try NotesStore.open(at: folder.file("store/notes.json"))
    }

    func write(_ path: String, _ text: String, in base: String = "vault") throws {
        let url = folder.file(base + "/" + path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// What `notes import` does: read, then plan and commit under the lock.
    @discardableResult
    func importPaths(_ paths: [String]? = nil, into target: NotesStore? = nil, now: Date = Date()) throws -> Importer.Plan {
        let batch = ImportReader().read(paths: paths ?? [vault.path])
        #expect(batch.skipped.isEmpty, "\(batch.skipped)")
        var plan = Importer.Plan()
        try (target ?? store).commit(derivedFrom: { database in
            plan = try Importer.plan(batch.bundle, origins: batch.origins, sources: batch.sources, folders: batch.folders,
                                     into: database, now: now)
            return plan.changes
        })
        return plan
    }

    func note(_ title: String, in database: NotesDatabase? = nil) throws -> Note {
        let notes = (database ?? store.contents).notes.values
        return try #require(notes.first { $0.title == title }, "no note '\(title)' in \(notes.map(\.title).sorted())")
    }

    func editBody(_ title: String, to body: String) throws {
        let note = try note(title)
        var edit = NoteEdit(noteID: note.id)
        edit.setBody(from: note.body, to: body)
        try store.commit(edit, now: Date())
    }

    /// `importPaths(_:)`, as [added, updated, unchanged].
    func addedUpdatedUnchanged(_ paths: [String]) throws -> [Int] {
        let plan = try importPaths(paths)
        return [plan.notesAdded, plan.notesUpdated, plan.notesUnchanged]
    }

    var titles: [String] { store.contents.notes.values.map(\.title).sorted() }
}
