import Foundation
import Testing
@testable import NotesTerminal
@testable import NotesUI

/// The `?` help shows the keys of the current screen, laid out without overlap, and
/// scrolls where it does not fit.
struct HelpOverlayTests {
    /// The state on `screen` at `width`×`height` with the help open.
    func state(_ screen: AppState.Screen, width: Int, height: Int) -> AppState {
        var state = AppState(size: TerminalSize(width: width, height: height))
        state.screen = screen
        state.showsHelp = true
        return state
    }

    func render(_ state: AppState) -> [String] {
        UIFixtures.render(state, UIFixtures.database, width: state.size.width, height: state.size.height).lines
    }

    /// Every entry of `sections` is on screen whole: its key, then a space, then its action
    /// (or the start of it and `…`), with the key column of its box.
    func expectEveryEntryShown(_ sections: [KeyHelp.Section], in lines: [String],
                               sourceLocation: SourceLocation = #_sourceLocation) {
        let text = lines.joined(separator: "\n")
        for section in sections {
            #expect(text.contains(section.title), sourceLocation: sourceLocation)
            for entry in section.keys {
                let found = lines.indices.contains { index in
                    let line = lines[index]
                    guard let range = line.range(of: "  " + entry.key + " ") else { return false }
                    let restStart = line[range.upperBound...].firstIndex { $0 != " " } ?? line.endIndex
                    let column = line.distance(from: line.startIndex, to: restStart)
                    // The action, and the lines wrapped under it (at the same column, after spaces).
                    var shown = Self.segment(line, from: column)
                    var row = index + 1
                    while shown != entry.action, entry.action.hasPrefix(shown + " "), row < lines.count,
                          let more = Self.continuation(lines[row], at: column) {
                        shown += " " + more
                        row += 1
                    }
                    if shown == entry.action { return true }
                    guard shown.hasSuffix("…") else { return false }
                    return entry.action.hasPrefix(String(shown.dropLast()))
                }
                #expect(found, "\(entry.key) \(entry.action) is not shown whole:\n\(text)", sourceLocation: sourceLocation)
            }
        }
    }

    /// The text of `line` from `column` up to a box border or a gap of two spaces.
    static func segment(_ line: String, from column: Int) -> String {
        let characters = Array(line)
        guard column < characters.count else { return "" }
        var text = ""
        var index = column
        while index < characters.count, characters[index] != "│",
              !(characters[index] == " " && index + 1 < characters.count && characters[index + 1] == " ") {
            text.append(characters[index])
            index += 1
        }
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// The wrapped rest of an action on `line`: text at `column` with spaces before it.
    static func continuation(_ line: String, at column: Int) -> String? {
        let characters = Array(line)
        guard column >= 2, column < characters.count, characters[column - 1] == " ", characters[column - 2] == " ",
              characters[column] != " " else { return nil }
        let text = segment(line, from: column)
        return text.isEmpty ? nil : text
    }

    /// At 80×24 every screen's help is whole: no description cut short.
    @Test(arguments: [AppState.Screen.notes, .categories, .reading(UIFixtures.report.id)])
    func nothingIsCutAt80x24(screen: AppState.Screen) {
        let text = render(state(screen, width: 80, height: 24)).joined(separator: "\n")
        #expect(!text.contains("…"), "\(text)")
    }

    /// Where the rows allow (80×30), the read view's help wraps a long action under
    /// itself rather than cutting it.
    @Test func theReadHelpWrapsLongActionsWhereTheRowsAllow() {
        let state = state(.reading(UIFixtures.report.id), width: 80, height: 30)
        let lines = render(state)
        let text = lines.joined(separator: "\n")
        #expect(!text.contains("…"), "\(text)")
        expectEveryEntryShown(KeyHelp.sections(for: state), in: lines)
    }

    @Test(arguments: [AppState.Screen.notes, .categories, .reading(UIFixtures.report.id)])
    func eachScreenShowsItsOwnKeysWithoutOverlapAt80x24(screen: AppState.Screen) {
        let state = state(screen, width: 80, height: 24)
        let lines = render(state)
        expectEveryEntryShown(KeyHelp.sections(for: state), in: lines)
        #expect(lines.joined().contains("any key closes"))
    }

    @Test func theNotesHelpSaysWhatEnterAndEscDoInTheFilter() {
        let lines = render(state(.notes, width: 80, height: 24)).joined(separator: "\n")
        #expect(lines.contains("Enter") && lines.contains("keep the filter"))
        #expect(lines.contains("clear the filter"))
    }

    @Test func theCategoriesHelpLeavesOutTheNotesKeys() {
        let lines = render(state(.categories, width: 80, height: 24)).joined(separator: "\n")
        #expect(lines.contains("pick its color"))
        #expect(!lines.contains("filter as you type"))
    }

    @Test func onASmallScreenItScrollsAndShowsEveryEntry() {
        var state = state(.notes, width: 60, height: 15)
        var seen: [String] = []
        var screens = 0
        while screens < 40 {
            let lines = render(state)
            #expect(lines.joined().contains("j/k scroll"))
            seen += lines
            let before = state.helpScroll
            HelpOverlay.handle(.character("j"), &state)
            #expect(state.showsHelp)
            screens += 1
            if state.helpScroll == before { break }
        }
        expectEveryEntryShown(KeyHelp.sections(for: state), in: seen)
        HelpOverlay.handle(.character("k"), &state)
        #expect(state.showsHelp)
        HelpOverlay.handle(.character("x"), &state)
        #expect(!state.showsHelp)
        #expect(state.helpScroll == 0)
    }

    @Test func theKeysGivenToDownAndUpScrollIt() {
        var state = state(.notes, width: 60, height: 15)
        state.settings.keyMaps = ScreenKeyMaps().remapped([.down: [.character("n")], .up: [.character("e")]])
        HelpOverlay.handle(.character("n"), &state)
        #expect(state.showsHelp && state.helpScroll == 1)
        HelpOverlay.handle(.character("e"), &state)
        #expect(state.showsHelp && state.helpScroll == 0)
    }

    @Test(arguments: [Key.character("j"), .down, .pageDown, .home, .end, .character(" ")])
    func whereItFitsAnyKeyCloses(key: Key) {
        var state = state(.categories, width: 80, height: 24)
        HelpOverlay.handle(key, &state)
        #expect(!state.showsHelp)
    }

    @Test func theBoxNeverLeavesTheScreen() {
        for (width, height) in [(40, 10), (60, 15), (80, 24), (200, 60)] {
            for screen in [AppState.Screen.notes, .categories] {
                let layout = HelpOverlay.layout(KeyHelp.sections(for: state(screen, width: width, height: height)),
                                                size: TerminalSize(width: width, height: height))
                #expect(layout.box.x >= 0 && layout.box.maxX <= width)
                #expect(layout.box.y >= 0 && layout.box.maxY <= height - 1)
            }
        }
    }

    /// Columns that do not fit at their natural widths: a narrow one keeps what it needs
    /// and the wide ones get the rest, rather than an even split that cuts text beside room left unused.
    @Test func aNarrowColumnKeepsOnlyWhatItNeeds() {
        #expect(HelpOverlay.fairWidths([20, 50], total: 60) == [20, 40])
        #expect(HelpOverlay.fairWidths([50, 50], total: 61) == [31, 30])
        #expect(HelpOverlay.fairWidths([10, 40, 40], total: 70) == [10, 30, 30])
        #expect(HelpOverlay.fairWidths([10, 12], total: 30) == [10, 12])
    }

    /// The notes screen's help names every kind of search term, the `-` exclusion too.
    @Test func theSearchHelpNamesTheExclusion() {
        let lines = render(state(.notes, width: 120, height: 30))
        for term in ["word \"a b\"", "#tag @cat", "-word -#tag"] {
            #expect(lines.contains { $0.contains(term) }, "\(term) is in the help")
        }
    }

    @Test func theFilterLineSaysEnterKeepsAndEscClears() {
        var state = AppState(size: TerminalSize(width: 80, height: 24))
        state.isEditingFilter = true
        let lines = render(state)
        #expect(lines[23].hasPrefix("/"))
        #expect(lines[23].contains("Enter keeps  Esc clears"))
    }
}
