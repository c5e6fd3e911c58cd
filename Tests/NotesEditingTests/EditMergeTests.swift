import Foundation
import Testing
@testable import NotesModel
@testable import NotesEditing

/// The rule that saves an editor session over what happened to the note meanwhile: the
/// same resolution as every field edit (`StoreEdit.resolve`), plus bringing a deleted note back.
@Suite struct EditMergeTests {
    static let start = Date(timeIntervalSinceReferenceDate: 1_000)
    static let later = Date(timeIntervalSinceReferenceDate: 2_000)
    static let copyID = UUID()
    static let base = Note(title: "Plan", body: "v1", created: start, tags: ["a"])

    func edit(_ change: (inout Note) -> Void, from note: Note = base) -> Note {
        var copy = note
        change(&copy)
        return copy
    }

    func database(_ current: Note?) -> NotesDatabase {
        NotesDatabase(notes: current.map { [$0] } ?? [])
    }

    @Test func unchangedElsewhereTheEditIsSaved() throws {
        let edited = edit { $0.body = "v2" }
        let (changes, outcome) = try EditMerge.changes(base: Self.base, edited: edited, in: database(Self.base), now: Self.later)
        #expect(outcome == EditOutcome(subject: .note(Self.base.id)))
        #expect(changes == [.putNote(edit { $0.body = "v2"; $0.updated = Self.later })])
    }

    @Test func deletedMeanwhileItComesBackWithTheEdit() throws {
        let edited = edit { $0.title = "Plan 2" }
        let (changes, outcome) = try EditMerge.changes(base: Self.base, edited: edited, in: database(nil), now: Self.later)
        #expect(outcome.broughtBack)
        #expect(changes == [.putNote(edit { $0.title = "Plan 2"; $0.updated = Self.later })])
    }

    @Test func changesToOtherFieldsAreBothKept() throws {
        let edited = edit { $0.body = "mine" }
        let theirs = edit { $0.title = "Renamed elsewhere"; $0.tags = ["a", "b"]; $0.updated = Self.start + 5 }
        let (changes, outcome) = try EditMerge.changes(base: Self.base, edited: edited, in: database(theirs), now: Self.later)
        #expect(outcome.changedElsewhere == [.title, .tags])
        #expect(outcome.replaced.isEmpty && outcome.conflictCopy == nil)
        #expect(changes == [.putNote(edit({ $0.body = "mine"; $0.updated = Self.later }, from: theirs))])
    }

    @Test func bothChangingTheBodyKeepsTheOtherAsAConflictCopy() throws {
        let edited = edit { $0.body = "mine" }
        let theirs = edit { $0.body = "theirs"; $0.kind = .journal }
        let (changes, outcome) = try EditMerge.changes(base: Self.base, edited: edited, in: database(theirs), now: Self.later,
                                                       copyID: Self.copyID)
        #expect(outcome.conflictCopy == .init(id: Self.copyID, title: "Plan (conflict copy)"))
        var copy = theirs
        copy.id = Self.copyID
        copy.title = "Plan (conflict copy)"
        copy.tags = ["a", "conflict"]
        #expect(changes == [.putNote(edit({ $0.body = "mine"; $0.updated = Self.later }, from: theirs)), .putNote(copy)])
    }

    /// PRODUCT §5.1: the same title changed on both sides keeps the later one (the save)
    /// and says which value it replaced; no conflict copy for a single field.
    @Test func bothChangingTheTitleKeepsTheEditsAndNamesTheOther() throws {
        let edited = edit { $0.title = "Mine" }
        let theirs = edit { $0.title = "Theirs" }
        let (changes, outcome) = try EditMerge.changes(base: Self.base, edited: edited, in: database(theirs), now: Self.later)
        #expect(outcome.replaced == [ReplacedValue(field: .note(.title), value: "Theirs")])
        #expect(outcome.conflictCopy == nil)
        #expect(changes == [.putNote(edit({ $0.title = "Mine"; $0.updated = Self.later }, from: theirs))])
        let message = NoteEditSession.Outcome.saved(outcome, title: "Mine").message
        #expect(message == "Saved \"Mine\", together with changes made meanwhile elsewhere (title); replaced \"Theirs\" set elsewhere")
    }

    /// The conflict message names the copy that exists: the other side's title, not the edit's.
    @Test func theConflictMessageNamesTheCopyThatExists() throws {
        let edited = edit { $0.title = "Retitled in vim"; $0.body = "mine" }
        let theirs = edit { $0.title = "Retitled outside"; $0.body = "theirs" }
        let (_, outcome) = try EditMerge.changes(base: Self.base, edited: edited, in: database(theirs), now: Self.later)
        let message = NoteEditSession.Outcome.saved(outcome, title: "Retitled in vim").message
        #expect(message.contains("kept as \"Retitled outside (conflict copy)\""))
        #expect(!message.contains("Retitled in vim (conflict copy)"))
    }

    @Test func tagsChangedOnBothSidesMergeAsSets() throws {
        let edited = edit { $0.tags = ["a", "mine"] }
        let theirs = edit { $0.tags = ["theirs"] }  // removed a, added theirs
        let (changes, _) = try EditMerge.changes(base: Self.base, edited: edited, in: database(theirs), now: Self.later)
        guard case .putNote(let saved) = changes.first else { Issue.record("no note saved"); return }
        #expect(saved.tags == ["mine", "theirs"])
    }

    @Test func theSameChangeOnBothSidesIsNoConflict() throws {
        let edited = edit { $0.body = "same" }
        let (changes, outcome) = try EditMerge.changes(base: Self.base, edited: edited, in: database(edited), now: Self.later)
        #expect(outcome.changedElsewhere == [.body])
        #expect(outcome.conflictCopy == nil)
        #expect(changes.isEmpty)
    }

    @Test func whatTheEditorDoesNotShowIsKeptFromTheCurrentNote() throws {
        let edited = edit { $0.body = "mine" }
        var current = Self.base
        current.attachments = [try AttachmentPath("files/a.pdf")]
        let (changes, outcome) = try EditMerge.changes(base: Self.base, edited: edited, in: database(current), now: Self.later)
        #expect(outcome == EditOutcome(subject: .note(Self.base.id)))
        guard case .putNote(let saved) = changes.first else { Issue.record("no note saved"); return }
        #expect(saved.attachments == current.attachments)
        #expect(saved.body == "mine")
    }
}
