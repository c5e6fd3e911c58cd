import Foundation
import Testing
import NotesModel

/// The folding rule both searches share: what each hard case folds to.
@Suite struct SearchFoldingTests {
    @Test(arguments: [
        ("Café", "cafe"), ("cafe\u{301}", "cafe"), ("CRÈME BRÛLÉE", "creme brulee"), ("naïve", "naive"),
        ("Résumé", "resume"), ("José", "jose"), ("Jose\u{301}", "jose"),
        ("Straße", "strasse"), ("STRASSE", "strasse"), ("\u{1E9E}", "ss"),
        ("\u{212A}elvin", "kelvin"), ("ﬁne", "fine"), ("ﬀ", "ff"), ("Ａｂｃ", "abc"), ("x²", "x2"), ("①", "1"),
        ("İstanbul", "istanbul"), ("ıI", "ii"), ("ΣΟΦΌΣ", "σοφοσ"), ("σοφός", "σοφοσ"),
        ("Ærø", "ærø"), ("Ørsted", "ørsted"), ("Łódź", "łodz"),
        ("日本語", "日本語"), ("ガ", "カ"), ("☕\u{FE0F}", "☕"), ("👍🏽", "👍🏽"), ("a\u{200D}b", "ab"),
        ("tab\there", "tab here"), ("line\r\nbreak", "line  break"), ("esc\u{1B}[2J", "esc [2j"), ("nbsp\u{A0}x", "nbsp x"),
        ("soft\u{AD}hyphen", "softhyphen"), ("abc\u{20DD}", "abc"),
    ] as [(String, String)])
    func folds(_ text: String, _ expected: String) {
        #expect(SearchFolding.folded(text) == expected, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test func composedAndDecomposedFormsFoldAlike() {
        for text in ["José Ñandú", "Crème brûlée", "Ελληνικά", "한국어", "Đặng Thị", "Åsa"] {
            let nfc = text.precomposedStringWithCanonicalMapping, nfd = text.decomposedStringWithCanonicalMapping
            #expect(SearchFolding.fold(nfc) == SearchFolding.fold(nfd), "\(text)")
            #expect(SearchFolding.fold(nfc) == SearchFolding.fold(text.decomposedStringWithCompatibilityMapping), "\(text)")
        }
    }

    /// The search text uses bytes below 0x20 as separators: no folded text holds one.
    @Test func foldedTextNeverHoldsASeparatorByte() {
        var text = ""
        for value in UInt32(0)...0x3100 {
            if let scalar = Unicode.Scalar(value) { text.unicodeScalars.append(scalar) }
        }
        let folded = SearchFolding.fold(text)
        #expect(!folded.contains { $0 < 0x20 })
        #expect(String(validating: folded, as: UTF8.self) != nil)
    }

    /// Highlights fold character by character: that must give what folding the whole text gives.
    @Test func foldingCharacterByCharacterEqualsFoldingTheWhole() {
        for text in ["Straße José", "cafe\u{301} ﬁ", "👨‍👩‍👧 family", "İı Σς", "한국 日本", "a\u{301}\u{327}b"] {
            #expect(Array(text.map { SearchFolding.fold(String($0)) }.joined()) == SearchFolding.fold(text), "\(text)")
        }
    }
}
