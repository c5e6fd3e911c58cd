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

    @Test func normalizingTwiceChangesNothing() {
        for raw in ["Work", "#Q3", " a b ", "É", "x#", "-dash"] {
            let once = Tag.normalize(raw)
            #expect(once.flatMap(Tag.normalize) == once)
        }
    }
}
