import Foundation
import Testing
@testable import NotesModel

/// Tag names: the fast path for a name already normalized gives what the full rule gives.
@Suite struct TagNormalizeTests {
    @Test(arguments: [
        ("work", "work"), ("q3-2024", "q3-2024"), ("a/b_c.d", "a/b_c.d"), ("Work", "work"), ("#work", "work"),
        ("# #x", "x"), ("  spaced\t", "spaced"), ("Größe", "größe"), ("café", "café"), ("日本", "日本"),
        ("two words", "two words"), ("a#b", "a#b"),
    ])
    func namesAreNormalized(raw: String, expected: String) {
        #expect(Tag.normalize(raw) == expected)
    }

    @Test(arguments: ["", " ", "#", "# #", "\n"])
    func emptyNamesAreNone(raw: String) {
        #expect(Tag.normalize(raw) == nil)
    }

    @Test func namesBeyondASCIIAreLeftAsTheFullRuleLeavesThem() {
        // Compared with the rule spelled out (Foundation's trimming, then lowercasing), byte for byte.
        func full(_ raw: String) -> String? {
            var name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            while name.hasPrefix("#") { name = String(name.dropFirst()).trimmingCharacters(in: .whitespacesAndNewlines) }
            name = name.lowercased()
            return name.isEmpty ? nil : name
        }
        let pieces = ["é", "E\u{301}", "日本", "Größe", "ß", "İ", "ǅ", "Σ", "ς", "\u{A0}", "\u{3000}", "\u{2028}", "\u{85}",
                      "#", " ", "a", "Z", "🙂", "\u{200B}", "\u{FEFF}", "\u{301}", "\u{1680}", "K", "\u{212A}"]
        var random = SystemRandomNumberGenerator()
        var names = pieces
        for _ in 0..<3_000 {
            names.append((0..<Int.random(in: 1...4, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined())
        }
        for raw in names {
            let (fast, slow) = (Tag.normalize(raw), full(raw))
            #expect(fast.map { Array($0.utf8) } == slow.map { Array($0.utf8) }, "\(Array(raw.unicodeScalars))")
        }
    }

    @Test func normalizingTwiceChangesNothing() {
        for raw in ["Work", "#Q3", " a b ", "É", "x#", "-dash"] {
            let once = Tag.normalize(raw)
            #expect(once.flatMap(Tag.normalize) == once)
        }
    }
}
