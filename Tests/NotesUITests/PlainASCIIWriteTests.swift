import NotesTerminal
import NotesTestBasics
import Testing

/// `ScreenBuffer.write` draws plain ASCII text (`DisplayWidth.withPlainASCII`) byte by byte;
/// it must draw exactly what the general path, cluster by cluster, draws.
@Suite struct PlainASCIIWriteTests {
    static let pieces = ["a", "Z", " ", "~", "#", "\n", "\t", "\r", "\r\n", "e\u{301}", "会", "🇫🇷", "\u{1B}", "é", "\u{7F}"]

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func plainASCIIIsDrawnAsTheGeneralPathDrawsIt(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        for _ in 0..<300 {
            let text = (0..<random.int(0...30)).map { _ in random.pick(random.chance(0.8) ? Array(Self.pieces.prefix(7)) : Self.pieces) }.joined()
            let x = random.int(-6...22), limit: Int? = random.chance(0.3) ? nil : random.int(0...25)
            var plain = ScreenBuffer(size: TerminalSize(width: 20, height: 1))
            let used = plain.write(text, x: x, y: 0, limit: limit)
            // "é" first takes the general path for the whole text: it draws at x - 1, the text from x on.
            var general = ScreenBuffer(size: TerminalSize(width: 20, height: 1))
            let generalUsed = general.write("é" + text, x: x - 1, y: 0, limit: (limit ?? 20) + 1)
            let columns = min(20, max(0, x))..<20
            let shown = columns.map { plain[$0, 0] }
            #expect(shown == columns.map { general[$0, 0] }, "seed \(seed): \(text.debugDescription) at \(x), limit \(String(describing: limit))")
            if x <= 20 { #expect(used == generalUsed - 1, "seed \(seed): \(text.debugDescription)") }
            #expect(DisplayWidth.of(text) == text.reduce(0) { $0 + DisplayWidth.of($1) })
            #expect(DisplayWidth.truncate(text, to: 7) == DisplayWidth.truncate("é" + text, to: 8).dropFirst().description)
        }
    }
}
