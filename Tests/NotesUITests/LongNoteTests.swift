import Foundation
import Testing
@testable import NotesModel
@testable import NotesTerminal
@testable import NotesUI

/// Issue 11: a very long note costs what the screen shows of it, not its length.
@Suite struct LongNoteTests {
    private let longBody = (0..<50_000).map { "line \($0) of a long pasted log\tand a tab" }.joined(separator: "\n")

    @Test func thePreviewDecodesOnlyTheStartOfALongBody() {
        let note = Note(title: "log", body: longBody)
        let shown = PreviewPane.shownStart(of: note, rows: 20, width: 60)
        #expect(shown.utf8.count <= max(4096, 20 * 61 * 16))
        #expect(longBody.hasPrefix(shown))
        let short = Note(title: "short", body: "just this")
        #expect(PreviewPane.shownStart(of: short, rows: 20, width: 60) == "just this")
    }

    @Test func wrappingTheStartOfALongBodyGivesTheSameLinesAsWrappingAllOfIt() {
        let limited = TextWrap.lines(longBody, width: 30, limit: 25)
        let all = TextWrap.lines(longBody, width: 30)
        #expect(limited.count == 25)
        #expect(Array(all.prefix(25)) == limited)
        #expect(limited[1] == "and a tab", "a tab is four spaces, dropped where the line wraps like spaces")
    }

    @Test func aPreviewOfALongNoteShowsItsStart() {
        let note = Note(title: "log", body: longBody)
        var buffer = ScreenBuffer(size: TerminalSize(width: 40, height: 12))
        let snapshot = NotesSnapshot(NotesDatabase(notes: [note]), searchText: .inBackground)
        PreviewPane.draw(note, snapshot, in: Rect(x: 0, y: 0, width: 40, height: 12), into: &buffer, timeZone: .gmt)
        let text = (0..<12).map { buffer.line($0) }.joined(separator: "\n")
        #expect(text.contains("line 0 of a long pasted log"))
        #expect(text.contains("line 1 of a long"))
    }

    @Test func theReadViewKeepsWrappedBlocksOfOneNoteAtOneWidth() {
        let cache = WrappedBodyCache()
        var note = Note(title: "log", body: longBody)
        let first = ReadLayout.with(note, width: 30, cache: cache) { $0.lines(from: .top, count: 10).map(\.text) }
        let again = ReadLayout.with(note, width: 30, cache: cache) { layout in
            (layout.lines(from: .top, count: 10).map(\.text), layout.wrappedBytes)
        }
        #expect(first == Array(TextWrap.lines(longBody, width: 30).prefix(10)))
        #expect(again.0 == first && again.1 == 0, "the second look reuses the wrapped blocks")
        note.body = "changed"
        note.updated = note.updated.addingTimeInterval(1)
        #expect(ReadLayout.with(note, width: 30, cache: cache) { $0.lines(from: .top, count: 10).map(\.text) } == ["changed"])
    }

    @Test func thePreviewAndTheReadViewShowTheSameLinesOfACRLFNote() {
        let note = Note(title: "Windows", body: "first line\r\nsecond line\r\n\r\nlast")
        let preview = PreviewPane.bodyLines(note, width: 40, room: 10, highlights: [])
        let readView = ReadLayout.with(note, width: 40, cache: WrappedBodyCache()) { $0.lines(from: .top, count: .max).map(\.text) }
        #expect(preview == ["first line", "second line", "", "last"])
        #expect(readView.map { $0.filter { $0 != "\r" } } == preview, "the read view keeps an invisible CR at each line's end")
    }
}
