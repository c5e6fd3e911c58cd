import Foundation
import NotesTestSupport
import Testing

/// Search as a person uses it, in a real terminal: the same answers from the UI's `/`
/// filter and `notes list --search` for accented, unaccented and decomposed queries,
/// `#tag` and several words; the matches highlighted; and a note added from another
/// shell appearing on its own.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed (apt-get install tmux)"))
struct TerminalSearchTests {
    static let decomposed = "Jose\u{301} decomposed re\u{301}sume\u{301}"

    static func makeStore() throws -> CLISandbox {
        let sandbox = try CLISandbox()
        try sandbox.ok("category", "add", "Kitchen")
        _ = try sandbox.add("Résumé for José", "--body", "Send the CV")
        _ = try sandbox.add(decomposed)
        _ = try sandbox.add("Crème brûlée", "--tag", "food", "--category", "Kitchen", "--body", "Whisk the eggs")
        _ = try sandbox.add("Plain note", "--tag", "misc")
        return sandbox
    }

    @Test func theCommandLineFindsEveryFormOfAWord() throws {
        let sandbox = try Self.makeStore()
        defer { sandbox.remove() }
        func titles(_ query: String) throws -> Set<String> {
            Set(try sandbox.notes("--search", query).compactMap { $0["title"] as? String })
        }
        let both: Set = ["Résumé for José", Self.decomposed]
        #expect(try titles("resume") == both)
        #expect(try titles("RÉSUMÉ") == both)
        #expect(try titles("Jose\u{301}") == both)
        #expect(try titles("#food") == ["Crème brûlée"])
        #expect(try titles("brulee creme") == ["Crème brûlée"])
        #expect(try titles("@kitchen whisk") == ["Crème brûlée"])
        #expect(try titles("#food plain").isEmpty)
    }

    @Test func theFilterFindsHighlightsAndTheListStaysLive() throws {
        // Given the UI open on the store
        let sandbox = try Self.makeStore()
        defer { sandbox.remove() }
        let session = try TmuxSession(command: [sandbox.runner.executable.path, "--store", sandbox.storePath],
                                      width: 120, height: 24, term: "xterm-256color")
        defer { session.kill() }
        try session.waitFor(text: "4 notes")

        // When an unaccented word is typed in the filter
        try session.sendKeys("/")
        try session.type("resume")
        // (the whole word typed, not "resum", which finds the same two notes)
        try session.waitUntil("the whole word filtered") { $0.contains("2 of 4 notes") && $0.contains("resume") }

        // Then both forms are listed, with the matched letters highlighted in the list
        let screen = CapturedScreen(try session.capture(escapes: true))
        let row = try #require(screen.row(containing: "Résumé for José"))
        let start = try #require(screen.position(of: "Résumé for José")).x
        let title = (start..<start + 6).compactMap { screen.cell(x: $0, y: row) }
        #expect(title.map(\.text).joined() == "Résumé")
        #expect(title.allSatisfy { $0.style.underline && $0.style.bold })
        #expect(screen.cell(x: start + 7, y: row)?.style.underline == false)
        #expect(screen.row(containing: "decomposed") != nil)

        // When the filter is a decomposed word, a tag, or two words in another order
        for (query, count, title) in [("Jose\u{301}", 2, "Résumé for José"), ("#food", 1, "Crème brûlée"),
                                      ("brulee creme", 1, "Crème brûlée")] {
            try session.sendKeys("C-u")
            try session.type(query)
            let found = try session.waitFor(text: "\(count) of 4 notes")
            #expect(found.contains(title), "\(query)")
        }
        try session.sendKeys("Escape")
        try session.waitFor(text: " 4 notes")

        // When another shell adds a note, and no key is pressed
        _ = try sandbox.add("Added from another shell")

        // Then it appears on its own, and the count follows
        let live = try session.waitFor(text: "Added from another shell", timeout: 5)
        #expect(live.contains("5 notes"))
    }
}
