import Foundation
import Testing
import NotesModel
import NotesUI

/// Quick open finds a note by its aliases too (as Obsidian's switcher does), ranked by its
/// best-scoring name; a note without aliases is found by its title alone.
@Suite struct QuickOpenAliasTests {
    @Test func aNoteIsFoundByAnAlias() {
        var garden = Note(id: UIFixtures.uuid(300), title: "Garden plan")
        garden.aliases = ["Potager"]
        let database = NotesDatabase(notes: [garden, Note(id: UIFixtures.uuid(301), title: "Shopping")])
        let index = NoteIndex(database: database)

        #expect(index.quickOpen("potag", limit: 10).map { index.note(at: Int($0.position)).title } == ["Garden plan"])
        #expect(index.quickOpen("grdn", limit: 10).map { index.note(at: Int($0.position)).title } == ["Garden plan"])
        #expect(index.quickOpen("shop", limit: 10).map { index.note(at: Int($0.position)).title } == ["Shopping"])
    }
}
