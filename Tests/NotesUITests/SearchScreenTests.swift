import Foundation
import Testing
@testable import NotesModel
@testable import NotesTerminal
@testable import NotesUI

/// What the screens show of a search: the matched parts highlighted, and a long
/// category list scrolled to the active category.
@Suite struct SearchScreenTests {
    /// The cells of row `y` in match style (bold and underlined), as text.
    static func highlighted(_ buffer: ScreenBuffer, row y: Int) -> String {
        (0..<buffer.size.width).compactMap { x in
            let cell = buffer[x, y]
            return cell.style.bold && cell.style.underline ? cell.text : nil
        }.joined()
    }

    @Test func theFilterHighlightsItsWordsInTitlesAndThePreview() throws {
        // Given a note whose title and body hold the words in other forms
        let note = Note(title: "Crème brûlée for José", body: "Jose\u{301} says: CREME first, then brulee.",
                        created: UIFixtures.now)
        let database = NotesDatabase(notes: [note, UIFixtures.idea])
        var state = AppState(size: TerminalSize(width: 110, height: 10))
        let snapshot = NotesSnapshot(database)
        state.reconcile(with: snapshot)

        // When the filter holds unaccented words
        state.filter.set(query: "creme jose", categoryID: nil, in: snapshot.index)
        let buffer = AppRender.render(state, snapshot: snapshot, size: state.size, colorMode: .trueColor,
                                      timeZone: UIFixtures.utc)

        // Then the list row and the preview show exactly those words highlighted
        #expect(buffer.lines[0].contains("1 of 2 notes  matching creme jose"))
        let rowY = 1
        #expect(Self.highlighted(buffer, row: rowY).hasPrefix("CrèmeJosé"))  // list title, then preview title
        #expect(Self.highlighted(buffer, row: rowY) == "CrèmeJoséCrèmeJosé")
        let bodyRow = try #require(buffer.lines.firstIndex { $0.contains("says:") })
        #expect(Self.highlighted(buffer, row: bodyRow) == "Jose\u{301}CREME")
    }

    @Test func thePreviewShowsTheFirstMatchEvenFarDownTheBody() throws {
        // Given a note whose only match is on line 30 of its body
        let body = (1...40).map { $0 == 30 ? "Line 30 holds the Zürich address" : "Line \($0)" }.joined(separator: "\n")
        let note = Note(title: "Addresses", body: body, created: UIFixtures.now)
        var state = AppState(size: TerminalSize(width: 110, height: 10))
        let snapshot = NotesSnapshot(NotesDatabase(notes: [note]))
        state.reconcile(with: snapshot)

        // When the filter finds it
        state.filter.set(query: "zurich", categoryID: nil, in: snapshot.index)
        let buffer = AppRender.render(state, snapshot: snapshot, size: state.size, colorMode: .trueColor,
                                      timeZone: UIFixtures.utc)

        // Then the preview skips to just before the match, says so, and highlights it
        let preview = buffer.lines.map { String($0.dropFirst(77)).trimmingCharacters(in: .whitespaces) }
        #expect(Array(preview[4...6]) == ["…", "Line 29", "Line 30 holds the Zürich address"])
        #expect(Self.highlighted(buffer, row: 6) == "Zürich")
    }

    @Test func aTagTermIsHighlightedInTheTagColumnNotInTheTitle() {
        var state = AppState(size: TerminalSize(width: 80, height: 10))
        let snapshot = NotesSnapshot(UIFixtures.database)
        state.reconcile(with: snapshot)
        state.filter.set(query: "#rep @work", categoryID: nil, in: snapshot.index)
        let buffer = AppRender.render(state, snapshot: snapshot, size: state.size, colorMode: .trueColor,
                                      timeZone: UIFixtures.utc)
        #expect(state.filter.count(in: snapshot.index) == 1)
        #expect(buffer.lines[1].contains("Quarterly report"))
        #expect(buffer.lines[1].contains("#q3 #report"))
        // The `#` and the start the term matched, in the tag it matched; nothing of the title.
        #expect(Self.highlighted(buffer, row: 1) == "#rep")
    }

    @Test func aWordFoundInATagIsHighlightedThere() {
        var state = AppState(size: TerminalSize(width: 80, height: 10))
        let snapshot = NotesSnapshot(UIFixtures.database)
        state.reconcile(with: snapshot)
        state.filter.set(query: "hop", categoryID: nil, in: snapshot.index)
        let buffer = AppRender.render(state, snapshot: snapshot, size: state.size, colorMode: .trueColor,
                                      timeZone: UIFixtures.utc)
        #expect(state.filter.count(in: snapshot.index) == 1)
        #expect(buffer.lines[1].contains("#shopping"))
        #expect(Self.highlighted(buffer, row: 1) == "hop")
    }

    @Test(arguments: [
        // tags, query → highlighted ranges of "#tag #tag…"
        (["report", "q3"], "#rep", [0..<4]),
        (["report", "q3"], "#", [0..<1, 8..<9]),
        (["straße"], "#stras", [0..<6]),           // ß folds to ss: the character is highlighted whole
        (["straße"], "#s", [0..<2]),
        (["garden", "gardening"], "#garden", [0..<7, 8..<15]),
        (["garden"], "#den", []),                  // a tag term matches from the tag's start
        (["garden"], "den", [4..<7]),              // a word anywhere in it
        (["café"], "#cafe", [0..<5]),
        (["report"], "-#report", []),              // an exclusion shows nothing
    ] as [([String], String, [Range<Int>])])
    func tagRanges(_ tags: [String], _ query: String, _ expected: [Range<Int>]) {
        let search = SearchQuery(query)
        #expect(SearchHighlight.tagRanges(of: tags, textPatterns: search.textPatterns, tagPrefixes: search.tagPrefixes)
                    == expected)
    }

    @Test(arguments: [
        // count, active, room → rows, above, below
        (5, nil, 8, 0..<5, 0, 0),
        (58, nil, 6, 0..<5, 0, 53),
        (58, 3, 6, 0..<5, 0, 53),
        (58, 4, 6, 0..<5, 0, 53),
        (58, 5, 6, 2..<6, 2, 52),       // the active one on the last row, a "more" line each side
        (58, 30, 6, 27..<31, 27, 27),
        (58, 57, 6, 53..<58, 53, 0),
        (58, 53, 6, 53..<58, 53, 0),
    ] as [(Int, Int?, Int, Range<Int>, Int, Int)])
    func categoryPaneWindowKeepsTheActiveOneInView(count: Int, active: Int?, room: Int, rows: Range<Int>,
                                                   above: Int, below: Int) {
        let window = CategoriesPane.window(count: count, active: active, room: room)
        #expect(window.rows == rows && window.above == above && window.below == below)
        if let active { #expect(window.rows.contains(active)) }
        #expect(window.rows.count + (window.above > 0 ? 1 : 0) + (window.below > 0 ? 1 : 0) <= room)
    }

    @Test func aLongCategoryListScrollsToTheActiveCategoryAndSaysMoreExist() throws {
        // Given 58 categories and a filter on the 40th
        let categories = (1...58).map { Category(name: String(format: "Cat %02d", $0)) }
        let database = NotesDatabase(notes: [Note(title: "One", created: UIFixtures.now, categoryID: categories[39].id)],
                                     categories: categories)
        var state = AppState(size: TerminalSize(width: 80, height: 12))
        let snapshot = NotesSnapshot(database)
        state.reconcile(with: snapshot)
        state.filter.set(query: "", categoryID: categories[39].id, in: snapshot.index)

        let buffer = AppRender.render(state, snapshot: snapshot, size: state.size, colorMode: .trueColor,
                                      timeZone: UIFixtures.utc)
        let pane = buffer.lines.map { String($0.prefix(22)) }
        #expect(pane[1] == " Categories           ")
        #expect(pane[2].hasPrefix("    All notes"))
        #expect(pane[3] == " ▲ 34 more            ")
        #expect(pane[9].hasPrefix("    Cat 40"))
        #expect(buffer[5, 9].style.reverse)  // the active category
        #expect(pane[10] == " ▼ 18 more            ")
    }
}
