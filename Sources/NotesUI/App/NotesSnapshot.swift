import Foundation
import NotesColor
import NotesModel
import NotesTerminal

/// Everything the screens need from one version of the database, computed once per
/// change: the note index, categories in order, their colors, note counts and markers.
/// A change to notes or categories is applied to the index in place, the small category
/// tables made again (`NotesSnapshot+Commit`); a reload builds a new snapshot.
public struct NotesSnapshot: Sendable {
    public internal(set) var database: NotesDatabase
    public internal(set) var index: NoteIndex
    /// Categories sorted by name.
    public private(set) var categories: [Category]
    public private(set) var colors: [UUID: RGB8]
    /// A letter or digit per category, unique, drawn instead of its color in monochrome,
    /// and over it with 8 or 16 colors where categories share a color (`marker(for:in:)`).
    public private(set) var markers: [UUID: Character]
    /// The categories whose color is the same ANSI color as another one's, with 8 and 16 colors.
    private var sharedANSI8: Set<UUID>
    private var sharedANSI16: Set<UUID>
    /// While the app shows only the first notes of the list (`StoreLoading`): the whole
    /// store's counts, drawn instead of the index's; nil once the whole store is in.
    public internal(set) var wholeCounts: WholeStoreCounts? {
        didSet { index.holdsFirstNotesOnly = wholeCounts != nil }
    }
    /// Whether this snapshot holds only the first notes of the list (`wholeCounts`).
    public var isEarly: Bool { wholeCounts != nil }
    /// How many notes at the top of the list this snapshot shows exactly as `other` does:
    /// the same notes, unchanged, in the same places.
    public func sharedFirstNotes(with other: NotesSnapshot) -> Int {
        let limit = min(index.count, other.index.count)
        var shared = 0
        while shared < limit, index.note(at: shared) == other.index.note(at: shared) { shared += 1 }
        return shared
    }
    /// How many notes the store holds (the list's length when no filter is on).
    public var noteCount: Int { wholeCounts?.live ?? index.count }
    /// How many notes are in no category.
    public var uncategorizedCount: Int { wholeCounts?.uncategorized ?? index.uncategorizedCount }

    /// - Parameter searchText: `.inBackground` (what the app uses) makes the snapshot
    ///   ready to draw sooner; the first search waits for the rest.
    /// - Parameter order: the list's order below the pinned notes (the config's `list.sort`).
    public init(_ database: NotesDatabase, searchText: NoteIndex.SearchTextBuild = .now, order: NoteListOrder = .updated) {
        self.database = database
        index = NoteIndex(database: database, searchText: searchText, order: order)
        (categories, colors, markers, sharedANSI8, sharedANSI16) = Self.categoryTables(of: database)
    }

    /// Makes the category tables again from `database` (a few categories: microseconds),
    /// after a category change taken in place.
    mutating func takeInCategories(of database: NotesDatabase) {
        (categories, colors, markers, sharedANSI8, sharedANSI16) = Self.categoryTables(of: database)
    }

    /// The categories sorted by name, their colors, markers, and those sharing an ANSI color.
    private static func categoryTables(of database: NotesDatabase)
        -> ([Category], [UUID: RGB8], [UUID: Character], Set<UUID>, Set<UUID>) {
        let categories = database.sortedCategories
        let colors = database.categories.mapValues(\.color.rgb8)
        return (categories, colors, markers(for: categories), sharingAColor(colors, mode: .ansi8),
                sharingAColor(colors, mode: .ansi16))
    }

    /// The marker to draw in a category's swatch in `mode`: always in monochrome; with 8
    /// or 16 colors when another category is drawn in the same color, so that they stay
    /// apart; never with 256 or 24-bit colors.
    public func marker(for category: UUID, in mode: ColorMode) -> Character? {
        switch mode {
        case .monochrome: markers[category]
        case .ansi8: sharedANSI8.contains(category) ? markers[category] : nil
        case .ansi16: sharedANSI16.contains(category) ? markers[category] : nil
        case .palette256, .trueColor: nil
        }
    }

    /// The categories drawn in the same terminal color as another one in `mode`.
    static func sharingAColor(_ colors: [UUID: RGB8], mode: ColorMode) -> Set<UUID> {
        var byNumber: [Int32: [UUID]] = [:]
        for (id, color) in colors { byNumber[TerminalColor.number(for: color, mode: mode), default: []].append(id) }
        return Set(byNumber.values.filter { $0.count > 1 }.joined())
    }

    public func noteCount(in category: UUID) -> Int {
        guard let wholeCounts else { return index.count(inCategory: category) }
        return wholeCounts.byCategory[category] ?? 0
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
