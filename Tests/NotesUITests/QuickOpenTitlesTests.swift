import Foundation
import NotesTestSupport
import Testing
import NotesModel
@testable import NotesUI

/// Quick open scores each slot's folded title from a column of the titles alone
/// (`SearchText.titles`), built with the search text and appended with each changed note.
@Suite struct QuickOpenTitlesTests {
    static func title(_ text: SearchText, _ slot: Int) -> [UInt8] {
        Array(text.titles.bytes[text.titles.starts[slot]..<text.titles.starts[slot + 1]])
    }

    @Test func eachSlotHoldsItsFoldedTitleAfterBuildingAndAppending() {
        var notes = ["Café Crème", "", "Garden plan", "日本語のメモ"].enumerated().map { offset, title in
            Note(id: UIFixtures.uuid(300 + offset), title: title)
        }
        notes[2].aliases = ["Allotment"]
        var text = SearchText(notes: Dictionary(uniqueKeysWithValues: notes.map { ($0.id, $0) }), ids: notes.map(\.id))
        var renamed = notes[0]
        renamed.title = "Straße"
        text.append(renamed)
        text.append(Note(id: UIFixtures.uuid(310), title: ""))
        let expected = (notes.map(\.title) + ["Straße", ""]).map(SearchFolding.fold)
        #expect(text.titles.count == text.slotCount)
        #expect((0..<text.slotCount).map { Self.title(text, $0) } == expected)
        // What the scan reads: the same bytes as the title at the slot's start in the search text.
        for slot in 0..<text.slotCount {
            #expect(Array(text.bytes[text.starts[slot]..<(text.starts[slot] + expected[slot].count)]) == expected[slot])
        }
    }
}

/// Quick open reads each slot's `TitleSummary` a field at a time (`SearchText.titleSummaries`,
/// `TitleSummaryColumns`), built with the search text and appended with each changed note.
@Suite struct TitleSummaryColumnsTests {
    @Test func eachSlotHoldsItsTitlesSummaryAfterBuildingAndAppending() {
        var notes = ["Café Crème", "", "Garden plan, 2nd-draft", "日本語のメモ", "a b c d e f g h i j"].enumerated().map { offset, title in
            Note(id: UIFixtures.uuid(320 + offset), title: title)
        }
        notes[2].aliases = ["Allotment"]
        var text = SearchText(notes: Dictionary(uniqueKeysWithValues: notes.map { ($0.id, $0) }), ids: notes.map(\.id))
        var renamed = notes[2]
        renamed.title = "Straße"
        text.append(renamed)
        text.append(Note(id: UIFixtures.uuid(330), title: "mt ng"))
        var expected = notes.map { TitleSummary(of: SearchFolding.fold($0.title)) }
        expected[2] = expected[2].merged(with: TitleSummary(of: SearchFolding.fold("Allotment")))
        expected.append(TitleSummary(of: SearchFolding.fold("Straße")).merged(with: TitleSummary(of: SearchFolding.fold("Allotment"))))
        expected.append(TitleSummary(of: SearchFolding.fold("mt ng")))
        #expect(text.titleSummaries.count == text.slotCount)
        #expect((0..<text.slotCount).map { text.titleSummaries[$0] } == expected)
        #expect(expected[2].wordOffsets == TitleSummary.unknownWords, "a note with an alias keeps no word starts")
        #expect(expected[6].wordOffsets != TitleSummary.unknownWords, "the test holds a title whose word starts are kept")
    }
}
