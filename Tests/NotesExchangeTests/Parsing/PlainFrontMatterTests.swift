import Foundation
import Testing
import NotesTestData
@testable import NotesExchange

/// The fast path for front matter of plain `key: value` lines gives the header Yams gives
/// (keys, values, lines, body), and leaves everything else to Yams.
@Suite struct PlainFrontMatterTests {
    /// Headers the fast path reads itself.
    static let plain = [
        "title: Trip notes\ndate: 2024-01-02 10:30:00 +0100\ntags: travel, food",
        "title: Café ☕️ in 東京 → 🚀\ncategory: Idées 💡",
        "Title:   spaced value   \nupdated: 1700000000",
        "title: C# and F#\nurl: https://example.com/a:b?c=d#frag",
        "title: it's \"quoted\" inside\nempty:\nnone: ~\nnothing: null\nflag: yes",
        "\ntitle: a blank line first\n\nkind: journal",
        "title: text [not a list], {neither}\nn_a-m_e: value",
    ]

    /// Headers it leaves to Yams: each holds one line that is more than plain text.
    static let notPlain = [
        "title: 'single quoted'", "title: \"double quoted\"", "tags:\n  - a\n  - b", "tags: [a, b]",
        "title: a: b", "title: value # comment", "# a comment\ntitle: x", "  title: indented", "title:\tx",
        "title: - dash", "title: x\ntitle: again", "Title: x\ntitle: again", "title: |\n  block", "title: &anchor x",
        "title: *alias", "title: !tag x", "title: ends with colon:", "title: @at", "title: `tick`",
        "title: nel\u{85}inside", "title: line\u{2028}separator", "title: bom\u{FEFF}inside", "title x",
        "\"quoted key\": x", "title : spaced key", "-title: x", "a: {b: c}", "%YAML 1.1",
    ]

    static func document(_ header: String) -> String { "---\n" + header + "\n---\n\nThe body.\n" }

    @Test(arguments: plain)
    func plainHeadersReadAsYamsReadsThem(header: String) throws {
        let text = Self.document(header)
        let fast = try #require(PlainFrontMatter.split(text))
        try Self.expectSame(fast, asYams: text)
    }

    @Test(arguments: notPlain)
    func otherHeadersAreLeftToYams(header: String) {
        #expect(PlainFrontMatter.split(Self.document(header)) == nil)
    }

    @Test func crlfAndAByteOrderMarkReadAsYamsReadsThem() throws {
        let text = "\u{FEFF}---\r\ntitle: Windows note\r\ntags: a, b\r\n---\r\n\r\nbody\r\n"
        let fast = try #require(PlainFrontMatter.split(text))
        try Self.expectSame(fast, asYams: text)
    }

    @Test func aHeaderThatIsNotClosedIsLeftToYams() {
        #expect(PlainFrontMatter.split("---\ntitle: x\n\nno closing line\n") == nil)
        #expect(PlainFrontMatter.split("no header\n") == nil)
    }

    /// Random lines of tricky pieces: whenever the fast path answers, Yams agrees.
    @Test func randomHeadersAgreeWithYamsWheneverTheFastPathReadsThem() throws {
        let pieces = ["a", "Word", "é", "東京", "🚀", " ", ":", ": ", " #", "#", "'", "\"", "-", "- ", "?", "[", "]", "{", ",",
                      "~", "null", "yes", "12", "0x1F", "2024-01-02", "\t", "*", "&", "!", "|", ">", "%", "@", "\u{85}"]
        var random = SeededRandom(seed: 0x706C_6169_6E)
        var readFast = 0
        for _ in 0..<2_000 {
            var lines: [String] = []
            for index in 0..<random.int(1...4) {
                var value = ""
                for _ in 0..<random.int(0...5) { value += random.pick(pieces) }
                lines.append("key\(index): " + value)
            }
            let text = Self.document(lines.joined(separator: "\n"))
            guard let fast = PlainFrontMatter.split(text) else { continue }
            readFast += 1
            try Self.expectSame(fast, asYams: text)
        }
        #expect(readFast > 200)
    }

    static func expectSame(_ fast: (header: NoteHeader, body: String), asYams text: String) throws {
        let yaml = try #require(try YAMLFrontMatter.split(text))
        let slow = NoteHeader(yaml: yaml)
        #expect(fast.header.entries.map(\.key) == slow.entries.map(\.key), "\(text.debugDescription)")
        #expect(fast.header.entries.map(\.value) == slow.entries.map(\.value), "\(text.debugDescription)")
        #expect(fast.header.entries.map(\.line) == slow.entries.map(\.line), "\(text.debugDescription)")
        #expect(fast.body == yaml.body)
    }
}
