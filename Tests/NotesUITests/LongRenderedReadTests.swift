import Foundation
import NotesMarkdown
import NotesModel
import NotesTerminal
import Testing
@testable import NotesUI

/// A body longer than `RenderedBody.longestRendered` is shown rendered too, a window of
/// segments at a time: paging, `G`, `g`, search and ticking show and change what the
/// whole rendering would.
@Suite struct LongRenderedReadTests {
    static let sections = 9000
    static let body = (0..<sections).map { index in
        "## Section \(index)\n\nText \(index) with **bold** and [a link](https://x.org/\(index))"
            + (index == 7000 ? " and the needle" : "") + ".\n\n- [ ] task \(index)\n- [x] done \(index)\n\n"
            + "```swift\ncode \(index)\n\nfunc f() {}\n```\n"
    }.joined(separator: "\n")
    static let note = Note(id: UIFixtures.uuid(120), title: "Long", body: body, created: UIFixtures.now)
    static let size = TerminalSize(width: 60, height: 20)
    /// The whole rendering, as a short body would be shown.
    static let whole = MarkdownRenderer.render(body, width: NoteReadScreen.bodyWidth(size), displayWidth: DisplayWidth.of,
                                               options: RenderedBody.options).texts.map(trimmed)

    static func trimmed(_ line: String) -> String {
        String(line.reversed().drop { $0 == " " }.reversed())
    }

    static func runner() -> (AppRunner, MemoryTerminal, InMemoryNotesRepository) {
        let runner = UIFixtures.runner(NotesDatabase(notes: [note]), width: size.width, height: size.height)
        runner.1.press(.enter)
        runner.0.run()
        return runner
    }

    /// The body rows on the screen, without the left margin.
    static func bodyLines(_ terminal: MemoryTerminal, _ runner: AppRunner) throws -> [String] {
        let lines = try #require(terminal.lastBuffer?.lines)
        let snapshot = NotesSnapshot(NotesDatabase(notes: [note]))
        let top = NoteReadScreen.bodyTop(note, snapshot, runner.state)
        let rows = NoteReadScreen.bodyRows(note, snapshot, runner.state)
        return lines[top..<(top + rows)].map { trimmed(String($0.dropFirst())) }
    }

    @Test func pagingAndJumpingShowTheLinesOfTheWholeRendering() throws {
        #expect(Self.body.utf8.count > RenderedBody.longestRendered)
        let (runner, terminal, _) = Self.runner()
        let rows = try Self.bodyLines(terminal, runner).count
        let page = Self.size.height - 4
        #expect(try Self.bodyLines(terminal, runner) == Array(Self.whole[0..<rows]))
        terminal.press(.pageDown, .pageDown, .pageDown)
        runner.run()
        #expect(try Self.bodyLines(terminal, runner) == Array(Self.whole[(3 * page)..<(3 * page + rows)]))
        terminal.press(.pageUp)
        runner.run()
        #expect(try Self.bodyLines(terminal, runner) == Array(Self.whole[(2 * page)..<(2 * page + rows)]))
        terminal.press(.character("G"))
        runner.run()
        let end = Self.whole.count
        #expect(try Self.bodyLines(terminal, runner) == Array(Self.whole[(end - rows)..<end]))
        terminal.press(.pageUp, .pageUp, .up)
        runner.run()
        let top = end - rows - 2 * page - 1
        #expect(try Self.bodyLines(terminal, runner) == Array(Self.whole[top..<(top + rows)]))
        terminal.press(.character("g"))
        runner.run()
        #expect(try Self.bodyLines(terminal, runner) == Array(Self.whole[0..<rows]))
    }

    @Test func searchFindsAMatchFarBelowAndGivesItsPlace() throws {
        let (runner, terminal, _) = Self.runner()
        terminal.type("/needle")
        terminal.press(.enter)
        runner.run()
        let lines = try Self.bodyLines(terminal, runner)
        #expect(lines.contains { $0.contains("Text 7000 with bold and a link and the needle.") })
        #expect(runner.state.readSearch?.statusText.contains("match at 7") == true, "\(String(describing: runner.state.readSearch?.statusText))")
        terminal.press(.character("n"))
        runner.run()
        #expect(try Self.bodyLines(terminal, runner).contains { $0.contains("the needle") })
        #expect(runner.state.message?.text == "Search went round to the top")
    }

    @Test func tickingATaskDeepInTheBodyChangesItsOneByte() throws {
        let (runner, terminal, repository) = Self.runner()
        terminal.press(.character("G"), .pageUp, .character("x"))  // the focus on the first task shown
        runner.run()
        #expect(runner.state.readItem != nil)
        terminal.press(.character("x"))
        runner.run()
        let after = Array(try #require(repository.contents.notes[Self.note.id]?.body).utf8)
        let before = Array(Self.body.utf8)
        #expect(after.count == before.count)
        let changed = before.indices.filter { before[$0] != after[$0] }
        try #require(changed.count == 1)
        let lineStart = (before[..<changed[0]].lastIndex(of: 0x0A) ?? -1) + 1
        let lineEnd = after[changed[0]...].firstIndex(of: 0x0A) ?? after.count
        let line = String(decoding: after[lineStart..<lineEnd], as: UTF8.self)
        #expect(line.hasPrefix("- [x] task 89") || line.hasPrefix("- [ ] done 89"), "\(line)")
        let shown = line.hasPrefix("- [x] task") ? "☑ task" + line.dropFirst(10) : "☐ done" + line.dropFirst(10)
        #expect(try Self.bodyLines(terminal, runner).contains(String(shown)), "the view shows the tick: \(shown)")
    }
}
