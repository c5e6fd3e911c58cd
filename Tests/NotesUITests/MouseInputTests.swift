import Testing
@testable import NotesTerminal

/// SGR mouse reports (`ESC[<Cb;Cx;CyM` / `m`) assembled from the reads `NCursesTerminal` feeds.
@Suite struct MouseInputTests {
    private let size = TerminalSize(width: 80, height: 24)
    private let mouseStart: Int32 = 0x7E02

    private func events(_ reads: [RawInput], time: Double = 7) -> [InputEvent] {
        let decoder = KeyDecoder(keyCodes: [258: .down], functionKeyBase: 264, resizeCode: 410)
        var input = InputAssembler(decoder: decoder, pasteStartCode: 0x7E00, pasteEndCode: 0x7E01,
                                   mouseStartCode: mouseStart)
        return reads.flatMap { input.feed($0, size: size, time: time) }
    }

    private func characters(_ text: String) -> [RawInput] {
        text.unicodeScalars.map { .character($0.value) }
    }

    /// The reads of a whole report as the terminal sends it: curses gives `ESC[<` as one key code.
    private func report(_ text: String) -> [RawInput] {
        [.keyCode(mouseStart)] + characters(text)
    }

    @Test func pressReleaseAndWheelAreMouseEventsInZeroBasedCells() {
        #expect(events(report("0;10;5M")) == [.mouse(MouseEvent(.press(.left), x: 9, y: 4, time: 7))])
        #expect(events(report("0;10;5m")) == [.mouse(MouseEvent(.release(.left), x: 9, y: 4, time: 7))])
        #expect(events(report("2;1;1M")) == [.mouse(MouseEvent(.press(.right), x: 0, y: 0, time: 7))])
        #expect(events(report("64;3;4M")) == [.mouse(MouseEvent(.wheelUp, x: 2, y: 3, time: 7))])
        #expect(events(report("65;3;4M")) == [.mouse(MouseEvent(.wheelDown, x: 2, y: 3, time: 7))])
        // Shift, Alt and Ctrl (4, 8, 16) do not change the click.
        #expect(events(report("16;200;50M")) == [.mouse(MouseEvent(.press(.left), x: 199, y: 49, time: 7))])
    }

    @Test func aReportReadByteByByteIsStillOneEvent() {
        // Curses did not match `ESC[<` (it came in pieces): ESC, `[`, `<` arrive as characters.
        let reads = characters("\u{1B}[<0;3;2M")
        #expect(events(reads) == [.mouse(MouseEvent(.press(.left), x: 2, y: 1, time: 7))])
    }

    @Test func badOrCutReportsNeverBecomeKeys() {
        #expect(events(report("0;10M")) == [])            // two numbers
        #expect(events(report("0;0;5M")) == [])           // column 0
        #expect(events(report("0;10;5X")) == [])          // a wrong final byte
        #expect(events(report("32;10;5M")) == [])         // a move with a button held: not asked for
        #expect(events(report("66;10;5M")) == [])         // a sideways wheel
        #expect(events(report("0;10;99999999M")) == [])   // too long
        #expect(events(report("0;1") + [.nothing]) == []) // cut: silence drops it
        // After a dropped report, keys are keys again.
        #expect(events(report("0;1") + [.nothing] + characters("j")) == [.key(.character("j"))])
    }

    @Test func escapeThenBracketWithoutALessThanIsStillAltBracket() {
        #expect(events(characters("\u{1B}[") + [.nothing]) == [.key(.alt(.character("[")))])
        #expect(events(characters("\u{1B}[x")) == [.key(.alt(.character("["))), .key(.character("x"))])
    }

    @Test func aResizeInsideAReportGetsThrough() {
        #expect(events(report("0;1") + [.keyCode(410)]) == [.resize(size)])
    }
}
