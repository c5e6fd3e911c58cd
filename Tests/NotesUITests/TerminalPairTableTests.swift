import Testing
@testable import NotesTerminal

@Suite struct TerminalPairTableTests {
    private func colors(_ foreground: Int32, _ background: Int32) -> ColorPairTable.Colors {
        ColorPairTable.Colors(foreground: foreground, background: background)
    }

    @Test func defaultOnDefaultIsPairZero() {
        var table = ColorPairTable(capacity: 4)
        #expect(table.pair(for: colors(-1, -1)) == .existing(0))
        #expect(table.count == 0)
    }

    @Test func pairsAreNumberedOnceAndReused() {
        var table = ColorPairTable(capacity: 4)
        #expect(table.pair(for: colors(1, 2)) == .new(1))
        #expect(table.pair(for: colors(3, -1)) == .new(2))
        #expect(table.pair(for: colors(1, 2)) == .existing(1))
    }

    @Test func aFullTableRefusesInsteadOfEvicting() {
        var table = ColorPairTable(capacity: 2)
        _ = table.pair(for: colors(1, 2))
        _ = table.pair(for: colors(2, 3))
        #expect(table.pair(for: colors(3, 4)) == .full)
        // The pairs already on screen keep their meaning.
        #expect(table.pair(for: colors(1, 2)) == .existing(1))
        #expect(table.pair(for: colors(2, 3)) == .existing(2))
    }

    @Test func resetStartsNumberingAgain() {
        var table = ColorPairTable(capacity: 1)
        _ = table.pair(for: colors(1, 2))
        table.reset()
        #expect(table.pair(for: colors(5, 6)) == .new(1))
    }

    @Test func wideCharactersOfACell() {
        #expect(NCursesTerminal.wideCharacters("a") == [0x61, 0])
        #expect(NCursesTerminal.wideCharacters("e\u{301}") == [0x65, 0x301, 0])
        #expect(NCursesTerminal.wideCharacters("\t") == [0x20, 0])
        #expect(NCursesTerminal.wideCharacters("") == [0x20, 0])
    }
}
