import Foundation
import NotesTestSupport
import Testing
@testable import NotesColor
@testable import NotesModel
@testable import NotesStore
@testable import NotesUI

/// A category change (new, rename, recolor, trash, delete, a note moved) is taken into the
/// snapshot in place: no note's search text holds a category name (`CategoryMatch`), and
/// search keeps its meaning: a word of a category's name finds its notes, a rename changes
/// that at once, from our commits and from another process's (two `NotesStore`s on one
/// folder), and the UI finds what `notes list --search` lists.
@Suite struct CategorySearchTests {
    typealias Fixture = IncrementalIndexTests

    static let work = Category(id: UIFixtures.uuid(1), name: "Work", color: SerializableColor(UIFixtures.blue))
    static let cafe = Category(id: UIFixtures.uuid(2), name: "Café", color: SerializableColor(UIFixtures.yellow))
    static let home = Category(id: UIFixtures.uuid(3), name: "Home", color: SerializableColor(UIFixtures.blue))

    static let budget = note(21, "Budget", "milk and figures", work)
    static let espresso = note(22, "Espresso", "milk foam", cafe)
    static let plan = note(23, "Office plan", "desks", nil)
    static let groceries = note(24, "Groceries", "milk eggs", home)
    static let musings = note(25, "Notes on work", "nothing", home)

    static func note(_ number: Int, _ title: String, _ body: String, _ category: Category?) -> Note {
        Note(id: UIFixtures.uuid(number), title: title, body: body,
             created: UIFixtures.now.addingTimeInterval(Double(number)), categoryID: category?.id)
    }

    /// A store in `folder` holding the three categories and five notes above; no compaction
    /// (one that folds in a line the other store has not read makes it read everything again).
    static func stores(in folder: TemporaryFolder) throws -> (mine: NotesStore, theirs: NotesStore) {
        let url = folder.file("notes.json")
        let options = NotesStoreOptions(compactionMinimumBytes: 64 << 20)
        let mine = try NotesStore.open(at: url, options: options)
        try mine.commit([work, cafe, home].map(StoreChange.putCategory)
            + [budget, espresso, plan, groceries, musings].map(StoreChange.putNote))
        return (mine, try NotesStore.open(at: url, options: options))
    }

    /// The notes the UI's filter shows for `query`.
    static func shown(_ query: String, _ snapshot: NotesSnapshot) -> Set<UUID> {
        var filter = NoteFilter()
        filter.set(query: query, categoryID: nil, in: snapshot.index)
        return Set((0..<filter.count(in: snapshot.index)).map { snapshot.index.note(at: filter.position(ofRow: $0)).id })
    }

    /// Expects the UI to show `expected` for each query, and what `notes list --search` lists.
    static func expectFound(_ expected: [String: [Note]], _ snapshot: NotesSnapshot,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        for (query, notes) in expected.sorted(by: { $0.key < $1.key }) {
            let shown = Self.shown(query, snapshot)
            #expect(shown == Set(notes.map(\.id)), "\(query): \(shown.compactMap { snapshot.database.notes[$0]?.title })",
                    sourceLocation: sourceLocation)
            let listed = Set(NoteListing(search: query).notes(in: snapshot.database).map(\.id))
            #expect(shown == listed, "\(query): the UI and notes list --search differ", sourceLocation: sourceLocation)
        }
    }

    /// The object holding the search text: the same one after a change taken in place
    /// (a new snapshot builds a new one).
    static func searchTextIdentity(_ snapshot: NotesSnapshot) -> ObjectIdentifier {
        ObjectIdentifier(snapshot.index.searchText)
    }

    @Test func aRenameInTheAppIsFoundByItsNewNameAtOnce() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (mine, theirs) = try Self.stores(in: folder)
        defer { mine.close(); theirs.close() }
        var snapshot = NotesSnapshot(mine.contents)
        Self.expectFound(["work": [Self.budget, Self.musings], "office": [Self.plan], "@work": [Self.budget]], snapshot)
        let before = Self.searchTextIdentity(snapshot), indexBefore = snapshot.index.id

        var office = Self.work
        office.name = "Office"
        try snapshot.commit([.putCategory(office)], through: mine)

        #expect(Self.searchTextIdentity(snapshot) == before, "taken in place, not a new snapshot")
        #expect(snapshot.index.slotsAreInOrder, "no note moved")
        #expect(snapshot.index.id != indexBefore, "a filter searches again")
        #expect(snapshot.categories.map(\.name) == ["Café", "Home", "Office"])
        Self.expectFound([
            "office": [Self.budget, Self.plan], "work": [Self.musings], "@off": [Self.budget], "@work": [],
            "office milk": [Self.budget], "milk office": [Self.budget], "milk -office": [Self.espresso, Self.groceries],
            "-@office milk": [Self.espresso, Self.groceries], "@café milk": [Self.espresso], "\"office\" figures": [Self.budget],
        ], snapshot)
        Fixture.expectSameAsRebuilt(snapshot, mine.contents, queries: ["office", "work", "milk", "@off", "ffice"])
    }

    @Test func aRenameByAnotherProcessIsFoundAfterARefresh() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (mine, theirs) = try Self.stores(in: folder)
        defer { mine.close(); theirs.close() }
        var snapshot = NotesSnapshot(mine.contents, searchText: .inBackground)
        let before = Self.searchTextIdentity(snapshot)

        var kitchen = Self.home
        kitchen.name = "Kitchen"
        kitchen.color = SerializableColor(UIFixtures.yellow)
        try theirs.commit(.putCategory(kitchen))
        #expect(try snapshot.refresh(from: mine))

        #expect(Self.searchTextIdentity(snapshot) == before, "taken in place, not a new snapshot")
        #expect(snapshot.colors[kitchen.id] == UIFixtures.yellow)
        Self.expectFound([
            "kitchen": [Self.groceries, Self.musings], "home": [], "kitchen eggs": [Self.groceries],
            "work kitchen": [Self.musings], "kit -work": [Self.groceries], "@kit": [Self.groceries, Self.musings],
        ], snapshot)
        Fixture.expectSameAsRebuilt(snapshot, mine.contents, queries: ["kitchen", "home", "itch"])
    }

    @Test func aDeletedCategorysNotesAreNoLongerFoundByItsName() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (mine, theirs) = try Self.stores(in: folder)
        defer { mine.close(); theirs.close() }
        var snapshot = NotesSnapshot(mine.contents)
        let before = Self.searchTextIdentity(snapshot)

        try snapshot.commit([.trashCategory(Self.cafe.id, at: UIFixtures.now)], through: mine)
        #expect(Self.searchTextIdentity(snapshot) == before)
        #expect(snapshot.noteCount(in: Self.cafe.id) == 0)
        #expect(snapshot.uncategorizedCount == 2)
        Self.expectFound(["cafe": [], "@caf": [], "-@ milk": [Self.espresso], "espresso": [Self.espresso]], snapshot)

        try theirs.commit(.deleteCategory(Self.home.id))
        #expect(try snapshot.refresh(from: mine))
        #expect(Self.searchTextIdentity(snapshot) == before)
        #expect(snapshot.uncategorizedCount == 4)
        #expect(snapshot.index.positions(inCategory: Self.home.id).isEmpty)
        Self.expectFound(["home": [], "-@": [Self.espresso, Self.plan, Self.groceries, Self.musings], "@": [Self.budget]],
                         snapshot)

        // The category comes back (undo of the trash): it holds no notes until one moves in.
        var back = Self.cafe
        back.deleted = nil
        var moved = Self.groceries
        moved.categoryID = Self.cafe.id
        try snapshot.commit([.putCategory(back), .putNote(moved)], through: mine)
        Self.expectFound(["cafe": [Self.groceries], "@": [Self.budget, Self.groceries]], snapshot)
        Fixture.expectSameAsRebuilt(snapshot, mine.contents, queries: ["cafe", "home", "milk"])
    }

    @Test func foldingFindsACategoryByItsPlainLetters() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (mine, theirs) = try Self.stores(in: folder)
        defer { mine.close(); theirs.close() }
        var snapshot = NotesSnapshot(mine.contents)
        Self.expectFound(["cafe": [Self.espresso], "CAFÉ": [Self.espresso], "Cafe\u{301}": [Self.espresso],
                          "@caf": [Self.espresso], "afe": [Self.espresso]], snapshot)
        var renamed = Self.cafe
        renamed.name = "Straße"
        try theirs.commit(.putCategory(renamed))
        #expect(try snapshot.refresh(from: mine))
        Self.expectFound(["strasse": [Self.espresso], "STRASSE foam": [Self.espresso], "@straß": [Self.espresso],
                          "cafe": []], snapshot)
    }

    /// More than one block of the byte-pair prefilter (`BytePairBlocks`): a category's name
    /// holds pairs no note's text holds, so every block is passed over for the text, and its
    /// notes are found all the same, by the plain and the sliced filter, before and after a
    /// rename and a move.
    @Test func aCategoryMatchIsFoundInBlocksWhoseTextCannotMatch() throws {
        let count = 3 * BytePairBlocks.slotsPerBlock + 100
        let rare = Category(id: UIFixtures.uuid(9), name: "Qxjv", color: SerializableColor(UIFixtures.blue))
        let notes = (0..<count).map { number in
            Note(id: UIFixtures.uuid(1_000 + number), title: "note \(number)", body: "plain words",
                 created: UIFixtures.now.addingTimeInterval(Double(number)),
                 categoryID: number % 997 == 5 ? rare.id : nil)
        }
        let repository = InMemoryNotesRepository(NotesDatabase(notes: notes, categories: [rare]))
        var snapshot = NotesSnapshot(repository.contents)
        let expected = Set(notes.filter { $0.categoryID == rare.id }.map(\.id))
        #expect(Self.shown("qxjv", snapshot) == expected)
        #expect(Self.shown("@qx plain", snapshot) == expected)
        #expect(Self.sliced("xjv", snapshot) == Self.shown("xjv", snapshot))

        var renamed = rare
        renamed.name = "Wkzy"
        var moved = notes[0]
        moved.categoryID = rare.id
        try snapshot.commit([.putCategory(renamed), .putNote(moved)], through: repository)
        #expect(Self.shown("qxjv", snapshot).isEmpty)
        #expect(Self.shown("wkzy", snapshot) == expected.union([moved.id]))
        #expect(Self.sliced("kzy", snapshot) == Self.shown("kzy", snapshot))
        Fixture.expectSameAsRebuilt(snapshot, repository.contents, queries: ["wkzy", "qxjv", "@w", "plain"])
    }

    /// The filter searched in slices of a few bytes, advanced until the count is in.
    static func sliced(_ query: String, _ snapshot: NotesSnapshot) -> Set<UUID> {
        var filter = NoteFilter()
        filter.set(query: query, scope: .all, in: snapshot.index, work: FilterWork(rows: 3, bytes: 200))
        while filter.isCounting { filter.advance(in: snapshot.index, work: FilterWork(rows: nil, bytes: 500)) }
        return Set((0..<filter.count(in: snapshot.index)).map { snapshot.index.note(at: filter.position(ofRow: $0)).id })
    }
}
