import Foundation
import NotesBase
import NotesTestSupport
import Testing

/// Text from notes is data, never terminal commands (PRODUCT §4): on a terminal (a tmux
/// pane) every command shows escape sequences, C1 controls and bidi overrides from
/// titles, bodies, tags, category names, file names and error messages as visible
/// escapes; through a pipe the bytes are exact.
@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed (apt-get install tmux)"))
struct CLIHostileTextTests {
    /// OSC 0 (window title), OSC 52 (clipboard write), a screen clear, an 8-bit CSI and a
    /// right-to-left override.
    static let hostile = "Evil \u{1B}]0;pwned\u{07} \u{1B}]52;c;ZWNobyBwd25lZA==\u{07} \u{1B}[2J x\u{9B}y \u{202E}abc"
    /// How the hostile text shows on a terminal.
    static let shown = "Evil ^[]0;pwned^G ^[]52;c;ZWNobyBwd25lZA==^G ^[[2J x\\u{9B}y \\u{202E}abc"

    /// A store holding the hostile text in a title, a body, a tag and a category name.
    private func makeStore() throws -> (CLISandbox, id: String) {
        let sandbox = try CLISandbox()
        try sandbox.ok("category", "add", "Cat" + Self.hostile)
        let id = try sandbox.add(Self.hostile, "--body", "body " + Self.hostile, "--tag", "t\u{1B}[5mx",
                                 "--category", "Cat" + Self.hostile)
        return (sandbox, id)
    }

    @Test func everyCommandShowsEscapesOnATerminal() throws {
        let (sandbox, id) = try makeStore()
        defer { sandbox.remove() }
        // An import folder with a file whose name holds an escape and whose front matter is broken.
        let imports = sandbox.folder.file("imports")
        try FileManager.default.createDirectory(at: imports, withIntermediateDirectories: true)
        try Data("---\ntitle: \"unclosed\n---\nbody\n".utf8).write(to: imports.appendingPathComponent("bad\u{1B}]0;file\u{07}.md"))

        let notes = [sandbox.runner.executable.path].map(TmuxSession.shellQuoted).joined()
        let store = "--store " + TmuxSession.shellQuoted(sandbox.storePath)
        let script = [
            "printf 'BEFORE\\n'",
            "\(notes) list \(store)",
            "\(notes) show \(id) \(store)",
            "\(notes) category list \(store)",
            "\(notes) list --json \(store)",
            "\(notes) import \(TmuxSession.shellQuoted(imports.path)) \(store)",
            "\(notes) show \(TmuxSession.shellQuoted("no\u{1B}[2Jsuch")) \(store)",
            "\(notes) rm \(id) \(store)",
            "echo \"DO\"\"NE\"; sleep 60",
        ].joined(separator: "; ")
        let session = try TmuxSession(command: ["sh", "-c", script], width: 250, height: 80)
        defer { session.kill() }
        let screen = try session.waitUntil("the commands to finish") { $0.contains("DONE") }

        // Nothing was cleared, the window title and the clipboard are untouched.
        #expect(screen.contains("BEFORE"))
        #expect(try session.format("#{pane_title}") != "pwned")
        #expect(try session.format("#{pane_title}") != "file")
        // list, show (title and body), rm
        #expect(screen.components(separatedBy: Self.shown).count - 1 >= 5, "\(screen)")
        #expect(screen.contains("body " + Self.shown))
        #expect(screen.contains("#t^[[5mx"))
        // category list
        #expect(screen.contains("Cat" + Self.shown))
        // --json escapes as JSON does, C1 and bidi controls included
        #expect(screen.contains(#""title": "Evil \u001b]0;pwned\u0007 \u001b]52;c;ZWNobyBwd25lZA==\u0007 \u001b[2J x\u009by \u202eabc""#))
        // error messages: an import error naming the file, an unknown id
        #expect(screen.contains("bad^[]0;file^G.md"), "\(screen)")
        #expect(screen.contains("no^[[2Jsuch"))
    }

    @Test func aWarningNamingAHostileCategoryShowsEscapes() throws {
        // A store whose category (named with an OSC title sequence) has a broken color archive.
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let store = #"""
        {"format": "notes", "formatVersion": 3, "sequence": 0, "recentColors": "",
         "categories": [{"id": "C445C72C-6F54-4CE9-8993-0C7A27938539", "name": "Bro\u001b]0;warn\u0007ken", "color": "bm90IGFuIGFyY2hpdmU="}],
         "notes": []}
        """#
        let url = URL(fileURLWithPath: sandbox.storePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(store.utf8).write(to: url)

        let notes = [sandbox.runner.executable.path, "category", "list", "--store", sandbox.storePath]
            .map(TmuxSession.shellQuoted).joined(separator: " ")
        let session = try TmuxSession(command: ["sh", "-c", "\(notes); echo \"DO\"\"NE\"; sleep 60"], width: 200, height: 20)
        defer { session.kill() }
        let screen = try session.waitUntil("the command to finish") { $0.contains("DONE") }
        #expect(screen.contains("warning: "))
        #expect(screen.contains("Bro^[]0;warn^Gken"), "\(screen)")
        #expect(try session.format("#{pane_title}") != "warn")
    }

    @Test func pipesGetTheExactBytes() throws {
        let (sandbox, id) = try makeStore()
        defer { sandbox.remove() }
        #expect(try sandbox.ok("list").contains(Self.hostile))
        #expect(try sandbox.ok("show", id).contains("body " + Self.hostile))
        #expect(try sandbox.ok("category", "list").contains("Cat" + Self.hostile))
        let result = try sandbox.run("show", "no\u{1B}[2Jsuch")
        #expect(result.stderr.contains("no\u{1B}[2Jsuch"))
    }
}

/// A failed write to standard output is an error with a non-zero status (PRODUCT §4):
/// `/dev/full` fails every write with "No space left on device".
struct CLIFailedOutputTests {
    @Test(arguments: [["list"], ["list", "--json"], ["export", "--format", "json"], ["category", "list"], ["show", "FIRST"]])
    func writingToAFullDiskFails(arguments: [String]) throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        try sandbox.ok("category", "add", "Work")
        let id = try sandbox.add("A note", "--body", String(repeating: "text ", count: 100), "--category", "Work")
        let command = arguments.map { $0 == "FIRST" ? id : $0 } + ["--store", sandbox.storePath]
        let quoted = ([sandbox.runner.executable.path] + command).map(TmuxSession.shellQuoted).joined(separator: " ")
        let result = try ChildSpawn(program: "/bin/sh", arguments: ["/bin/sh", "-c", quoted + " > /dev/full"]).capture(timeout: 120)
        #expect(result.exit == .exited(1))
        #expect(result.errorText.contains("error: cannot write to standard output: No space left on device"))
    }
}
