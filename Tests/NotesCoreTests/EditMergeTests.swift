import Foundation
@testable import NotesCore
import Testing

/// The rule that saves an editor session over what happened to the note meanwhile.
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

    @Test func unchangedElsewhereTheEditIsSaved() {
        let edited = edit { $0.body = "v2" }
        let (changes, outcome) = EditMerge.changes(base: Self.base, edited: edited, current: Self.base, now: Self.later)
        #expect(outcome == .saved)
        #expect(changes == [.putNote(edit { $0.body = "v2"; $0.updated = Self.later })])
    }

    @Test func deletedMeanwhileItComesBackWithTheEdit() {
        let edited = edit { $0.title = "Plan 2" }
        let (changes, outcome) = EditMerge.changes(base: Self.base, edited: edited, current: nil, now: Self.later)
        #expect(outcome == .restored)
        #expect(changes == [.putNote(edit { $0.title = "Plan 2"; $0.updated = Self.later })])
    }

    @Test func changesToOtherFieldsAreBothKept() {
        let edited = edit { $0.body = "mine" }
        let theirs = edit { $0.title = "Renamed elsewhere"; $0.tags = ["a", "b"]; $0.updated = Self.start + 5 }
        let (changes, outcome) = EditMerge.changes(base: Self.base, edited: edited, current: theirs, now: Self.later)
        #expect(outcome == .merged(fields: ["title", "tags"]))
        #expect(changes == [.putNote(edit({ $0.body = "mine"; $0.updated = Self.later }, from: theirs))])
    }

    @Test func bothChangingOneFieldKeepsTheOtherAsAConflictCopy() {
        let edited = edit { $0.body = "mine" }
        let theirs = edit { $0.body = "theirs"; $0.kind = .journal }
        let (changes, outcome) = EditMerge.changes(base: Self.base, edited: edited, current: theirs, now: Self.later,
                                                   copyID: Self.copyID)
        #expect(outcome == .conflictCopy(Self.copyID))
        var copy = theirs
        copy.id = Self.copyID
        copy.title = "Plan (conflict copy)"
        copy.tags = ["a", "conflict"]
        #expect(changes == [.putNote(edit({ $0.body = "mine"; $0.updated = Self.later }, from: theirs)), .putNote(copy)])
    }

    @Test func theSameChangeOnBothSidesIsNoConflict() {
        let edited = edit { $0.body = "same" }
        let (_, outcome) = EditMerge.changes(base: Self.base, edited: edited, current: edited, now: Self.later)
        #expect(outcome == .merged(fields: ["body"]))
    }

    @Test func whatTheEditorDoesNotShowIsKeptFromTheCurrentNote() throws {
        let edited = edit { $0.body = "mine" }
        var current = Self.base
        current.attachments = [try AttachmentPath("files/a.pdf")]
        let (changes, outcome) = EditMerge.changes(base: Self.base, edited: edited, current: current, now: Self.later)
        #expect(outcome == .saved)
        guard case .putNote(let saved) = changes.first else { Issue.record("no note saved"); return }
        #expect(saved.attachments == current.attachments)
        #expect(saved.body == "mine")
    }
}
