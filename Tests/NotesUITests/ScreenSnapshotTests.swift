import Foundation
import Testing
import NotesModel
import NotesTerminal
import NotesUI

/// Whole screens compared with literal lines.
@Suite struct ScreenSnapshotTests {
    let state = AppState(size: TerminalSize(width: 80, height: 24))

    @Test func noteListShowsStripsTitlesTagsAndDates() {
        let buffer = UIFixtures.render(state, UIFixtures.database, width: 72, height: 10)
        expectLines(buffer, [
            " notes  3 notes                                                         ",
            " Categories           │  ▶Quarterly report        #q3 #report 2025-03-02",
            "    All notes       3 │   Groceries               #shopping   2025-03-01",
            "    Uncategorized   1 │   Loose idea                          2025-02-27",
            "    Home            1 │                                                 ",
            "    Work            1 │                                                 ",
            "                      │                                                 ",
            "                      │                                                 ",
            "                      │                                                 ",
            "Enter open  n new  / find  c categories  e edit  d trash  ? help  q quit",
        ])
        // The strips: two cells in the category's color; none for the uncategorized note.
        #expect(buffer[23, 1].style.background == UIFixtures.blue)
        #expect(buffer[24, 1].style.background == UIFixtures.blue)
        #expect(buffer[23, 2].style.background == UIFixtures.yellow)
        #expect(buffer[23, 3].style.background == nil)
        // The swatches in the categories pane.
        #expect(buffer[1, 4].style.background == UIFixtures.yellow)
        #expect(buffer[1, 5].style.background == UIFixtures.blue)
        // The first row is selected (a marker, the title in reverse), the others are not.
        #expect(buffer[25, 1].text == "▶")
        #expect(buffer[26, 1].style.reverse)
        #expect(!buffer[26, 2].style.reverse)
    }

    @Test func wideScreenShowsThePreviewOfTheSelectedNote() {
        let buffer = UIFixtures.render(state, UIFixtures.database, width: 110, height: 10)
        expectLines(buffer, [
            " notes  3 notes                                                                                               ",
            " Categories           │  ▶Quarterly report          #q3 #report  2025-03-02│ Quarterly report                 ",
            "    All notes       3 │   Groceries                 #shopping    2025-03-01│ Work · 2025-03-02                ",
            "    Uncategorized   1 │   Loose idea                             2025-02-27│ #q3 #report                      ",
            "    Home            1 │                                                    │                                  ",
            "    Work            1 │                                                    │ Numbers for Q3.                  ",
            "                      │                                                    │ Send to Ana before Friday.       ",
            "                      │                                                    │                                  ",
            "                      │                                                    │                                  ",
            "Enter open  n new  / find  c categories  e edit  d trash  r rename  m move  t tags  u undo  ? help  q quit    ",
        ])
    }

    @Test func monochromeDrawsCategoryMarkersInsteadOfColors() {
        let buffer = UIFixtures.render(state, UIFixtures.database, width: 72, height: 10, colorMode: .monochrome)
        expectLines(buffer, from: 1, [
            " Categories           │W ▶Quarterly report        #q3 #report 2025-03-02",
            "    All notes       3 │H  Groceries               #shopping   2025-03-01",
            "    Uncategorized   1 │   Loose idea                          2025-02-27",
            " H  Home            1 │                                                 ",
            " W  Work            1 │                                                 ",
        ])
    }

    @Test func categoriesScreenListsSwatchNameColorAndCount() {
        var state = state
        state.screen = .categories
        state.categoryRow = AppState.categoryListHeads  // Home, as `c` selects it
        let buffer = UIFixtures.render(state, UIFixtures.database, width: 60, height: 10)
        expectLines(buffer, from: 0, [
            " Categories  2                                              ",
            "    All notes                                    3 notes    ",
            "    Uncategorized                                1 note     ",
            "    Home                                #F4D03F  1 note     ",
            "    Work                                #3A7BD5  1 note     ",
            "                                                            ",
        ])
        expectLines(buffer, from: 9, ["Enter show notes  a add  p color  r rename  ? help  q back  "])
        #expect(buffer[1, 3].style.background == UIFixtures.yellow)
        #expect(buffer[2, 4].style.background == UIFixtures.blue)
    }

    @Test func promptTakesWideCharacters() {
        var state = state
        state.screen = .categories
        state.prompt = .init(purpose: .newCategoryName, field: TextField(text: "日本語"))
        let buffer = UIFixtures.render(state, UIFixtures.database, width: 60, height: 10)
        expectLines(buffer, from: 9, ["New category name: 日本語                                   "])
        // The terminal's cursor is right after the text (19 + 3 × 2 columns).
        #expect(buffer.cursor == CursorPosition(x: 25, y: 9))
    }

    @Test func colorPickerShowsSwatchHexSlidersSampleAndRecentColors() {
        var state = state
        state.screen = .categories
        state.picker = .init(categoryID: UIFixtures.work.id,
                             picker: ColorPicker(start: UIFixtures.blue, recent: [UIFixtures.yellow, UIFixtures.blue]))
        let buffer = UIFixtures.render(state, UIFixtures.database, width: 52, height: 16)
        expectLines(buffer, from: 1, [
            "  ┌─ Color of Work ──────────────────────────────┐  ",
            "  │           #3A7BD5                            │  ",
            "  │           was #3A7BD5                        │  ",
            "  │                                              │  ",
            "  │ ▸ R  58 ████████···························· │  ",
            "  │   G 123 █████████████████··················· │  ",
            "  │   B 213 ██████████████████████████████······ │  ",
            "  │                                              │  ",
            "  │    A note in Work                            │  ",
            "  │ Recent 1   2                                 │  ",
            "  │                                              │  ",
            "  │ ←→ ±1 H/L ±16 # hex Enter ok Esc cancel      │  ",
            "  └──────────────────────────────────────────────┘  ",
        ])
        #expect(buffer[4, 2].style.background == UIFixtures.blue)  // the swatch
        #expect(buffer[4, 9].style.background == UIFixtures.blue)  // the sample row's strip
        #expect(buffer[12, 10].style.background == UIFixtures.yellow)  // recent color 1
    }

    @Test func monochromePickerShowsNumbersAndHex() {
        var state = state
        state.screen = .categories
        state.picker = .init(categoryID: UIFixtures.work.id,
                             picker: ColorPicker(start: UIFixtures.blue, recent: [UIFixtures.yellow, UIFixtures.blue]))
        let buffer = UIFixtures.render(state, UIFixtures.database, width: 52, height: 16, colorMode: .monochrome)
        // (rows 1 and 2 of the list are "All notes" and "Uncategorized", without a marker)
        expectLines(buffer, from: 2, ["  │ new       #3A7BD5                            │  "])
        expectLines(buffer, from: 3, [" H│ old       was #3A7BD5                        │  "])
        expectLines(buffer, from: 4, [" W│ terminal shows no colors (NO_COLOR or mono)  │  "])
        expectLines(buffer, from: 11, ["  │ Recent 1:F4D03F 2:3A7BD5                     │  "])
    }

    @Test func onAShortScreenThePickerKeepsSlidersAndHexEntry() {
        var state = state
        state.screen = .categories
        var picker = ColorPicker(start: UIFixtures.blue)
        _ = picker.handle(.character("#"))
        _ = picker.handle(.character("f"))
        state.picker = .init(categoryID: UIFixtures.work.id, picker: picker)
        let buffer = UIFixtures.render(state, UIFixtures.database, width: 40, height: 10)
        expectLines(buffer, from: 1, [
            "┌─ Color of Work ──────────────────────┐",
            "│           #3A7BD5                    │",
            "│ ▸ R  58 ██████······················ │",
            "│   G 123 ██████████████·············· │",
            "│   B 213 ███████████████████████····· │",
            "│    A note in Work                    │",
            "│ Hex #f                               │",
            "└──────────────────────────────────────┘",
        ])
    }

    @Test func tooSmallTerminalSaysSo() {
        let buffer = UIFixtures.render(state, UIFixtures.database, width: 39, height: 9)
        expectLines(buffer, [
            "                                       ",
            "                                       ",
            "                                       ",
            "          Terminal too small           ",
            "           39×9, need 40×10            ",
            "                q quits                ",
            "                                       ",
            "                                       ",
            "                                       ",
        ])
    }

    @Test func wideCharactersAndCombiningMarksAlign() {
        let wide = NotesDatabase(notes: [
            Note(id: UIFixtures.uuid(21), title: "会議のメモ", created: UIFixtures.now, tags: ["日本"]),
            Note(id: UIFixtures.uuid(22), title: "Party 🎉 plan", created: UIFixtures.now, tags: ["fun"]),
            Note(id: UIFixtures.uuid(23), title: "Cafe\u{301} menu", created: UIFixtures.now, tags: ["food"]),
            Note(id: UIFixtures.uuid(24), title: "とても長いタイトルのノートはここで切れるはずです", created: UIFixtures.now),
        ])
        let buffer = UIFixtures.render(AppState(size: TerminalSize(width: 60, height: 10)), wide, width: 60, height: 10)
        expectLines(buffer, from: 0, [
            " notes  4 notes                                             ",
            "  ▶Cafe\u{301} menu                       #food          2025-03-05",
            "   Party 🎉 plan                   #fun           2025-03-05",
            "   とても長いタイトルのノートはこ…                2025-03-05",
            "   会議のメモ                      #日本          2025-03-05",
        ])
        // Every date starts in the same column, whatever the title's characters.
        for row in 1...4 { #expect(buffer[50, row].text == "2") }
        #expect(buffer[3, 4].text == "会")
        #expect(buffer[4, 4].isContinuation)
    }
}
