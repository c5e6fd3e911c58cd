import Foundation
import NotesModel
import NotesUI
import Testing

/// `ChecklistProgress`: a checklist's `ticked/all`, kept per note while its body is the same.
@Suite struct ChecklistProgressTests {
    @Test func aBodyChangedUnderTheSameNoteIsCountedAgain() {
        var note = Note(id: UIFixtures.uuid(90), title: "Trip", body: "- [ ] passport\n- [x] tickets", created: UIFixtures.now, kind: .checklist)
        #expect(ChecklistProgress.text(of: note) == "1/2")
        #expect(ChecklistProgress.text(of: note) == "1/2")
        note.body = "- [x] passport\n- [x] tickets\n- [ ] charger"
        #expect(ChecklistProgress.text(of: note) == "2/3")
        let other = Note(id: UIFixtures.uuid(91), title: "Other", body: "- [ ] one", created: UIFixtures.now, kind: .checklist)
        #expect(ChecklistProgress.text(of: other) == "0/1")
        #expect(ChecklistProgress.text(of: note) == "2/3")
        note.kind = .note
        #expect(ChecklistProgress.text(of: note) == nil)
    }

    /// A checklist with no task yet shows no `0/0`: the row keeps its `C`, the read view's
    /// header says "checklist".
    @Test func aChecklistWithoutTasksShowsNoCount() throws {
        let note = Note(id: UIFixtures.uuid(92), title: "Packing", body: "Body line", created: UIFixtures.now, kind: .checklist)
        #expect(ChecklistProgress.text(of: note) == nil)
        let (runner, terminal, _) = UIFixtures.runner(NotesDatabase(notes: [note]), width: 80, height: 20)
        runner.run()
        let row = try #require(terminal.lastBuffer?.lines.first { $0.contains("Packing") })
        #expect(row.contains("C Packing") && !row.contains("0/0"), "\(row)")
        let header = try ReadHeaderTagWrapTests.header(of: note, width: 80).joined(separator: "\n")
        #expect(header.contains(" checklist · updated") && !header.contains("0/0"), "\(header)")
    }
}
