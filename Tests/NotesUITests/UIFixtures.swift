import Foundation
import NotesColor
import NotesModel
import NotesTerminal
import NotesUI

/// A small fixed database and helpers, so screens render the same on every run.
enum UIFixtures {
    static let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current
    /// The clock of the app in tests: 2025-03-05 12:00 UTC.
    static let now = Date(timeIntervalSince1970: 1_741_176_000)

    static let blue = RGB8(red: 0x3A, green: 0x7B, blue: 0xD5)
    static let yellow = RGB8(red: 0xF4, green: 0xD0, blue: 0x3F)

    static let work = Category(id: uuid(1), name: "Work", color: SerializableColor(blue))
    static let home = Category(id: uuid(2), name: "Home", color: SerializableColor(yellow))

    static let report = Note(id: uuid(11), title: "Quarterly report", body: "Numbers for Q3.\nSend to Ana before Friday.",
                             created: Date(timeIntervalSince1970: 1_740_909_600), categoryID: work.id,
                             tags: ["q3", "report"])
    static let groceries = Note(id: uuid(12), title: "Groceries", body: "Milk, eggs, bread",
                                created: Date(timeIntervalSince1970: 1_740_853_800), categoryID: home.id,
                                tags: ["shopping"])
    static let idea = Note(id: uuid(13), title: "Loose idea", body: "A notes app in the terminal",
                           created: Date(timeIntervalSince1970: 1_740_643_200))

    static var database: NotesDatabase {
        NotesDatabase(notes: [report, groceries, idea], categories: [work, home])
    }

    static func uuid(_ number: Int) -> UUID {
        let tail = String(number)
        let padded = String(repeating: "0", count: 12 - tail.count) + tail
        return UUID(uuidString: "00000000-0000-0000-0000-" + padded) ?? UUID()
    }

    static func render(_ state: AppState, _ database: NotesDatabase, width: Int, height: Int,
                       colorMode: ColorMode = .trueColor) -> ScreenBuffer {
        var state = state
        state.size = TerminalSize(width: width, height: height)
        let snapshot = NotesSnapshot(database)
        state.reconcile(with: snapshot)
        return AppRender.render(state, snapshot: snapshot, size: state.size, colorMode: colorMode, timeZone: utc)
    }

    /// A runner over an in-memory repository and terminal, with the fixed clock and zone.
    static func runner(_ database: NotesDatabase = database, width: Int = 80, height: Int = 20,
                       colorMode: ColorMode = .trueColor,
                       editBody: @escaping (String) throws -> String = { $0 })
        -> (AppRunner, MemoryTerminal, InMemoryNotesRepository) {
        let terminal = MemoryTerminal(size: TerminalSize(width: width, height: height), colorMode: colorMode)
        let repository = InMemoryNotesRepository(database)
        let runner = AppRunner(terminal: terminal, repository: repository, timeZone: utc, now: { now },
                               editBody: editBody)
        return (runner, terminal, repository)
    }
}
