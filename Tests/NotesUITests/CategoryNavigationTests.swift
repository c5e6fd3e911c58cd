import Foundation
import Testing
import NotesModel
import NotesTerminal
import NotesUI

/// The categories screen opens a category with Enter, f or Space, with "All notes" and
/// "Uncategorized" at the top; `Tab`/`h`/`l` move the focus between the category pane
/// and the note list; `a` asks a name, then offers the picker.
struct CategoryNavigationTests {
    func start(_ keys: [Key], width: Int = 100) -> (AppState, NotesSnapshot) {
        let snapshot = NotesSnapshot(UIFixtures.database)
        var state = AppState(size: TerminalSize(width: width, height: 24))
        state.reconcile(with: snapshot)
        for key in keys { _ = AppUpdate.update(&state, event: .key(key), snapshot: snapshot, now: UIFixtures.now) }
        return (state, snapshot)
    }

    func listedTitles(_ state: AppState, _ snapshot: NotesSnapshot) -> [String] {
        (0..<state.filter.count(in: snapshot.index)).map { snapshot.index.note(at: state.filter.position(ofRow: $0)).title }
    }

    @Test func enterOnACategoryShowsItsNotesNotThePicker() {
        // c starts on the first category (Home); Enter opens it
        let (state, snapshot) = start([.character("c"), .enter])
        #expect(state.picker == nil)
        #expect(state.screen == .notes)
        #expect(state.filter.categoryID == UIFixtures.home.id)
        #expect(listedTitles(state, snapshot) == ["Groceries"])
    }

    @Test func allNotesAndUncategorizedAreTheFirstRows() throws {
        let (state, snapshot) = start([.character("c")])
        let lines = UIFixtures.render(state, UIFixtures.database, width: 60, height: 10).lines
        #expect(lines[1].hasPrefix("    All notes") && lines[1].contains("3 notes"))
        #expect(lines[2].hasPrefix("    Uncategorized") && lines[2].contains("1 note"))
        #expect(lines[3].hasPrefix("    Home"))
        #expect(lines[4].hasPrefix("    Work"))

        let (uncategorized, _) = start([.character("c"), .character("k"), .character(" ")])
        #expect(uncategorized.filter.scope == .uncategorized)
        #expect(listedTitles(uncategorized, snapshot) == ["Loose idea"])
        let header = UIFixtures.render(uncategorized, UIFixtures.database, width: 60, height: 10).lines[0]
        #expect(header.contains("1 of 3 notes  in no category"))

        let (all, _) = start([.character("c"), .enter, .character("c"), .character("g"), .character("f")])
        #expect(all.filter.scope == .all)
        #expect(listedTitles(all, snapshot).count == 3)
    }

    @Test func cStartsOnTheListsOwnCategory() {
        let (state, snapshot) = start([.character("c"), .character("j"), .enter, .character("c")])
        #expect(state.selectedCategory(in: snapshot)?.id == UIFixtures.work.id)
    }

    @Test func tabAndHFocusThePaneWhereMovingShowsACategoryAndTabOrLComesBack() {
        var (state, snapshot) = start([.tab])
        #expect(state.focusesCategoryPane)
        let lines = UIFixtures.render(state, UIFixtures.database, width: 100, height: 10).lines
        #expect(lines[1].hasPrefix("▶Categories"))
        _ = AppUpdate.update(&state, event: .key(.character("j")), snapshot: snapshot, now: UIFixtures.now)
        #expect(state.filter.scope == .uncategorized)  // a note is in no category
        #expect(listedTitles(state, snapshot) == ["Loose idea"])
        _ = AppUpdate.update(&state, event: .key(.character("j")), snapshot: snapshot, now: UIFixtures.now)
        #expect(state.filter.categoryID == UIFixtures.home.id)
        _ = AppUpdate.update(&state, event: .key(.down), snapshot: snapshot, now: UIFixtures.now)
        #expect(state.filter.categoryID == UIFixtures.work.id)
        #expect(listedTitles(state, snapshot) == ["Quarterly report"])
        _ = AppUpdate.update(&state, event: .key(.character("l")), snapshot: snapshot, now: UIFixtures.now)
        #expect(!state.focusesCategoryPane)
        // j moves in the list again, the category stays
        _ = AppUpdate.update(&state, event: .key(.character("j")), snapshot: snapshot, now: UIFixtures.now)
        #expect(state.filter.categoryID == UIFixtures.work.id)

        (state, snapshot) = start([.character("h"), .character("G"), .tab])
        #expect(!state.focusesCategoryPane && state.filter.categoryID == UIFixtures.work.id)
        (state, snapshot) = start([.tab, .character("j"), .character("g")])
        #expect(state.filter.scope == .all)
    }

    @Test func tabDoesNothingWhenThePaneIsNotShown() {
        let (state, _) = start([.tab], width: 50)
        #expect(!state.focusesCategoryPane)
    }

    @Test func aAsksANameThenOffersThePicker() throws {
        let (runner, terminal, repository) = UIFixtures.runner()
        terminal.press(.character("c"), .character("a"))
        terminal.type("Ideas")
        terminal.press(.enter)
        runner.run()
        let ideas = try #require(repository.contents.category(named: "Ideas"))
        #expect(runner.state.picker?.categoryID == ideas.id)
        #expect(terminal.lastBuffer?.lines.contains { $0.contains("Color of Ideas") } == true)
        terminal.press(.character("h"), .enter)  // red 255 → 254
        runner.run()
        #expect(repository.contents.categories[ideas.id]?.color != .white)
    }

    @Test func anEmptyCategorySaysSoInsteadOfNoNotesMatch() {
        let empty = Category(id: UIFixtures.uuid(3), name: "Empty", color: .white)
        let database = NotesDatabase(notes: [UIFixtures.idea], categories: [empty])
        let snapshot = NotesSnapshot(database)
        var state = AppState(size: TerminalSize(width: 80, height: 10))
        state.reconcile(with: snapshot)
        state.filter.set(query: "", categoryID: empty.id, in: snapshot.index)
        let lines = UIFixtures.render(state, database, width: 80, height: 10).lines.joined(separator: "\n")
        #expect(lines.contains("No notes in Empty yet"))
        #expect(!lines.contains("No notes match."))
    }
}
