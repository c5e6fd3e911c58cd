import Foundation
import Testing
import NotesModel
import NotesTerminal
import NotesTestSupport
import NotesUI

/// Quick open typed key by key, with backspaces, on seeded stores of titles made like the
/// bench's (words from a small vocabulary), with duplicate titles and long titles (more
/// than 8 words, or words starting past byte 254, whose word starts the summary does not
/// keep): every step ranks the best hits exactly as scoring every title does.
@Suite struct QuickOpenSeededStoreTests {
    static let words = ["meeting", "notes", "month", "the", "to", "a", "groceries", "garden", "swift", "release",
                        "rules", "café", "日本", "tomorrow", "migration", "zz", "e"]
    static let separators = [" ", " ", " ", " ", "-", "/", ", ", ""]

    /// `count` titles: most of 1 to 8 words, some repeated, some long.
    static func titles(_ count: Int, seed: UInt64) -> [String] {
        var random = SeededRandom(seed: seed)
        var titles: [String] = []
        for _ in 0..<count {
            if !titles.isEmpty, random.chance(0.2) {
                titles.append(random.pick(titles))
                continue
            }
            let words = random.chance(0.1) ? random.int(9...40) : random.int(1...8)
            titles.append((0..<words).map { _ in random.pick(Self.words) + random.pick(Self.separators) }.joined())
        }
        return titles
    }

    static let typed = ["mtng nts", "grcrs", "swft rls", "café", "日本", "zzz", "e", "the m"]

    @Test(arguments: [UInt64(101), 102, 103])
    func typingKeyByKeyRanksAsScoringEveryTitle(seed: UInt64) {
        let index = NoteIndex(database: QuickOpenTests.database(Self.titles(3_000, seed: seed)))
        for text in Self.typed {
            var open = QuickOpen(in: index)
            let keys = text.map { Key.character($0) } + [.backspace, .backspace, .character("s")]
            for key in keys {
                #expect(open.handle(key, in: index, page: 10) == nil)
                // An empty field lists the most recent notes, not a ranking.
                guard !open.field.text.isEmpty else { continue }
                let expected = QuickOpenIndexTests.everyTitleRanked(open.field.text, in: index, limit: QuickOpen.limit)
                let listed = expected.map { index.note(at: Int($0.position)).id }
                #expect(open.rows.map(\.id) == listed, "seed \(seed): \(open.field.text)")
            }
        }
    }
}
