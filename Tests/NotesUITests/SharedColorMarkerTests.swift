import Foundation
import Testing
@testable import NotesColor
@testable import NotesModel
@testable import NotesTerminal
@testable import NotesUI

/// With 8 or 16 colors, categories that land on the same color get their marker letter
/// in the swatch, as in monochrome; with more colors, swatches stay plain.
struct SharedColorMarkerTests {
    let navy = Category(id: UIFixtures.uuid(21), name: "Navy", color: SerializableColor(RGB8(red: 0x12, green: 0x34, blue: 0x56)))
    let ocean = Category(id: UIFixtures.uuid(22), name: "Ocean", color: SerializableColor(RGB8(red: 0x1A, green: 0x1A, blue: 0x90)))
    let red = Category(id: UIFixtures.uuid(23), name: "Red", color: SerializableColor(RGB8(red: 0xE0, green: 0x10, blue: 0x10)))

    var database: NotesDatabase {
        NotesDatabase(notes: [
            Note(id: UIFixtures.uuid(31), title: "In navy", created: UIFixtures.now, categoryID: navy.id),
            Note(id: UIFixtures.uuid(32), title: "In ocean", created: UIFixtures.now, categoryID: ocean.id),
            Note(id: UIFixtures.uuid(33), title: "In red", created: UIFixtures.now, categoryID: red.id),
        ], categories: [navy, ocean, red])
    }

    @Test func onlyCategoriesSharingAColorGetMarkers() {
        let snapshot = NotesSnapshot(database)
        #expect(TerminalColor.number(for: navy.color.rgb8, mode: .ansi8) == TerminalColor.number(for: ocean.color.rgb8, mode: .ansi8))
        #expect(snapshot.marker(for: navy.id, in: .ansi8) == "N")
        #expect(snapshot.marker(for: ocean.id, in: .ansi8) == "O")
        #expect(snapshot.marker(for: red.id, in: .ansi8) == nil)
        #expect(snapshot.marker(for: red.id, in: .monochrome) == "R")
        #expect(snapshot.marker(for: navy.id, in: .palette256) == nil)
        #expect(snapshot.marker(for: navy.id, in: .trueColor) == nil)
    }

    @Test func theListAndThePaneShowTheMarkersWithEightColors() {
        let buffer = UIFixtures.render(AppState(size: TerminalSize(width: 80, height: 12)), database, width: 80, height: 12, colorMode: .ansi8)
        let text = buffer.lines.joined(separator: "\n")
        #expect(text.contains("N  Navy"), "\(text)")
        #expect(text.contains("O  Ocean"), "\(text)")
        #expect(text.contains("N  In navy") || text.contains("N ▶In navy"), "\(text)")
        #expect(!text.contains("R  Red"), "\(text)")
        #expect(!text.contains("R  In red"), "\(text)")
    }
}
