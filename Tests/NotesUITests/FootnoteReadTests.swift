import Foundation
import NotesModel
import NotesTerminal
import NotesUI
import Testing

/// Footnotes and comments in the read view: a footnote reference is a link (`Tab` reaches
/// it, `Enter` scrolls to its definition at the end, `H` comes back, the definition's
/// number leads back to the reference), and text in a `%%comment%%` is neither shown nor
/// found by `/`.
@Suite struct FootnoteReadTests {
    static let body = "A claim[^src] to check.\n\n" + (1...30).map { "line \($0)" }.joined(separator: "\n")
        + "\n\n%% a private remark %%\n\n[^src]: Where the claim comes from."

    static func reading() -> (AppRunner, MemoryTerminal) {
        let note = Note(id: UIFixtures.uuid(95), title: "Claims", body: body, created: UIFixtures.now)
        let (runner, terminal, _) = UIFixtures.runner(NotesDatabase(notes: [note]), width: 60, height: 14)
        terminal.press(.enter)
        runner.run()
        return (runner, terminal)
    }

    private func lines(_ terminal: MemoryTerminal) throws -> [String] { try #require(terminal.lastBuffer?.lines) }

    @Test func enterOnAReferenceScrollsToItsDefinitionAndHComesBack() throws {
        let (runner, terminal) = Self.reading()
        #expect(try lines(terminal).contains { $0.contains("A claim[1] to check.") })
        terminal.press(.tab, .enter)
        runner.run()
        #expect(try lines(terminal)[3].contains("[1] Where the claim comes from."))
        #expect(try !lines(terminal).contains { $0.contains("A claim") })
        terminal.press(.character("H"))
        runner.run()
        #expect(try lines(terminal).contains { $0.contains("A claim[1] to check.") })
    }

    @Test func theDefinitionsNumberLeadsBackToTheReference() throws {
        let (runner, terminal) = Self.reading()
        terminal.press(.tab, .enter)
        runner.run()
        terminal.press(.tab, .enter)
        runner.run()
        #expect(try lines(terminal)[3].contains("A claim[1] to check."))
    }

    @Test func aCommentIsNotShownNorFound() throws {
        let (runner, terminal) = Self.reading()
        terminal.press(.character("G"))
        runner.run()
        #expect(try !lines(terminal).joined().contains("private remark"))
        #expect(try lines(terminal).contains { $0.contains("line 30") })
        terminal.type("/private")
        terminal.press(.enter)
        runner.run()
        #expect(runner.state.message?.text == "Not found: private")
    }
}
