import Foundation
import Testing
import NotesModel
import NotesTerminal
import NotesUI

/// The footer (the status line's keys) comes from the screen's key map: in priority
/// order for the width, `? help` and `q` always there, keys that need a note left out
/// on an empty store.
struct FooterTests {
    func footer(_ database: NotesDatabase, width: Int, keys: [Key] = []) -> String {
        let snapshot = NotesSnapshot(database)
        var state = AppState(size: TerminalSize(width: width, height: 24))
        state.reconcile(with: snapshot)
        for key in keys { _ = AppUpdate.update(&state, event: .key(key), snapshot: snapshot, now: UIFixtures.now) }
        state.message = nil
        let buffer = AppRender.render(state, snapshot: snapshot, size: state.size, colorMode: .trueColor,
                                      timeZone: UIFixtures.utc)
        return String(buffer.lines.last?.reversed().drop { $0 == " " }.reversed() ?? [])
    }

    @Test func aFullStoreAt60_80And120Columns() {
        #expect(footer(UIFixtures.database, width: 60) == "Enter open  n new  / find  c categories  ? help  q quit")
        #expect(footer(UIFixtures.database, width: 80)
                == "Enter open  n new  / find  c categories  e edit  d trash  ? help  q quit")
        #expect(footer(UIFixtures.database, width: 120)
                == "Enter open  n new  / find  c categories  e edit  d trash  r rename  m move  t tags  u undo  T trash  ? help  q quit")
    }

    @Test func anEmptyStoreLeavesOutWhatNeedsANote() {
        #expect(footer(NotesDatabase(), width: 60) == "n new  / find  c categories  u undo  T trash  ? help  q quit")
        #expect(footer(NotesDatabase(), width: 80)
                == "n new  / find  c categories  u undo  T trash  Tab pane  ? help  q quit")
        #expect(footer(NotesDatabase(), width: 120)
                == "n new  / find  c categories  u undo  T trash  Tab pane  v preview  S sync  ? help  q quit")
        for width in [60, 80, 120] {
            let text = footer(NotesDatabase(), width: width)
            for needsANote in ["Enter open", "e edit", "r rename", "m move", "t tags", "p pin", "d trash"] {
                #expect(!text.contains(needsANote), "\(needsANote) on an empty store at \(width)")
            }
        }
    }

    @Test(arguments: [40, 45, 60, 80, 120, 200])
    func helpAndQuitAreAlwaysThere(width: Int) {
        for database in [UIFixtures.database, NotesDatabase()] {
            let text = footer(database, width: width)
            #expect(text.hasSuffix("? help  q quit") && text.count <= width, "\(text) at \(width)")
        }
        #expect(footer(UIFixtures.database, width: width, keys: [.character("c")]).hasSuffix("? help  q back"))
        #expect(footer(UIFixtures.database, width: width, keys: [.enter]).hasSuffix("? help  q back"))
        #expect(footer(UIFixtures.database, width: width, keys: [.character("T")]).hasSuffix("? help  q back"))
        #expect(footer(UIFixtures.database, width: width, keys: [.character("c"), .character("p")])
                    .hasSuffix("Enter accept  ? help  Esc cancel"))
    }

    @Test func theCategoriesAndReadFootersAt80() {
        #expect(footer(UIFixtures.database, width: 80, keys: [.character("c")])
                == "Enter show notes  a add  p color  r rename  d delete  u undo  ? help  q back")
        #expect(footer(UIFixtures.database, width: 80, keys: [.enter])
                == "/ find  n/N match  R raw  e edit  d trash  r rename  m move  ? help  q back")
    }
}
