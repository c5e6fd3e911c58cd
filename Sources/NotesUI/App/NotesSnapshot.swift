import Foundation
import NotesCore

/// Everything the screens need from one version of the database, computed once per
/// change: the note index, categories in order, their colors, note counts and markers.
/// A change to notes only is applied to the index in place (`NotesSnapshot+Commit`);
/// any other change builds a new snapshot.
public struct NotesSnapshot: Sendable {
    public internal(set) var database: NotesDatabase
    public internal(set) var index: NoteIndex
    /// Categories sorted by name.
    public let categories: [Category]
    public let colors: [UUID: RGB8]
    /// A letter or digit per category, unique, drawn instead of its color in monochrome.
    public let markers: [UUID: Character]
    /// How many notes are in no category.
    public var uncategorizedCount: Int { index.uncategorizedCount }

    /// - Parameter searchText: `.inBackground` (what the app uses) makes the snapshot
    ///   ready to draw sooner; the first search waits for the rest.
    public init(_ database: NotesDatabase, searchText: NoteIndex.SearchTextBuild = .now) {
        self.database = database
        index = NoteIndex(database: database, searchText: searchText)
        categories = database.sortedCategories
        colors = database.categories.mapValues(\.color.rgb8)
        markers = Self.markers(for: categories)
    }

    public func noteCount(in category: UUID) -> Int {
        index.count(inCategory: category)
    }

    /// The first letter of each name not taken yet, else a digit or symbol.
    static func markers(for categories: [Category]) -> [UUID: Character] {
        var taken = Set<Character>()
        var result: [UUID: Character] = [:]
        let spare = Array("0123456789+*%&@$=~^")
        for category in categories {
            let letters = category.name.uppercased().filter { $0.isLetter && DisplayWidth.of($0) == 1 }
            let choice = letters.first { !taken.contains($0) } ?? spare.first { !taken.contains($0) } ?? "?"
            taken.insert(choice)
            result[category.id] = choice
        }
        return result
    }
}
