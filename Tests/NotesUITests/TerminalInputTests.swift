import Testing
@testable import NotesTerminal

@Suite struct TerminalInputTests {
    private let decoder = KeyDecoder(keyCodes: [258: .down, 259: .up, 353: .backTab, 263: .backspace],
                                     functionKeyBase: 264, resizeCode: 410)
    private let size = TerminalSize(width: 80, height: 24)

    @Test func keyCodesMapThroughTheTable() {
        #expect(decoder.decode(keyCode: 258, size: size) == .key(.down))
        #expect(decoder.decode(keyCode: 353, size: size) == .key(.backTab))
        #expect(decoder.decode(keyCode: 263, size: size) == .key(.backspace))
        #expect(decoder.decode(keyCode: 999, size: size) == nil)
    }

    @Test func functionKeysCountFromTheBase() {
        #expect(decoder.decode(keyCode: 265, size: size) == .key(.function(1)))
        #expect(decoder.decode(keyCode: 276, size: size) == .key(.function(12)))
    }

    @Test func resizeCarriesTheNewSize() {
        #expect(decoder.decode(keyCode: 410, size: size) == .resize(size))
    }

    @Test func controlCharacters() {
        #expect(KeyDecoder.decode(character: 10) == .key(.enter))
        #expect(KeyDecoder.decode(character: 13) == .key(.enter))
        #expect(KeyDecoder.decode(character: 9) == .key(.tab))
        #expect(KeyDecoder.decode(character: 27) == .key(.escape))
        #expect(KeyDecoder.decode(character: 127) == .key(.backspace))
        #expect(KeyDecoder.decode(character: 8) == .key(.backspace))
        #expect(KeyDecoder.decode(character: 3) == .key(.control("c")))
        #expect(KeyDecoder.decode(character: 26) == .key(.control("z")))
        #expect(KeyDecoder.decode(character: 1) == .key(.control("a")))
    }

    @Test func printableCharacters() {
        #expect(KeyDecoder.decode(character: 0x71) == .key(.character("q")))
        #expect(KeyDecoder.decode(character: 0x23) == .key(.character("#")))
        #expect(KeyDecoder.decode(character: 0x6F22) == .key(.character("漢")))
        #expect(KeyDecoder.decode(character: 0xE9) == .key(.character("é")))
    }
}
