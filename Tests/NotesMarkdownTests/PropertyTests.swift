import Testing
@testable import NotesMarkdown

/// Seeded random Markdown-like text: every line fits the width, holds no line break and
/// points into the body, and every task toggles exactly its box byte.
@Suite struct PropertyTests {
    private static let pieces = [
        "# ", "## ", "- ", "1. ", "> ", "- [ ] ", "- [x] ", "```", "~~~", "    ", "\t", "|", "---", "***", "*", "**",
        "~~", "`", "[", "]", "(", ")", "[[", "]]", "![", "!", "<b>", "</b>", "\n", "\n\n", "\r\n", " ", "word", "漢字",
        "👨‍👩‍👧", "e\u{301}", "https://x.org", "\\", "|---|", "| a | b |", "12345678901234567890", "  ",
    ]

    /// A linear congruential generator: the same seed gives the same texts on every run.
    private struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
    }

    @Test func randomTextsRenderWithinTheirWidthAndToggleOneByte() {
        var random = Generator(state: 2024)
        for round in 0..<400 {
            var text = ""
            for _ in 0..<random.next(60) { text += Self.pieces[random.next(Self.pieces.count)] }
            let width = 16 + random.next(50)
            let rendering = rendered(text, width: width)
            let bytes = Array(text.utf8)
            for line in rendering.lines {
                #expect(columns(line.text) <= width, "round \(round): \(text.debugDescription)")
                #expect(!line.text.contains { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
                #expect(line.source.lowerBound >= 0 && line.source.upperBound <= bytes.count)
            }
            for task in rendering.tasks {
                let toggled = MarkdownRenderer.toggleTask(in: text, at: task).map { Array($0.utf8) } ?? []
                #expect(toggled.count == bytes.count && bytes.indices.filter { bytes[$0] != toggled[$0] } == [task.boxOffset],
                        "round \(round): \(text.debugDescription)")
            }
        }
    }
}
