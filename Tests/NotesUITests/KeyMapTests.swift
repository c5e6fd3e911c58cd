import Foundation
import Testing
@testable import NotesModel
@testable import NotesTerminal
@testable import NotesUI

/// One key map per screen matches keys, draws the help and fills the footer: every key
/// that does something is in the map, and every entry of the map is in the help.
struct KeyMapTests {
    /// A screen reached by keys from the note list, with its snapshot.
    struct Screen: CustomTestStringConvertible, Sendable {
        var name: String
        var keys: [Key]
        var database: NotesDatabase
        var testDescription: String { name }
    }

    static let trashed: NotesDatabase = {
        var notes = UIFixtures.database.notes
        let idea = notes.removeValue(forKey: UIFixtures.idea.id)
        var gone = idea ?? UIFixtures.idea
        gone.deleted = UIFixtures.now
        return NotesDatabase(notesByID: notes, trash: [gone.id: gone], categories: Array(UIFixtures.database.categories.values),
                             recentColors: [])
    }()

    static let screens: [Screen] = [
        Screen(name: "notes", keys: [], database: UIFixtures.database),
        Screen(name: "notes, empty store", keys: [], database: NotesDatabase()),
        Screen(name: "reading", keys: [.enter], database: UIFixtures.database),
        Screen(name: "categories", keys: [.character("c")], database: UIFixtures.database),
        Screen(name: "categories, none", keys: [.character("c")], database: NotesDatabase()),
        Screen(name: "trash", keys: [.character("T")], database: trashed),
        Screen(name: "trash from categories", keys: [.character("c"), .character("T")], database: trashed),
        Screen(name: "color picker", keys: [.character("c"), .character("p")], database: UIFixtures.database),
        Screen(name: "category pane", keys: [.tab], database: UIFixtures.database),
        Screen(name: "category pane on a category", keys: [.character("h"), .character("j")], database: UIFixtures.database),
    ]

    /// The state after `screen.keys`, at `size`.
    static func state(_ screen: Screen, size: TerminalSize = TerminalSize(width: 100, height: 30)) -> (AppState, NotesSnapshot) {
        let snapshot = NotesSnapshot(screen.database)
        var state = AppState(size: size)
        state.reconcile(with: snapshot)
        for key in screen.keys {
            _ = AppUpdate.update(&state, event: .key(key), snapshot: snapshot, now: UIFixtures.now)
        }
        state.message = nil
        return (state, snapshot)
    }

    /// Every key a terminal sends that the app could act on.
    static let everyKey: [Key] = {
        var keys: [Key] = (32...126).compactMap { Unicode.Scalar($0).map { Key.character(Character($0)) } }
        keys += "abcdefghijklmnopqrstuvwxyz".map { Key.control($0) }
        keys += [.up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .enter, .escape, .tab, .backTab,
                 .backspace, .delete, .alt(.character("b")), .alt(.backspace), .character("é"), .character("東")]
        keys += (1...12).map { Key.function($0) }
        return keys
    }()

    @Test(arguments: screens)
    func aKeyNotInTheScreensMapChangesNothing(screen: Screen) throws {
        let (start, snapshot) = Self.state(screen)
        let map = try #require(KeyHelp.keyMap(for: start), "\(screen.name) has a key map")
        for key in Self.everyKey where map.action(for: key) == nil {
            var state = start
            let effects = AppUpdate.update(&state, event: .key(key), snapshot: snapshot, now: UIFixtures.now)
            #expect(effects.isEmpty && state == start, "\(key) is not in the \(map.title) map but acts on \(screen.name)")
        }
    }

    @Test(arguments: screens)
    func everyEntryOfTheScreensMapIsInItsHelp(screen: Screen) throws {
        var (state, snapshot) = Self.state(screen, size: TerminalSize(width: 120, height: 60))
        let map = try #require(KeyHelp.keyMap(for: state))
        state.showsHelp = true
        let buffer = AppRender.render(state, snapshot: snapshot, size: state.size, colorMode: .trueColor,
                                      timeZone: UIFixtures.utc)
        for binding in map.allBindings {
            let shown = buffer.lines.contains { line in
                guard let range = line.range(of: "  " + binding.label + " ") else { return false }
                return line[range.upperBound...].drop { $0 == " " }.hasPrefix(binding.help)
            }
            #expect(shown, "\(binding.label) \(binding.help) is missing from the help of \(screen.name)")
        }
    }

    @Test func theReadViewsHelpNamesFindMatchesUndoAndRedraw() {
        var (state, snapshot) = Self.state(Self.screens[2], size: TerminalSize(width: 100, height: 40))
        state.showsHelp = true
        let text = AppRender.render(state, snapshot: snapshot, size: state.size, colorMode: .trueColor,
                                    timeZone: UIFixtures.utc).lines.joined(separator: "\n")
        for entry in ["/ ", "n/N ", "u Ctrl-R ", "Ctrl-L ", "Ctrl-Z "] {
            #expect(text.contains("  " + entry), "the read view's help lacks \(entry)")
        }
    }

    @Test func theCategoriesHelpNamesUndoAndTheEnds() {
        var (state, snapshot) = Self.state(Self.screens[3], size: TerminalSize(width: 100, height: 40))
        state.showsHelp = true
        let text = AppRender.render(state, snapshot: snapshot, size: state.size, colorMode: .trueColor,
                                    timeZone: UIFixtures.utc).lines.joined(separator: "\n")
        #expect(text.contains("u Ctrl-R") && text.contains("g/G") && text.contains("Enter f Space"))
    }

    @Test func questionMarkInThePickerShowsThePickersKeysAndClosesBackToIt() throws {
        var (state, snapshot) = Self.state(Self.screens[7])
        #expect(state.picker != nil)
        _ = AppUpdate.update(&state, event: .key(.character("?")), snapshot: snapshot, now: UIFixtures.now)
        #expect(state.showsHelp)
        let text = AppRender.render(state, snapshot: snapshot, size: state.size, colorMode: .trueColor,
                                    timeZone: UIFixtures.utc).lines.joined(separator: "\n")
        #expect(text.contains("Color picker") && text.contains("type a hex value"))
        _ = AppUpdate.update(&state, event: .key(.character("x")), snapshot: snapshot, now: UIFixtures.now)
        #expect(!state.showsHelp && state.picker != nil)
    }
}
