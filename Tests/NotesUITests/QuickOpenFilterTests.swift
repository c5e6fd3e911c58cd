import Foundation
import NotesTestSupport
import Testing
import NotesModel
import NotesTerminal
@testable import NotesUI

/// A query of two bytes or more gathers its candidates from every slot's byte mask
/// (`TitleSummaryColumns.bytes`), a chunk of slots at a time without a branch per slot (`QuickOpenScan.holding`): a slot passes
/// only when its title holds every byte of the query and it is not retired.
@Suite struct QuickOpenFilterTests {
    @Test func aSlotPassesOnlyWhenItHoldsEveryByteAndIsLive() {
        let titles = ["garden", "grade", "dog", "rag", "", "gardening club", "g d", "garden"]
        let masks = titles.map { TitleSummary(of: Array($0.utf8)).bytes }
        // Slot 5 and 7 are retired (position −1).
        let live: [Int32] = [0, 1, 2, 3, 4, -1, 5, -1]
        var passing = [Int32](repeating: -9, count: QuickOpenScan.filterChunk)
        let mask = TitleMask.of(Array("gd".utf8))
        let count = masks.withUnsafeBufferPointer { masks in
            live.withUnsafeBufferPointer { live in
                passing.withUnsafeMutableBufferPointer { passing in
                    QuickOpenScan.holding(mask, in: 0..<Int32(titles.count), masks.baseAddress!, live.baseAddress!,
                                          into: passing.baseAddress!)
                }
            }
        }
        #expect(Array(passing[..<count]) == [0, 1, 2, 6])
        let some = masks.withUnsafeBufferPointer { masks in
            live.withUnsafeBufferPointer { live in
                passing.withUnsafeMutableBufferPointer { passing in
                    QuickOpenScan.holding(mask, in: 1..<3, masks.baseAddress!, live.baseAddress!, into: passing.baseAddress!)
                }
            }
        }
        #expect(Array(passing[..<some]) == [1, 2])
    }

    /// Over more slots than a chunk, with slots retired by commits: typed key by key with
    /// backspaces, every step ranks as scoring every title.
    @Test func typingOverManyChunksWithRetiredSlotsRanksAsScoringEveryTitle() throws {
        var random = SeededRandom(seed: 58)
        let titles = QuickOpenSeededStoreTests.titles(3 * QuickOpenScan.filterChunk + 77, seed: 58)
        let notes = Array(QuickOpenTests.database(titles).notes.values)
        let repository = InMemoryNotesRepository(NotesDatabase(notes: notes, categories: IncrementalIndexTests.categories))
        var snapshot = NotesSnapshot(repository.contents, searchText: .inBackground)
        for _ in 0..<40 {
            try snapshot.commit(IncrementalIndexTests.changes(&random, in: repository.contents, count: 3), through: repository)
        }
        let index = snapshot.index
        for text in ["mtng", "gr", "ca", "e g"] {
            var open = QuickOpen(in: index)
            for key in text.map({ Key.character($0) }) + [.backspace, .backspace, .character("t")] {
                #expect(open.handle(key, in: index, page: 10) == nil)
                guard !open.field.text.isEmpty else { continue }
                let expected = QuickOpenIndexTests.everyTitleRanked(open.field.text, in: index, limit: QuickOpen.limit)
                #expect(open.rows.map(\.id) == expected.map { index.note(at: Int($0.position)).id }, "\(open.field.text)")
            }
        }
    }
}
