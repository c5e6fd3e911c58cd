import Foundation
import NotesTestSupport
import Testing
@testable import NotesColor
@testable import NotesModel
@testable import NotesStore
@testable import NotesExchange
@testable import NotesSync

/// The field-count trip-wire: every stored field of `Note` is listed here with an edit
/// that changes only it, and the list must name every field `Note` has. Each path that
/// must carry every field (the store's journal line and snapshot, the JSON export and
/// import, the Markdown export and import, sync's note file and merge order, equality
/// and the tests' field-by-field comparison; the user-edited ones through the editor's
/// document and re-importing) is then checked to carry each edit exactly. A new field
/// of `Note` fails the first test until it is listed, and then every path that drops it.
/// The paths that change a note field by field (`NoteEdit`, `NoteField.isSame`, the
/// merge in `StoreEdit.resolve`) switch over `NoteField` without `default`, so a new
/// `NoteField` case does not compile until each handles it.
@Suite struct NoteFieldTripWireTests {
    static let home = Category(id: UUID(), name: "Home", color: SerializableColor(RGB8(red: 10, green: 20, blue: 30)))
    static let work = Category(id: UUID(), name: "Work", color: SerializableColor(RGB8(red: 200, green: 100, blue: 0)))
    static let categories = [home, work]
    static let base = Note(title: "Title", body: "line one\nline two", created: Date(timeIntervalSinceReferenceDate: 1_000),
                           updated: Date(timeIntervalSinceReferenceDate: 2_000), categoryID: home.id, tags: ["a", "b"])

    /// One edit per field of `Note`: by the stored field's name as `Mirror` gives it, or for
    /// a field held in another (`storedIn`) by its own name.
    static let edits: [(field: String, edit: @Sendable (inout Note) throws -> Void)] = [
        ("id", { $0.id = UUID() }),
        ("title", { $0.title = "Another title" }),
        ("created", { $0.created = Date(timeIntervalSinceReferenceDate: 1_500) }),
        ("updated", { $0.updated = Date(timeIntervalSinceReferenceDate: 3_000) }),
        ("tags", { $0.tags = ["a", "c"] }),
        ("attachments", { $0.attachments = [try AttachmentPath("attachments/\($0.id.uuidString)/x.png")] }),
        ("deleted", { $0.deleted = Date(timeIntervalSinceReferenceDate: 4_000) }),
        ("categoryID", { $0.categoryID = NoteFieldTripWireTests.work.id }),
        ("kind", { $0.kind = .checklist }),
        ("pinned", { $0.pinned = true }),
        ("aliases", { $0.aliases = ["Other name", "Another"] }),
        ("bodyStorage", { $0.body = "line one\nline 2" }),
    ]

    /// The fields held inside another stored field of `Note`, by the name of that field.
    static let storedIn = ["attachments": "lists", "aliases": "lists"]

    /// The field each user-edited field is (a switch: a new case must be placed).
    static func storedField(of field: NoteField) -> String {
        switch field {
        case .title: "title"
        case .body: "bodyStorage"
        case .category: "categoryID"
        case .tags: "tags"
        case .kind: "kind"
        case .pinned: "pinned"
        case .aliases: "aliases"
        }
    }

    /// `base` with one field edited, for each field.
    static func editedNotes() throws -> [(field: String, note: Note)] {
        try edits.map { field, edit in
            var note = base
            try edit(&note)
            return (field, note)
        }
    }

    @Test func everyStoredFieldOfANoteIsListed() {
        let fields = Mirror(reflecting: Self.base).children.compactMap(\.label)
        #expect(fields.count == Set(fields).count)
        let listed = Self.edits.map { Self.storedIn[$0.field] ?? $0.field }
        #expect(Set(fields) == Set(listed),
                "Note's fields changed: list an edit of each new field here, then make every path below carry it")
        #expect(Self.edits.count == fields.count + Self.storedIn.count - Set(Self.storedIn.values).count)
    }

    @Test func equalityAndTheTestsComparisonSeeEveryField() throws {
        for (field, note) in try Self.editedNotes() {
            #expect(note != Self.base, "Note.== misses \(field)")
            #expect(!HardNotes.differences(Self.base, note).isEmpty, "HardNotes.differences misses \(field)")
        }
    }

    /// `NoteField` names exactly the user-edited fields it is kept in: an edit of one of them
    /// is that field's change, an edit of any other stored field is no user edit.
    @Test func noteFieldSeesEachUserFieldAndNoOther() throws {
        let userFields = Dictionary(uniqueKeysWithValues: NoteField.allCases.map { (Self.storedField(of: $0), $0) })
        for (field, note) in try Self.editedNotes() {
            let expected = userFields[field].map { [$0] } ?? []
            #expect(NoteField.changed(from: Self.base, to: note) == expected, "\(field)")
            let edit = NoteEdit(from: Self.base, to: note)
            #expect(edit.fields == expected, "\(field)")
            if !expected.isEmpty { #expect(edit.applied(to: Self.base) == note, "\(field)") }
        }
    }

    /// Re-importing a changed file carries each user-edited field it changed onto the note
    /// (`Importer.update`), and nothing else.
    @Test func reimportingCarriesEveryUserField() throws {
        let made = ImportSource.Made(Self.base)
        for (field, note) in try Self.editedNotes() {
            let edit = Importer.update(from: made, to: note, on: Self.base)
            let expected = NoteField.changed(from: Self.base, to: note)
            #expect(edit.fields == expected, "\(field)")
            #expect(NoteField.changed(from: edit.applied(to: Self.base), to: note).isEmpty, "\(field)")
        }
    }

    /// The whole note in the editor (`NoteDocument`): its header keys and the body are the
    /// user-edited fields, and each edited field read back from the text lands on the note.
    @Test func theEditorsDocumentCarriesEveryUserField() throws {
        #expect(Set(NoteDocument.keys + ["body"]) == Set(NoteField.allCases.map(\.rawValue)))
        let database = try database(holding: Self.base)
        for (field, note) in try Self.editedNotes() {
            let name = Self.categories.first { $0.id == note.categoryID }?.name
            let fields = try NoteDocument.read(NoteDocument.render(note, categoryName: name), originalBody: Self.base.body)
            let back = try NoteDocument.apply(fields, to: Self.base, in: database)
            #expect(NoteField.changed(from: back, to: note).isEmpty, "the editor's document drops \(field)")
        }
    }

    @Test func syncsMergeOrderSeesEveryField() throws {
        for (field, note) in try Self.editedNotes() {
            #expect(SyncMerge.fingerprint(note) != SyncMerge.fingerprint(Self.base), "SyncMerge.fingerprint misses \(field)")
        }
    }

    /// What `trip` gives back for `note` has no difference from it, for every edited note.
    func expectExact(_ path: String, _ trip: (Note) throws -> Note?) throws {
        for (field, note) in [(field: "none", note: Self.base)] + (try Self.editedNotes()) {
            let back = try trip(note)
            let differences = HardNotes.differences(note, back)
            #expect(differences.isEmpty, "\(path) drops \(field): \(differences.joined(separator: "; "))")
        }
    }

    @Test(arguments: [false, true])
    func theStoreKeepsEveryField(compacted: Bool) throws {
        try expectExact(compacted ? "the store's snapshot" : "the store's journal") { note in
            let folder = try TemporaryFolder(prefix: "notes-tripwire")
            defer { folder.remove() }
            let url = folder.file("notes.json")
            let store = try NotesStore.open(at: url)
            try store.commit(Self.categories.map(StoreChange.putCategory) + [.putNote(note)])
            if compacted { try store.compactNow() }
            store.close()
            let reopened = try NotesStore.open(at: url)
            defer { reopened.close() }
            return reopened.contents.notes[note.id] ?? reopened.contents.trash[note.id]
        }
    }

    func database(holding note: Note) throws -> NotesDatabase {
        var database = NotesDatabase(categories: Self.categories)
        try database.apply(.putNote(note))
        return database
    }

    func found(_ note: Note, in database: NotesDatabase) -> Note? {
        database.notes[note.id] ?? database.trash[note.id]
    }

    @Test func theJSONExportAndImportKeepEveryField() throws {
        try expectExact("the JSON export and import") { note in
            let document = try JSONExchange.document(of: database(holding: note), includeTrash: true)
            let bundle = try JSONExchange.read(Data(document.jsonBytes()), file: "export.json")
            let imported = try ExactRoundTripPropertyTests.imported(bundle)
            return found(note, in: imported)
        }
    }

    @Test func theMarkdownExportAndImportKeepEveryField() throws {
        try expectExact("the Markdown export and import") { note in
            let category = Self.categories.first { $0.id == note.categoryID }
            let folder = try TemporaryFolder(prefix: "notes-tripwire-md")
            defer { folder.remove() }
            try Data(MarkdownExchange.document(for: note, category: category).utf8).write(to: folder.file("note.md"))
            let batch = ImportReader().read(paths: [folder.file("note.md").path])
            #expect(batch.skipped.isEmpty, "\(batch.skipped)")
            let imported = try ExactRoundTripPropertyTests.imported(batch.bundle)
            return found(note, in: imported)
        }
    }

    @Test func syncsFingerprintSeesEveryField() throws {
        func fingerprint(_ note: Note) -> SyncFingerprint {
            let category = Self.categories.first { $0.id == note.categoryID }
            return SyncFingerprint.of(note, category: category.map(SyncFingerprint.categoryDigest))
        }
        for (field, note) in try Self.editedNotes() {
            #expect(fingerprint(note) != fingerprint(Self.base), "SyncFingerprint.of misses \(field)")
        }
    }

    @Test func syncsNoteFileKeepsEveryField() throws {
        let changed = Date(timeIntervalSinceReferenceDate: 5_000)
        let categories = Dictionary(uniqueKeysWithValues: Self.categories.map { ($0.id, SyncCategory($0, changed: changed)) })
        try expectExact("sync's note file") { note in
            let category = Self.categories.first { $0.id == note.categoryID }
            let data = SyncFiles.document(for: note, category: category)
            return try SyncFiles.readNote(path: SyncFiles.path(for: note), data: data, categories: categories)
        }
    }
}
