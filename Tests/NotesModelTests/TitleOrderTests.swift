import Foundation
import NotesTestData
import Testing
import NotesModel

/// `list.sort = "title"`: folded titles, numbers by their value, pinned notes first; the
/// 8-byte sort key never contradicts the full comparison it stands for.
@Suite struct TitleOrderTests {
    static func sorted(_ titles: [String]) -> [String] {
        titles.map { Note(title: $0) }.sorted(by: NoteListOrder.title.precedes).map(\.title)
    }

    @Test func numbersInTitlesSortByValue() {
        #expect(Self.sorted(["Week 10", "Week 2", "week 1", "Week 100", "Week 9b", "Week 9"])
                == ["week 1", "Week 2", "Week 9", "Week 9b", "Week 10", "Week 100"])
        #expect(Self.sorted(["2024-1-10", "2024-01-09", "2024-1-9", "2023-12-31"])
                == ["2023-12-31", "2024-01-09", "2024-1-9", "2024-1-10"])
        // A long number past the key's eight bytes still counts by its value.
        #expect(Self.sorted(["Filler 10000000000", "Filler 9999999999", "Filler 2"])
                == ["Filler 2", "Filler 9999999999", "Filler 10000000000"])
    }

    @Test func aNumberSortsWhereADigitDidAgainstOtherCharacters() {
        #expect(Self.sorted(["a:", "a1", "a b", "a-", "ab", "a"]) == ["a", "a b", "a-", "a1", "a:", "ab"])
        #expect(Self.sorted(["Éclair 3", "eclair 20", "apple"]) == ["apple", "Éclair 3", "eclair 20"])
    }

    /// The key decides alone when two keys differ: it must agree with the whole comparison
    /// (pin, then the sort bytes, then the exact title, then the id) on every pair.
    @Test func theKeyAgreesWithTheWholeComparison() {
        let seed = UInt64.random(in: 1...UInt64.max)
        var random = SeededRandom(seed: seed)
        let pieces = ["Filler", "filler", "0", "00", "1", "2", "9", "10", "007", "12345678", "99999999999", " ", "-", "é", "E", "x"]
        let notes = (0..<400).map { _ in
            Note(title: (0..<random.int(0...5)).map { _ in random.pick(pieces) }.joined(), pinned: random.chance(0.1))
        }
        func whole(_ a: Note, _ b: Note) -> Bool {
            if a.pinned != b.pinned { return a.pinned }
            let first = NoteListOrder.titleSortBytes(a.title), second = NoteListOrder.titleSortBytes(b.title)
            if first != second { return first.lexicographicallyPrecedes(second) }
            if a.title != b.title { return a.title < b.title }
            return a.id.uuidString < b.id.uuidString
        }
        var smallest: (String, String)?, count = 0
        for a in notes {
            for b in notes where NoteListOrder.title.precedes(a, b) != whole(a, b) {
                count += 1
                if smallest.map({ $0.0.count + $0.1.count > a.title.count + b.title.count }) ?? true { smallest = (a.title, b.title) }
            }
        }
        #expect(count == 0, "seed \(seed): \(count) pairs ordered against the whole comparison; smallest \(String(describing: smallest))")
    }
}
