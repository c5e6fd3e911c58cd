import Foundation
import Testing
import NotesModel

/// The proxy a change is checked on before it is applied (`validationProxy(for:)`) shares
/// the database's category tables instead of building them again, and a category name's
/// key skips the trim when there is nothing to trim: both must decide exactly as before.
@Suite struct ValidationProxyTests {
    /// Given a database with live and deleted categories and many notes, when a change
    /// list is checked on its proxy, then the proxy holds every category and only the
    /// notes the changes name, and it refuses what the whole database refuses.
    @Test func theProxyKeepsEveryCategoryAndOnlyTheNotesNamed() throws {
        var database = NotesDatabase()
        let work = Category(name: "Work"), old = Category(name: "Old")
        try database.apply([.putCategory(work), .putCategory(old)])
        let notes = (0..<20).map { Note(title: "Note \($0)", categoryID: work.id) }
        try database.apply(notes.map { .putNote($0) })
        try database.apply(.trashNote(notes[1].id, at: Date(timeIntervalSinceReferenceDate: 0)))
        try database.apply(.trashCategory(old.id, at: Date(timeIntervalSinceReferenceDate: 0)))

        let changes: [StoreChange] = [.putNote(notes[0]), .restoreNote(notes[1].id)]
        var proxy = database.validationProxy(for: changes)
        #expect(Set(proxy.notes.keys) == [notes[0].id])
        #expect(Set(proxy.trash.keys) == [notes[1].id])
        #expect(proxy.categories == database.categories)
        #expect(proxy.deletedCategories == database.deletedCategories)
        #expect(proxy.category(named: " WORK ")?.id == work.id)
        try proxy.apply(changes)

        for refused: StoreChange in [.putCategory(Category(name: "work")), .putCategory(Category(name: "\u{00A0}Work\u{3000}")),
                                     .putNote(Note(title: "In the old one", categoryID: old.id)),
                                     .trashNote(notes[1].id, at: Date(timeIntervalSinceReferenceDate: 0))] {
            var check = database.validationProxy(for: [refused])
            #expect(throws: ModelError.self) { try check.apply(refused) }
            var whole = database
            #expect(throws: ModelError.self) { try whole.apply(refused) }
        }
    }

    /// A name's key is its trimmed, lowercased text, whether or not its ends are plain ASCII.
    @Test func aNameKeyIsTheTrimmedLowercasedName() {
        let cases: [(String, String)] = [
            ("Work", "work"), ("  Work  ", "work"), ("\u{00A0}Work\u{3000}", "work"), ("\tA b\n", "a b"),
            ("Ärger", "ärger"), ("x Ä", "x ä"), ("ÉTÉ ", "été"), ("", ""), ("   ", ""), ("#Tag!", "#tag!"),
        ]
        for (name, key) in cases {
            #expect(Category.nameKey(name) == key, "\(name.debugDescription)")
            #expect(Category.nameKey(name) == name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased())
        }
    }
}
