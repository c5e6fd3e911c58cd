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
}
