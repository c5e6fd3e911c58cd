import Foundation
import NotesTestSupport
import Testing

/// The picker in the real UI keeps what it did not change: a translucent and a Display P3
/// color accepted as they are stay exactly as stored; short hex is expanded, bad hex is
/// reported where it is typed.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed (apt-get install tmux)"))
struct TerminalPickerFaithfulTests {
    private static let displayP3Export = """
        {"format":"notes-export","version":1,"exported":"2026-01-01T00:00:00Z","categories":[{"id":"0D0DDDEA-3A1D-45BE-9710-3C8BA502E6B5","name":"Vivid","color":{"space":"display-p3","red":0.9,"green":0.2,"blue":0.1,"alpha":1,"hex":"#FF1E00"},"notes":0}],"notes":[]}
        """

    /// A store with `Glass` (#FF00FF80) and `Vivid` (Display P3), and the UI open on its categories.
    private func open() throws -> (CLISandbox, TmuxSession) {
        let sandbox = try CLISandbox()
        try sandbox.ok("category", "add", "Glass", "--color", "FF00FF80")
        let file = sandbox.folder.file("p3.json")
        try Data(Self.displayP3Export.utf8).write(to: file)
        try sandbox.ok("import", file.path)
        let session = try TmuxSession(command: [sandbox.runner.executable.path, "--store", sandbox.storePath],
                                      width: 100, height: 30, term: "xterm-256color", environment: ["COLORTERM": "truecolor"])
        try session.sendKeys("c")
        try session.waitFor(text: "Vivid")
        return (sandbox, session)
    }

    private func color(of name: String, in sandbox: CLISandbox) throws -> [String: Any]? {
        try sandbox.categories().first { $0["name"] as? String == name }?["color"] as? [String: Any]
    }

    @Test func acceptingUnchangedKeepsAlphaAndDisplayP3() throws {
        let (sandbox, session) = try open()
        defer { session.kill(); sandbox.remove() }
        let before = (try color(of: "Glass", in: sandbox), try color(of: "Vivid", in: sandbox))

        try session.sendKeys("p")
        try session.waitFor(text: "was #FF00FF80")
        try session.sendKeys("Enter")
        try session.waitFor(text: "Glass keeps #FF00FF80")
        try session.sendKeys("j", "p")
        try session.waitFor(text: "(display-p3)")
        try session.sendKeys("Enter")
        try session.waitFor(text: "Vivid keeps")

        let after = (try color(of: "Glass", in: sandbox), try color(of: "Vivid", in: sandbox))
        #expect(NSDictionary(dictionary: before.0 ?? [:]) == NSDictionary(dictionary: after.0 ?? [:]))
        #expect(NSDictionary(dictionary: before.1 ?? [:]) == NSDictionary(dictionary: after.1 ?? [:]))
        #expect(after.1?["space"] as? String == "display-p3")
        #expect(after.0?["hex"] as? String == "#FF00FF80")
    }

    @Test func shortHexIsExpandedAndBadHexIsReportedWhereItIsTyped() throws {
        let (sandbox, session) = try open()
        defer { session.kill(); sandbox.remove() }
        try session.sendKeys("p")
        try session.waitFor(text: "was #FF00FF80")
        try session.sendKeys("#")
        try session.type("12")
        try session.sendKeys("Enter")
        let screen = try session.waitFor(text: "not a hex color")
        let lines = screen.components(separatedBy: "\n")
        let entry = try #require(lines.firstIndex { $0.contains("Hex #12") })
        #expect(lines[entry + 1].contains("not a hex color: use RRGGBB, RRGGBBAA or RGB"))

        try session.sendKeys("C-u")
        try session.type("0a8")
        try session.sendKeys("Enter")
        try session.waitFor(text: "#00AA8880")
        try session.sendKeys("Enter")
        try session.waitFor(text: "Glass is now #00AA8880")
        #expect(try color(of: "Glass", in: sandbox)?["hex"] as? String == "#00AA8880")
    }
}
