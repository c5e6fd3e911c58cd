import Foundation
import NotesLinks
import NotesMarkdown
import NotesModel
import NotesTerminal
import NotesTestSupport
import Testing
@testable import NotesUI

/// A long body is rendered segment by segment (`MarkdownSegments`, `RenderedWindow`):
/// wherever a window and the whole rendering both exist they show the same lines, with
/// the same styles, tasks and task boxes. Checked on seeded bodies with fences (blank
/// lines and lines at column 0 inside), lists, tasks, tables, quotes, HTML comments and
/// CRLF, cut into tiny segments so that bodies of a few KB are cut hundreds of times.
@Suite struct RenderedSegmentsTests {
    /// A linear congruential generator: the same seed gives the same bodies on every run.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
    }

    /// Top-level blocks to draw from; `bareFences` adds code blocks without an info string
    /// and `%%comments%%` over blank lines (a place found going back is taken to be outside both).
    static func block(_ random: inout Generator, bareFences: Bool) -> String {
        let word = ["alpha", "**bold**", "`code`", "[link](https://x.org)", "[[Other note]]", "漢字", "e\u{301}", "~~gone~~"]
        let words = (0..<(3 + random.next(12))).map { _ in word[random.next(word.count)] }.joined(separator: " ")
        switch random.next(bareFences ? 12 : 10) {
        case 0: return "# Heading " + words
        case 1: return words + "\n" + words + "\nlast line"
        case 2: return "- " + words + "\n- [ ] task " + words + "\n  - [x] nested done\n- item"
        case 3: return "1. first\n2. " + words + "\n\n3. loose third"
        case 4: return "| a | b |\n|---|---|\n| " + words + " | 漢字 |\n| 1 | 2 |"
        case 5: return "> quoted " + words + "\n> - [ ] task in a quote\n>\n> more"
        case 6: return "```swift\nfunc a() {}\n\nfunc b() {\n\treturn\n}\n\n# not a heading\n```"
        case 7: return "<!-- a comment\n\n" + words + "\n-->"
        case 8: return "    indented code\n\n    more code\n\n---"
        case 9: return "- [ ] " + words + "\n\n- [x] loose task"
        case 10: return "```\nbare fence\n\ncolumn zero\n```"
        default: return "Before %%inline%% after\n\n%%\n" + words + "\n\n# hidden heading\n\n- hidden item\n%%"
        }
    }

    static func body(seed: UInt64, bareFences: Bool) -> String {
        var random = Generator(state: seed)
        let separator = random.next(3) == 0 ? "\r\n\r\n" : "\n\n"
        let blocks = (0..<(20 + random.next(60))).map { _ in block(&random, bareFences: bareFences) }
        let text = blocks.joined(separator: separator)
        return separator == "\r\n\r\n" ? text.replacingOccurrences(of: "\n", with: "\r\n").replacingOccurrences(of: "\r\r\n", with: "\r\n") : text
    }

    static func whole(_ body: String, width: Int) -> MarkdownRendering {
        MarkdownRenderer.render(body, width: width, displayWidth: DisplayWidth.of, options: RenderedBody.options)
    }

    /// The first line where `shown` and `expected` differ (runs: text and styles), nil when none does.
    static func difference(_ shown: [MarkdownLine], _ expected: [MarkdownLine]) -> String? {
        for index in 0..<max(shown.count, expected.count) {
            let left = index < shown.count ? shown[index] : nil, right = index < expected.count ? expected[index] : nil
            if left?.runs != right?.runs {
                return "line \(index): \(left.map(\.runs).debugDescription) ≠ \(right.map(\.runs).debugDescription)"
            }
        }
        return nil
    }

    @Test(arguments: 1...40) func aWindowFromTheStartShowsTheWholeRendering(seed: Int) {
        var random = Generator(state: UInt64(seed))
        let body = Self.body(seed: UInt64(seed), bareFences: true)
        let width = 20 + random.next(60)
        let cache = RenderedSegmentCache(targetBytes: 40 + random.next(400), longestBytes: 4096)
        let note = Note(title: "long", body: body)
        let window = cache.window(of: note, width: width, order: .targetFirst, from: 0, minimumLines: .max)
        let whole = Self.whole(body, width: width)
        #expect(window.parts.count > 3, "seed \(seed): cut into several segments")
        #expect(window.reachesEnd)
        #expect(Self.difference(window.rendering.lines, whole.lines) == nil, "seed \(seed), width \(width)")
        let shown = ShownReading(rendering: window.rendering, note: note, window: window)
        #expect(window.rendering.tasks.map(shown.bodyTask) == whole.tasks, "seed \(seed): the same boxes in the body")
    }

    @Test(arguments: 1...40) func aWindowFromASegmentFoundGoingBackShowsTheSameLines(seed: Int) {
        var random = Generator(state: UInt64(seed) &+ 1000)
        let body = Self.body(seed: UInt64(seed) &+ 1000, bareFences: false)
        let width = 20 + random.next(60)
        let cache = RenderedSegmentCache(targetBytes: 40 + random.next(400), longestBytes: 1024 + random.next(2048))
        let note = Note(title: "long", body: body)
        let forward = RenderedSegmentCache(targetBytes: cache.targetBytes, longestBytes: cache.longestBytes)
            .window(of: note, width: width, order: .targetFirst, from: 0, minimumLines: .max)
        for part in forward.parts.dropFirst() where random.next(3) == 0 {
            let end = part.range.lowerBound
            guard let start = cache.segmentStart(before: end, of: note, width: width) else { continue }
            let back = cache.window(of: note, width: width, order: .targetFirst, from: start, minimumLines: 1, through: end)
            let shownEnd = back.parts.first { $0.range.lowerBound == end }?.firstLine ?? -1
            #expect(shownEnd > 0, "seed \(seed): the window going back reaches the segment at \(end)")
            guard shownEnd > 0, shownEnd <= part.firstLine else { continue }
            let expected = forward.rendering.lines[(part.firstLine - shownEnd)..<part.firstLine]
            #expect(Self.difference(Array(back.rendering.lines[0..<shownEnd]), Array(expected)) == nil,
                    "seed \(seed), width \(width): the segment before \(end) starts at \(start)")
        }
    }

    @Test func aBodyHeldWithEscapesIsCutAndRenderedAsThePlainOne() throws {
        let body = Self.body(seed: 7, bareFences: true)
        let cache = RenderedSegmentCache(targetBytes: 100, longestBytes: 2048)
        let (folder, store, escaped) = try EscapedBodyTests.storedNote(body: body)
        defer { store.close(); folder.remove() }
        let plain = Note(title: "plain", body: body)
        let escapedWindow = cache.window(of: escaped, width: 50, order: .targetFirst, from: 0, minimumLines: .max)
        #expect(escaped.withBodyBytes(\.isEscaped))
        #expect(Self.difference(escapedWindow.rendering.lines, Self.whole(body, width: 50).lines) == nil)
        let shown = ShownReading(rendering: escapedWindow.rendering, note: escaped, window: escapedWindow)
        #expect(escapedWindow.rendering.tasks.map(shown.bodyTask) == Self.whole(plain.body, width: 50).tasks)
    }
}
