import Foundation
import NotesTestSupport
import Testing

/// `notes edit ID` with `$EDITOR` / `$VISUAL` set to small shell scripts.
@Suite struct CLIEditTests {
    /// Writes an executable shell script into the sandbox and returns its path.
    private func script(_ sandbox: CLISandbox, _ name: String, _ body: String) throws -> String {
        let url = sandbox.folder.file(name)
        try Data("#!/bin/sh\n\(body)\n".utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        return url.path
    }

    @Test func theEditorsTextBecomesTheBody() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let id = try sandbox.add("Draft", "--body", "old text")
        let before = try #require(try sandbox.json("show", id) as? [String: Any])
        let seen = sandbox.folder.file("seen").path
        // Records the file's name and mode, checks it holds the old body, then rewrites it.
        let editor = try script(sandbox, "rewrite.sh", """
        printf '%s %s\\n' "$(basename "$1")" "$(stat -c %a "$1")" > '\(seen)'
        grep -qx 'old text' "$1" || exit 3
        printf 'new text\\nsecond line\\n' > "$1"
        """)

        try sandbox.ok("edit", String(id.prefix(8)), environment: ["EDITOR": editor])

        let after = try #require(try sandbox.json("show", id) as? [String: Any])
        #expect(after["body"] as? String == "new text\nsecond line")
        #expect(after["created"] as? String == before["created"] as? String)
        #expect((after["updated"] as? String ?? "") > (before["updated"] as? String ?? ""))
        let record = try String(contentsOfFile: seen, encoding: .utf8).split(separator: " ")
        #expect(record.first?.hasSuffix(".md") == true)
        #expect(record.last == "600\n")
    }

    @Test func aFailingEditorChangesNothing() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let id = try sandbox.add("Draft", "--body", "old text")
        let before = try #require(sandbox.storeBytes())
        let editor = try script(sandbox, "fail.sh", "printf 'half-written' > \"$1\"\nexit 1")

        let result = try sandbox.run("edit", id, environment: ["EDITOR": editor])

        #expect(result.status != 0)
        #expect(result.stderr.hasPrefix("error: "))
        #expect(sandbox.storeBytes() == before)
    }

    @Test func anUnchangedBodyIsNotWritten() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let id = try sandbox.add("Draft", "--body", "same")
        let before = try #require(sandbox.storeBytes())

        try sandbox.ok("edit", id, environment: ["EDITOR": "true"])

        #expect(sandbox.storeBytes() == before)
    }

    @Test func visualWinsOverEditorAndMayHaveArguments() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let id = try sandbox.add("Draft")
        let writer = try script(sandbox, "write.sh", "printf '%s' \"$1\" > \"$2\"")

        try sandbox.ok("edit", id, environment: ["VISUAL": "\(writer) from-visual", "EDITOR": "false"])

        let note = try #require(try sandbox.json("show", id) as? [String: Any])
        #expect(note["body"] as? String == "from-visual")
    }
}
