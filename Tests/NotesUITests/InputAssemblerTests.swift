import Testing
@testable import NotesTerminal

/// Bracketed paste and Alt keys assembled from single reads, as `NCursesTerminal` feeds them.
@Suite struct InputAssemblerTests {
    private let size = TerminalSize(width: 80, height: 24)
    private let pasteStart: Int32 = 0x7E00
    private let pasteEnd: Int32 = 0x7E01

    private func assembler() -> InputAssembler {
        let decoder = KeyDecoder(keyCodes: [258: .down, 260: .left, 263: .backspace], functionKeyBase: 264,
                                 resizeCode: 410)
        return InputAssembler(decoder: decoder, pasteStartCode: pasteStart, pasteEndCode: pasteEnd)
    }

    /// Feeds every read and collects the events.
    private func events(_ reads: [RawInput]) -> [InputEvent] {
        var input = assembler()
        return reads.flatMap { input.feed($0, size: size) }
    }

    private func characters(_ text: String) -> [RawInput] {
        text.unicodeScalars.map { .character($0.value) }
    }

    @Test func aBracketedPasteIsOneKeyHoldingItsLineBreaks() {
        let reads = [.keyCode(pasteStart)] + characters("Call mom\rdye the shirt") + [.keyCode(pasteEnd)]
        #expect(events(reads) == [.key(.paste("Call mom\rdye the shirt"))])
    }

    @Test func keysInsideAPasteAreNeverKeys() {
        // q, d, y, Esc, Ctrl-C inside a paste are text; a key sequence curses matched is dropped
        let reads = [.keyCode(pasteStart)] + characters("qdy\u{1B}\u{3}") + [.keyCode(258), .keyCode(pasteEnd)]
        #expect(events(reads) == [.key(.paste("qdy\u{1B}\u{3}"))])
    }

    @Test func aLongPasteIsDeliveredWhole() {
        let text = String(repeating: "line of text\n", count: 20_000)
        let reads = [.keyCode(pasteStart)] + characters(text) + [.keyCode(pasteEnd)]
        #expect(events(reads) == [.key(.paste(text))])
    }

    @Test func whileAPasteIsOpenTheReadWaitsForItsEnd() {
        var input = assembler()
        #expect(input.wait == .asAsked)
        _ = input.feed(.keyCode(pasteStart), size: size)
        #expect(input.wait == .untilPasteEnds)
        _ = input.feed(.character(0x61), size: size)
        // The end never came: what arrived is still one paste, never keys.
        #expect(input.feed(.nothing, size: size) == [.key(.paste("a"))])
        #expect(input.wait == .asAsked)
    }

    @Test func keysAroundAPasteStayKeys() {
        let reads: [RawInput] = [.character(0x6E), .keyCode(pasteStart), .character(0x78), .keyCode(pasteEnd), .character(0x0D)]
        #expect(events(reads) == [.key(.character("n")), .key(.paste("x")), .key(.enter)])
    }

    @Test func escapeFollowedAtOnceByAKeyIsAlt() {
        #expect(events([.character(27), .character(127)]) == [.key(.alt(.backspace))])
        #expect(events([.character(27), .character(0x62)]) == [.key(.alt(.character("b")))])
        #expect(events([.character(27), .keyCode(260)]) == [.key(.alt(.left))])
    }

    @Test func escapeAloneIsEscape() {
        var input = assembler()
        #expect(input.feed(.character(27), size: size).isEmpty)
        #expect(input.wait == .noWait)
        #expect(input.feed(.nothing, size: size) == [.key(.escape)])
        #expect(events([.character(27), .character(27), .nothing]) == [.key(.escape), .key(.escape)])
    }

    @Test func escapeThenAResizeIsBoth() {
        #expect(events([.character(27), .keyCode(410)]) == [.key(.escape), .resize(size)])
    }

    @Test func plainReadsDecodeAsBefore() {
        #expect(events([.character(0x71), .keyCode(258), .character(3), .keyCode(999)])
            == [.key(.character("q")), .key(.down), .key(.control("c"))])
    }
}
