import Foundation
import Testing
import NotesModel
import NotesTerminal
import NotesUI

/// The reusable chooser (used by `m`): narrowing, moving, picking, none, cancel.
@Suite struct ChooserTests {
    private let work = UIFixtures.work.id
    private let home = UIFixtures.home.id
    private var chooser: Chooser {
        Chooser(title: "Move to", items: [
            ChooserItem(id: nil, title: "(no category)"),
            ChooserItem(id: home, title: "Home", swatch: UIFixtures.yellow),
            ChooserItem(id: work, title: "Work", swatch: UIFixtures.blue),
            ChooserItem(id: UIFixtures.uuid(3), title: "Études"),
        ], selected: work)
    }

    @Test func startsOnTheCurrentChoice() {
        #expect(chooser.highlighted?.id == work)
    }

    @Test func typingNarrowsIgnoringCaseAndAccents() {
        var narrowed = chooser
        for character in "ETU" { #expect(narrowed.handle(.character(character)) == nil) }
        #expect(narrowed.visibleItems.map(\.title) == ["Études"])
        #expect(narrowed.handle(.enter) == .picked(UIFixtures.uuid(3)))
    }

    @Test func arrowsMoveAndStopAtTheEnds() {
        var moved = chooser
        _ = moved.handle(.down)
        _ = moved.handle(.down)
        _ = moved.handle(.down)
        #expect(moved.highlighted?.title == "Études")
        _ = moved.handle(.pageUp, page: 10)
        #expect(moved.highlighted?.title == "(no category)")
        #expect(moved.handle(.enter) == .picked(nil))
    }

    @Test func dashPicksNoneOnlyWhenNothingIsTyped() {
        var empty = chooser
        #expect(empty.handle(.character("-")) == .picked(nil))
        var typed = chooser
        _ = typed.handle(.character("w"))
        #expect(typed.handle(.character("-")) == nil)
        #expect(typed.field.text == "w-")
    }

    @Test func noMatchMeansEnterPicksNothing() {
        var none = chooser
        _ = none.handle(.paste("zzz"))
        #expect(none.visibleItems.isEmpty)
        #expect(none.handle(.enter) == nil)
        _ = none.handle(.control("u"))
        #expect(none.visibleItems.count == 4)
    }

    @Test func escapeAndControlCCancel() {
        var first = chooser
        #expect(first.handle(.escape) == .cancelled)
        var second = chooser
        #expect(second.handle(.control("c")) == .cancelled)
    }

    @Test func tagTextIsSplitNormalizedAndChecked() {
        // Commas alone separate tags: a tag with a blank stays one tag, as `--tag "veg patch"` does.
        #expect(TagListInput.parse("#Work, urgent,  Q3,,") == .success(["work", "urgent", "q3"]))
        #expect(TagListInput.parse("garden, veg patch") == .success(["garden", "veg patch"]))
        #expect(TagListInput.parse("  ") == .success([]))
        #expect(TagListInput.parse("ok, #") == .failure(.empty("#")))
        #expect(TagListInput.parse("evil\u{202E}tag") == .failure(.badCharacter(tag: "evil\u{202E}tag", character: "\u{202E}")))
        #expect(TagListInput.text(for: ["b", "veg patch", "a"]) == "a, b, veg patch")
        // What the field shows reads back as the same tags.
        let tags: Set<String> = ["garden", "veg patch", "a b c"]
        #expect(TagListInput.parse(TagListInput.text(for: tags)) == .success(tags))
    }
}

/// The move chooser follows the store: a category deleted in another process leaves it,
/// and picking one that went meanwhile says so instead of a raw-id error.
struct StaleChooserTests {
    @Test func aCategoryDeletedElsewhereLeavesTheOpenChooser() throws {
        let snapshot = NotesSnapshot(UIFixtures.database)
        var state = AppState(size: TerminalSize(width: 80, height: 24))
        state.reconcile(with: snapshot)
        _ = AppUpdate.update(&state, event: .key(.character("m")), snapshot: snapshot, now: UIFixtures.now)
        #expect(state.chooser?.chooser.items.map(\.title) == ["(no category)", "Home", "Work"])

        let without = NotesSnapshot(NotesDatabase(notes: Array(UIFixtures.database.notes.values), categories: [UIFixtures.work]))
        state.reconcile(with: without)
        #expect(state.chooser?.chooser.items.map(\.title) == ["(no category)", "Work"])
    }

    @Test func pickingACategoryThatWentMeanwhileSaysSo() throws {
        let snapshot = NotesSnapshot(UIFixtures.database)
        var state = AppState(size: TerminalSize(width: 80, height: 24))
        state.reconcile(with: snapshot)
        _ = AppUpdate.update(&state, event: .key(.character("m")), snapshot: snapshot, now: UIFixtures.now)
        _ = AppUpdate.update(&state, event: .key(.down), snapshot: snapshot, now: UIFixtures.now)
        let highlighted = try #require(state.chooser?.chooser.highlighted?.id)
        // The store changed, but this update still sees no new version yet being applied.
        let without = NotesSnapshot(NotesDatabase(notes: Array(UIFixtures.database.notes.values), categories: []))
        let effects = AppUpdate.update(&state, event: .key(.enter), snapshot: without, now: UIFixtures.now)
        #expect(effects.isEmpty)
        #expect(state.message?.text == "That category is gone; nothing moved")
        #expect(UIFixtures.database.categories[highlighted] != nil)
    }
}
