import Foundation
import NotesTestSupport
import Testing
@testable import notes_bench
import NotesModel
import NotesStore

/// "rename with link updates": which note it renames, its target, and a real run on a
/// small store with the built `notes` (nothing here is timed).
@Suite struct RenameTimingTests {
    @Test func theTargetIsASingleNoteCommandsPlusATenthOfASecond() {
        #expect(RenameTiming.target(notes: 100_000) == 150)
        #expect(RenameTiming.target(notes: 1_000_000) == 200)
        #expect(RenameTiming.target(notes: 2_000_000) == nil)
    }

    @Test func theNoteRenamedIsTheMostLinkedWithATitleOfItsOwnThatFitsTheJournal() {
        let shared = [Note(title: "Shared"), Note(title: "shared")]
        let single = Note(title: "Single"), big = Note(title: "Big")
        let linking = (0..<3).map { Note(title: "L\($0)", body: "[[Shared]] [[single]]") }
        let heavy = (0..<5).map { Note(title: "H\($0)", body: "[[Big]] " + String(repeating: "x", count: 1_000)) }
        let notes = shared + [single, big] + linking + heavy
        #expect(RenameTiming.target(in: notes, bytesPerRun: 100_000) == RenameTiming.Target(id: big.id, linkingNotes: 5))
        #expect(RenameTiming.target(in: notes, bytesPerRun: 1_000) == RenameTiming.Target(id: single.id, linkingNotes: 3))
        #expect(RenameTiming.target(in: shared + [single], bytesPerRun: 1_000) == nil)
    }

    @Test func itRenamesALinkedNoteOfARealStore() throws {
        let folder = try TemporaryFolder(prefix: "notes-bench-rename-test")
        defer { folder.remove() }
        let synthetic = try SyntheticStore(noteCount: 3_000)
        let store = folder.file("notes.json")
        _ = try StoreBenchmarks.write(synthetic, to: store)
        let before = try Data(contentsOf: store)
        let figure = try RenameTiming.figure(store: store, contents: synthetic.notes, notes: try StressBinaries.notes(),
                                             runs: 2, noteCount: 3_000)
        #expect(figure.key == "command_rename_links_ms")
        #expect(figure.value != nil, "\(figure.note ?? "")")
        #expect(figure.note?.contains("median of 2 fresh processes") == true)
        #expect(figure.note?.contains("the first rename, building the link index") == true)
        #expect(try Data(contentsOf: store) == before, "the renames ran on a copy")
    }
}
