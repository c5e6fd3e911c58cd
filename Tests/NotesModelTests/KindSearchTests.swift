import Foundation
import Testing
import NotesModel

/// `kind:journal` in the one search rule (the UI's `/` and `notes list --search`).
@Suite struct KindSearchTests {
    let journal = Note(title: "2026-11-29", body: "kind of a day", kind: .journal)
    let reference = Note(title: "Manual", body: "", kind: .reference)
    let plain = Note(title: "Plain", body: "journal entries elsewhere")

    func found(_ query: String, _ note: Note) -> Bool {
        SearchableNote.text(of: note, categoryName: "Work").withUnsafeBufferPointer { SearchQuery(query).isFound(in: $0) }
    }

    @Test func aKindTermFindsNotesOfThatKindOnly() {
        #expect(SearchQuery("kind:journal day").terms == [.kind("journal"), .text("day")])
        #expect(found("kind:journal", journal))
        #expect(!found("kind:journal", plain))  // the word in its body is not its kind
        #expect(!found("kind:journal", reference))
        #expect(found("kind:note", plain))
        #expect(found("KIND:Reference", reference))
    }

    @Test func aStartOfTheNameWillDoAndNothingMatchesAnUnknownKind() {
        #expect(found("kind:j", journal))
        #expect(found("kind:ref", reference))
        #expect(!found("kind:zzz", journal) && !found("kind:zzz", plain))
        // `kind:` alone: any kind.
        #expect(found("kind:", journal) && found("kind:", plain))
    }

    @Test func aKindCanBeLeftOutAndCombinedWithOtherTerms() {
        #expect(!found("-kind:journal", journal))
        #expect(found("-kind:journal", plain))
        #expect(found("kind:journal @work", journal))
        #expect(!found("kind:journal manual", journal))
        // Without the prefix it is a word like any other.
        #expect(found("kind", journal))
    }
}
