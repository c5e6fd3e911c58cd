import Foundation
import NotesTestData
import Testing
@testable import NotesColor
@testable import NotesModel
@testable import NotesStore
@testable import NotesEditing

/// PRODUCT §5.1 for every field edit (`StoreEdit.resolve` through
/// `NotesRepository.commit(derivedFrom:)`): two real stores on one file stand in for two
/// processes; the edit is made from what the first saw, after the second changed the note.
@Suite struct FieldEditTests {
    static let now = Date(timeIntervalSinceReferenceDate: 900_000_000)
    static let work = Category(name: "Work")
    static let home = Category(name: "Home")
    static let note = Note(title: "Plan", body: "v1", created: Date(timeIntervalSinceReferenceDate: 800_000_000),
                           categoryID: work.id, tags: ["a", "b"])

    final class Stores {
        let folder: TemporaryFolder
        let url: URL
        let mine: NotesStore
        let other: NotesStore

        init() throws {
            folder = try TemporaryFolder(prefix: "notes-field-edit")
            url = folder.file("notes.json")
            mine = try NotesStore.open(at: url)
            try mine.commit([.putCategory(FieldEditTests.work), .putCategory(FieldEditTests.home), .putNote(FieldEditTests.note)])
            other = try NotesStore.open(at: url)
        }

        /// Another process changes the note.
        func elsewhere(_ change: (inout Note) -> Void) throws {
            var note = try #require(other.contents.notes[FieldEditTests.note.id])
            change(&note)
            try other.commit(.putNote(note))
        }

        /// The note as a fresh process reads it.
        func stored(_ id: UUID = FieldEditTests.note.id) throws -> Note? {
            let store = try NotesStore.open(at: url)
            defer { store.close() }
            return store.contents.notes[id]
        }

        var journalSize: Int {
            ((try? FileManager.default.attributesOfItem(atPath: NotesStore.journalPath(for: url)))?[.size] as? Int) ?? 0
        }

        func close() {
            mine.close()
            other.close()
            folder.remove()
        }
    }

    /// An edit of `note` from what the first store saw.
    static func edit(_ change: (inout Note) -> Void) -> NoteEdit {
        var edited = note
        change(&edited)
        return NoteEdit(from: note, to: edited)
    }

    @Test func differentFieldsBothStay() throws {
        let stores = try Stores()
        defer { stores.close() }
        try stores.elsewhere { $0.body = "theirs"; $0.kind = .journal }
        let outcome = try stores.mine.commit(Self.edit { $0.title = "Mine"; $0.categoryID = Self.home.id }, now: Self.now)
        #expect(outcome == EditOutcome(subject: .note(Self.note.id)))
        let stored = try #require(try stores.stored())
        #expect(stored.title == "Mine" && stored.categoryID == Self.home.id)
        #expect(stored.body == "theirs" && stored.kind == .journal)
        #expect(stored.updated == Self.now)
    }

    @Test func tagsMergeAsSets() throws {
        let stores = try Stores()
        defer { stores.close() }
        try stores.elsewhere { $0.tags = ["b", "theirs"] }  // removed a, added theirs
        try stores.mine.commit(Self.edit { $0.tags = ["a", "mine"] }, now: Self.now)  // removed b, added mine
        #expect(try stores.stored()?.tags == ["theirs", "mine"])
    }

    @Test(arguments: [NoteField.title, .category, .kind, .aliases])
    func theSameSingleFieldKeepsTheLaterAndNamesTheOther(field: NoteField) throws {
        let stores = try Stores()
        defer { stores.close() }
        try stores.elsewhere {
            $0.title = "Theirs"
            $0.categoryID = nil
            $0.kind = .journal
            $0.aliases = ["Theirs"]
        }
        let edit = Self.edit { note in
            switch field {
            case .title: note.title = "Mine"
            case .category: note.categoryID = Self.home.id
            case .kind: note.kind = .checklist
            case .aliases: note.aliases = ["Mine"]
            case .body, .tags, .pinned: break
            }
        }
        let outcome = try stores.mine.commit(edit, now: Self.now)
        let expected: ReplacedValue = switch field {
        case .title: ReplacedValue(field: .note(.title), value: "Theirs")
        case .category: ReplacedValue(field: .note(.category), value: "")
        case .aliases: ReplacedValue(field: .note(.aliases), value: "Theirs")
        default: ReplacedValue(field: .note(.kind), value: "journal")
        }
        #expect(outcome.replaced == [expected])
        #expect(outcome.conflictCopy == nil)
        let stored = try #require(try stores.stored())
        #expect(stored.title == (field == .title ? "Mine" : "Theirs"))
        #expect(stored.categoryID == (field == .category ? Self.home.id : nil))
        #expect(stored.kind == (field == .kind ? .checklist : .journal))
        #expect(stored.aliases == (field == .aliases ? ["Mine"] : ["Theirs"]))
        #expect(ReplacedValue.note(outcome.replaced)
                == ["replaced \"Theirs\" set elsewhere", "replaced no category set elsewhere", "replaced kind journal set elsewhere",
                    "replaced aliases Theirs set elsewhere"][[NoteField.title, .category, .kind, .aliases].firstIndex(of: field) ?? 0])
    }

    @Test func theSameBodyGivesAConflictCopy() throws {
        let stores = try Stores()
        defer { stores.close() }
        try stores.elsewhere { $0.body = "theirs" }
        let outcome = try stores.mine.commit(Self.edit { $0.body = "mine" }, now: Self.now)
        let copy = try #require(outcome.conflictCopy)
        #expect(copy.title == "Plan (conflict copy)")
        #expect(try stores.stored()?.body == "mine")
        let kept = try #require(try stores.stored(copy.id))
        #expect(kept.body == "theirs")
        #expect(kept.tags.contains(StoreEdit.conflictTag))
    }

    @Test func theSameChangeOnBothSidesWritesNothing() throws {
        let stores = try Stores()
        defer { stores.close() }
        try stores.elsewhere { $0.title = "Same" }
        let before = stores.journalSize
        let outcome = try stores.mine.commit(Self.edit { $0.title = "Same" }, now: Self.now)
        #expect(outcome.replaced.isEmpty)
        #expect(stores.journalSize == before)
    }

    @Test func aNoteTrashedOrDeletedMeanwhileIsNotEdited() throws {
        let stores = try Stores()
        defer { stores.close() }
        try stores.other.commit(.trashNote(Self.note.id, at: Self.now))
        #expect(throws: EditError.noteInTrash(title: "Plan")) {
            try stores.mine.commit(Self.edit { $0.title = "Mine" }, now: Self.now)
        }
        try stores.other.commit(.deleteNote(Self.note.id))
        #expect(throws: EditError.noteDeleted(title: "Plan")) {
            try stores.mine.commit(Self.edit { $0.title = "Mine" }, now: Self.now)
        }
        #expect(try stores.stored() == nil)
    }

    /// The editor keeps the note it began from: a note deleted meanwhile comes back with the edit.
    @Test func theEditorBringsBackANoteDeletedMeanwhile() throws {
        let stores = try Stores()
        defer { stores.close() }
        try stores.other.commit(.deleteNote(Self.note.id))
        var edited = Self.note
        edited.body = "still wanted"
        let outcome = try stores.mine.commit(EditMerge.edit(base: Self.note, edited: edited), now: Self.now)
        #expect(outcome.broughtBack)
        #expect(try stores.stored()?.body == "still wanted")
    }

    @Test func aMoveIntoACategoryDeletedMeanwhileIsRefused() throws {
        let stores = try Stores()
        defer { stores.close() }
        try stores.other.commit(.trashCategory(Self.home.id, at: Self.now))
        #expect(throws: EditError.categoryDeleted(name: "Home")) {
            try stores.mine.commit(Self.edit { $0.categoryID = Self.home.id }, now: Self.now)
        }
        #expect(try stores.stored()?.categoryID == Self.work.id)
    }

    @Test func aCategoryRenameKeepsAColorSetElsewhereAndNamesARenameItReplaces() throws {
        let stores = try Stores()
        defer { stores.close() }
        let red = SerializableColor(RGB8(red: 255, green: 0, blue: 0))
        var theirs = Self.work
        theirs.color = red
        theirs.name = "Office"
        try stores.other.commit(.putCategory(theirs))
        let resolution = try stores.mine.commit([.category(CategoryEdit(categoryID: Self.work.id,
                                                                        name: FieldChange(from: "Work", to: "Job")))],
                                                now: Self.now)
        #expect(resolution.replaced == [ReplacedValue(field: .category(.name), value: "Office")])
        #expect(ReplacedValue.note(resolution.replaced) == "replaced name \"Office\" set elsewhere")
        let stored = try #require(stores.mine.contents.categories[Self.work.id])
        #expect(stored.name == "Job")
        #expect(stored.color == red)
    }

    /// Sync, the CLI and the UI share the one entry point; the build sees the caught-up contents.
    @Test func commitDerivedFromSeesWhatAnotherStoreCommitted() throws {
        let stores = try Stores()
        defer { stores.close() }
        try stores.elsewhere { $0.title = "Theirs" }
        var seen: String?
        let result = try stores.mine.commit(derivedFrom: { database in
            seen = database.notes[Self.note.id]?.title
            return []
        })
        #expect(seen == "Theirs")
        #expect(result.othersCommitted)
        #expect(result.changes.isEmpty)
    }
}
