import Foundation
import NotesTestSupport
import Testing
@testable import NotesModel
@testable import NotesTerminal
@testable import NotesUI

/// Issue 11: the read view wraps a long note block by block, and shows exactly what
/// wrapping the whole body shows (the old way, kept here as the reference).
@Suite struct LazyReadViewTests {
    /// A body of words, spaces, tabs, empty lines, long words and wide characters.
    static func body(seed: UInt64, words: Int) -> String {
        var random = SeededRandom(seed: seed)
        let pieces = ["a", "word", "longer", "café", "漢字", "👍🏽", "e\u{301}", "\t", " ", "  ", "\n", "\n\n",
                      "averyveryverylongwordthatneedscutting", "x"]
        return (0..<words).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined(separator: " ")
    }

    static func allLines(_ note: Note, width: Int, cache: WrappedBodyCache = WrappedBodyCache()) -> [String] {
        ReadLayout.with(note, width: width, cache: cache) { $0.lines(from: .top, count: .max).map(\.text) }
    }

    @Test func theLazyViewShowsTheSameLinesAsTheFullWrapAtManyWidthsAndPlaces() {
        for seed in 1...12 {
            let body = Self.body(seed: UInt64(seed), words: 300)
            let note = Note(title: "t", body: body)
            for width in [1, 2, 3, 5, 8, 13, 21, 40, 78] {
                let reference = TextWrap.lines(body, width: width)
                #expect(Self.allLines(note, width: width) == reference, "seed \(seed) width \(width)")
                ReadLayout.with(note, width: width, cache: WrappedBodyCache()) { layout in
                    for (step, rows) in [(1, 1), (7, 5), (23, 10)] {
                        var position = ReadPosition.top
                        for index in stride(from: 0, to: reference.count, by: step) {
                            let shown = layout.lines(from: position, count: rows).map(\.text)
                            #expect(shown == Array(reference[index..<min(reference.count, index + rows)]),
                                    "seed \(seed) width \(width) line \(index)")
                            position = layout.forward(position, by: step)
                        }
                        // Backward from the last line, step by step, meets the same lines.
                        position = layout.lastLine()
                        for index in stride(from: reference.count - 1, through: 0, by: -step) {
                            #expect(layout.lines(from: position, count: 1).first?.text == reference[index])
                            position = layout.backward(position, by: step)
                        }
                    }
                }
            }
        }
    }

    @Test func aParagraphLongerThanAPieceIsCutTheSameWayForwardAndBackward() {
        let paragraph = Self.body(seed: 99, words: 60_000).replacingOccurrences(of: "\n", with: " ")
        let note = Note(title: "t", body: "first\n" + paragraph + "\nlast")
        #expect(paragraph.utf8.count > 5 * BodyBlocks.pieceBytes)
        ReadLayout.with(note, width: 37, cache: WrappedBodyCache()) { layout in
            let forward = layout.lines(from: .top, count: .max).map(\.text)
            #expect(forward == layout.linesWalkedBackward())
            #expect(forward.first == "first" && forward.last == "last")
            #expect(forward.allSatisfy { DisplayWidth.of($0) <= 37 })
            // Nothing lost: the lines hold every non-space character of the body.
            #expect(forward.joined().filter { $0 != " " } == note.body.filter { $0 != " " && $0 != "\n" && $0 != "\t" })
        }
    }

    @Test func endShowsTheLastLinesAndEachKeyWrapsABoundedPart() {
        // A 6 MB note of one paragraph, and one of many short lines.
        let oneParagraph = String(repeating: "lorem ipsum dolor sit amet ", count: 230_000) + "THE END"
        let manyLines = (0..<300_000).map { "log line \($0)" }.joined(separator: "\n")
        for body in [oneParagraph, manyLines] {
            let note = Note(title: "big", body: body)
            let bound = 3 * BodyBlocks.pieceBytes + 4096
            ReadLayout.with(note, width: 78, cache: WrappedBodyCache()) { layout in
                let end = layout.endTop(rows: 20)
                let shown = layout.lines(from: end, count: 20).map(\.text)
                #expect(shown.count == 20)
                #expect(shown.last?.hasSuffix(body == manyLines ? "log line 299999" : "sit amet THE END") == true)
                #expect(layout.wrappedBytes <= bound, "G wrapped \(layout.wrappedBytes) bytes")
            }
            ReadLayout.with(note, width: 78, cache: WrappedBodyCache()) { layout in
                let page = layout.forward(.top, by: 500)
                _ = layout.lines(from: layout.backward(page, by: 20), count: 20)
                #expect(layout.wrappedBytes <= bound + 500 * 80, "pages wrapped \(layout.wrappedBytes) bytes")
            }
        }
    }

    @Test func findFindsAHitFarDownWrappingOnlyItsBlock() throws {
        var lines = (0..<200_000).map { "ordinary line \($0)" }
        lines[190_000] = "here is the Nééedle we want"
        let note = Note(title: "big", body: lines.joined(separator: "\n"))
        let patterns = ReadSearch.patterns(for: "NEEEDLE")
        let offset = lines[..<190_000].reduce(0) { $0 + $1.utf8.count + 1 }
        let (first, wrapped, next, previous, below) = ReadLayout.with(note, width: 78, cache: WrappedBodyCache()) { layout in
            let first = ReadSearch.first(from: .top, patterns: patterns, in: &layout)
            let wrapped = layout.wrappedBytes
            guard let match = first?.match else { return (first, wrapped, first, first, first) }
            return (first, wrapped, ReadSearch.step(from: match, forward: true, patterns: patterns, in: &layout),
                    ReadSearch.step(from: match, forward: false, patterns: patterns, in: &layout),
                    ReadSearch.first(from: ReadPosition(block: offset + 40, line: 0), patterns: patterns, in: &layout))
        }
        let found = try #require(first)
        #expect(found.match.position == ReadPosition(block: offset, line: 0))
        #expect(found.match.characters == 12..<19)
        #expect(!found.wentRound)
        #expect(wrapped <= 100, "only the hit's block is wrapped")
        // n and N go round to the same, only match.
        #expect(next?.match == found.match && next?.wentRound == true)
        #expect(previous?.match == found.match && previous?.wentRound == true)
        // From below the hit, the search goes round to the top and finds it.
        #expect(below?.match == found.match && below?.wentRound == true)
    }

    @Test func gAndSlashInTheAppShowTheEndAndAFarHit() throws {
        var lines = (1...5_000).map { "row \($0)" }
        lines[4_000] = "a far needle"
        let note = Note(title: "Big", body: lines.joined(separator: "\n"), created: UIFixtures.now)
        let (runner, terminal, _) = UIFixtures.runner(NotesDatabase(notes: [note]), width: 40, height: 10)
        terminal.press(.enter, .character("G"))
        runner.run()
        var buffer = try #require(terminal.lastBuffer)
        #expect(buffer.lines[8].hasPrefix(" row 5000"))
        #expect(buffer.lines[4].hasPrefix(" row 4996"))  // the dates take two lines at 40 columns
        terminal.press(.character("g"))
        terminal.type("/needle")
        terminal.press(.enter)
        runner.run()
        buffer = try #require(terminal.lastBuffer)
        #expect(buffer.lines.contains { $0.hasPrefix(" a far needle") })
        terminal.press(.pageDown)
        runner.run()
        #expect(terminal.lastBuffer?.lines.contains { $0.hasPrefix(" row 4006") } == true)
    }
}
