@testable import NotesMarkdown

/// Columns as a terminal following Unicode's widths draws them, enough for the tests:
/// CJK and emoji-presentation clusters take two, a cluster starting with a combining mark
/// none, everything else one.
func testWidth(_ character: Character) -> Int {
    guard let first = character.unicodeScalars.first else { return 0 }
    if first.value < 0x80 { return 1 }
    if first.properties.generalCategory == .nonspacingMark { return 0 }
    if first.properties.isEmojiPresentation { return 2 }
    let wide: [ClosedRange<UInt32>] = [0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFF00...0xFF60]
    return wide.contains { $0.contains(first.value) } ? 2 : 1
}

/// `text` rendered at `width` with `testWidth`.
func rendered(_ text: String, width: Int = 40) -> MarkdownRendering {
    MarkdownRenderer.render(text, width: width, displayWidth: testWidth)
}

/// The texts of `text` rendered at `width`.
func lines(_ text: String, width: Int = 40) -> [String] {
    rendered(text, width: width).texts
}

/// The first run, in any line, whose text is `text`.
func run(_ text: String, in rendering: MarkdownRendering) -> MarkdownRun? {
    rendering.lines.lazy.flatMap(\.runs).first { $0.text == text }
}

/// The columns a line takes.
func columns(_ line: String) -> Int {
    line.reduce(0) { $0 + testWidth($1) }
}
