import Foundation
import NotesTestSupport
import Testing
import NotesColor
import NotesTerminal

/// The color picker as a person uses it, in a real terminal: create a category in the
/// UI, open the picker, move every slider with each kind of key, accept — and find that
/// exact color in `notes category list --json` and in the note strip's cells.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed (apt-get install tmux)"))
struct TerminalPickerFlowTests {
    /// White, then R: `h` `h` `H` → 237; G: `Home` `L` `l` → 17; B: `PgDn` `PgDn` `l` → 224.
    private let picked = RGB8(red: 237, green: 17, blue: 224)

    /// Runs the whole flow under `term` and returns the strip's captured background.
    private func pickInTheUI(term: String, environment: [String: String] = [:]) throws -> (stored: [String: Any]?, strip: CapturedColor?) {
        // Given an empty store and notes open full-screen
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let session = try TmuxSession(command: [sandbox.runner.executable.path, "--store", sandbox.storePath],
                                      width: 120, height: 40, term: term, environment: environment)
        defer { session.kill() }
        try session.waitFor(text: "0 notes")

        // When a category is added from the categories screen
        try session.sendKeys("c")
        try session.waitFor(text: "Categories")
        try session.sendKeys("a")
        try session.type("Garden")
        try session.sendKeys("Enter")
        try session.waitFor(text: "Garden")

        // and its color is picked with the slider keys in the picker `a` offers at once
        try session.waitFor(text: "Color of Garden")
        try session.waitFor(text: "#FFFFFF")
        try session.sendKeys("h", "h", "H", "j", "Home", "L", "l", "j", "PgDn", "PgDn", "l")
        try session.waitFor(text: picked.hex)
        try session.sendKeys("Enter")
        _ = try session.waitUntil("the picker to close") { !$0.contains("Color of Garden") }

        // Then the store holds exactly that color
        let stored = try sandbox.categories().first { $0["name"] as? String == "Garden" }

        // and a note in the category shows it as its strip (added by the CLI while the UI is open)
        let title = "Dig the beds"
        _ = try sandbox.add(title, "--category", "Garden")
        try session.sendKeys("Escape")
        try session.waitFor(text: title)
        let screen = CapturedScreen(try session.capture(escapes: true))
        guard let found = screen.position(of: title) else { return (stored, nil) }
        // The row is: a two-column strip, a selection marker column, then the title.
        return (stored, screen.cell(x: found.x - 3, y: found.y)?.style.background)
    }

    private func expectStored(_ stored: [String: Any]?) {
        let color = stored?["color"] as? [String: Any]
        #expect(color?["hex"] as? String == picked.hex)
        #expect(color?["space"] as? String == "srgb")
        #expect((color?["red"] as? NSNumber)?.floatValue == Float(picked.red) / 255)
        #expect((color?["green"] as? NSNumber)?.floatValue == Float(picked.green) / 255)
        #expect((color?["blue"] as? NSNumber)?.floatValue == Float(picked.blue) / 255)
    }

    @Test func pickedColorIsStoredAndDrawnExactlyWith24BitColor() throws {
        let result = try pickInTheUI(term: "xterm-256color", environment: ["COLORTERM": "truecolor"])
        expectStored(result.stored)
        #expect(result.strip == .rgb(picked))
    }

    @Test func pickedColorIsStoredExactlyAndDrawnAsTheNearestPaletteColorWith256Colors() throws {
        let result = try pickInTheUI(term: "xterm-256color")
        expectStored(result.stored)
        #expect(result.strip == .palette(Palette256.nearest(picked)))
    }
}
