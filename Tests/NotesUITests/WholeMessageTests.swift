import Foundation
import Testing
import NotesTerminal
import NotesUI

/// PRODUCT §5: "A message longer than the line can be read whole." A message cut at the
/// width ends in `…` and `M whole`; `M` opens it wrapped, scrollable; any other key closes.
@Suite struct WholeMessageTests {
    private let path = "/home/ana/.local/state/notes/unsaved/20261125-121500-Quarterly-report-1a2b.md"
    private var message: String { "error: not saved, your text is kept in \(path) (the editor 'vim' exited with status 1)" }

    private func runner(height: Int = 20) -> (AppRunner, MemoryTerminal) {
        let (runner, terminal, _) = UIFixtures.runner(width: 60, height: height)
        runner.show(message: message, isError: true)
        runner.draw()
        return (runner, terminal)
    }

    @Test func aCutMessageSaysSoAndNamesTheKey() throws {
        let (_, terminal) = runner()
        let last = try #require(terminal.lastBuffer?.lines.last)
        #expect(DisplayWidth.of(last) <= 60)
        #expect(last.hasPrefix("error: not saved, your text is kept in /home/"))
        #expect(last.contains("…"))
        #expect(last.hasSuffix("M whole"))
        // A message that fits is shown as it is, without the hint.
        let (short, shortTerminal, _) = UIFixtures.runner(width: 60)
        short.show(message: "Saved \"Plan\"", isError: false)
        short.draw()
        #expect(shortTerminal.lastBuffer?.lines.last?.hasSuffix("M whole") == false)
    }

    @Test func mShowsItWholeAndAnyOtherKeyCloses() throws {
        let (runner, terminal) = runner()
        terminal.press(.character("M"))
        runner.run()
        let lines = try #require(terminal.lastBuffer?.lines)
        // Wrapped inside the box: its rows, joined, hold the whole message.
        let inside = lines.compactMap { line -> String? in
            guard let first = line.firstIndex(of: "│"), let last = line.lastIndex(of: "│"), first < last else { return nil }
            return line[line.index(after: first)..<last].trimmingCharacters(in: .whitespaces)
        }
        let unspaced = { (text: String) in text.replacingOccurrences(of: " ", with: "") }
        #expect(unspaced(inside.joined()).contains(unspaced(message)))
        #expect(inside.joined().contains(path))  // a path longer than the box breaks inside it, nothing lost
        #expect(lines.contains { $0.contains("Error") })
        #expect(lines.contains { $0.contains("any key closes") })
        #expect(runner.state.wholeMessage != nil)
        // A key closes it, and does nothing else.
        terminal.press(.character("d"))
        runner.run()
        #expect(runner.state.wholeMessage == nil)
        #expect(runner.state.modal == nil)
        #expect(runner.snapshot.database.notes.count == 3)
    }

    @Test func aLongMessageScrolls() throws {
        let long = (1...40).map { "line \($0) of a long git error" }.joined(separator: "\n")
        let (runner, terminal, _) = UIFixtures.runner(width: 60, height: 12)
        runner.show(message: long, isError: true)
        terminal.press(.character("M"))
        runner.run()
        #expect(terminal.lastBuffer?.lines.contains { $0.contains("line 1 of") } == true)
        #expect(terminal.lastBuffer?.lines.contains { $0.contains("j/k scroll") } == true)
        terminal.press(.character("G"))
        runner.run()
        #expect(terminal.lastBuffer?.lines.contains { $0.contains("line 40 of") } == true)
        #expect(terminal.lastBuffer?.lines.contains { $0.contains("line 1 of") } == false)
        terminal.press(.escape)
        runner.run()
        #expect(runner.state.modal == nil)
    }

    @Test func theKeyIsInTheHelpOfEveryScreen() {
        for map in [KeyMap.notes, .reading, .categories, .trash] {
            #expect(map.action(for: .character("M")) == .showMessage)
            #expect(map.sections.contains { $0.keys.contains { $0.key.split(separator: " ").contains("M") } })
        }
    }
}
