import Foundation
import NotesBase
import NotesTestBasics
import Testing

/// `Opener`, the one way an attachment is handed to the user's viewer: which command it
/// picks, that the path is one argument whatever its characters, that the opener runs in
/// a session of its own with nothing of our terminal.
@Suite struct OpenerTests {
    @Test func theOpenerIsNotesOpenerThenTheConfiguredOneThenXdgOpenThenOpen() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for name in ["xdg-open", "open"] {
            let url = folder.url.appendingPathComponent(name)
            try Data("#!/bin/sh\n".utf8).write(to: url)
            try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: url.path)
        }
        let path = folder.url.path
        #expect(Opener(configured: "viewer -a", environment: ["NOTES_OPENER": "feh -F", "PATH": path]).commandLine()?.line == "feh -F")
        #expect(Opener(configured: " viewer -a ", environment: ["NOTES_OPENER": " ", "PATH": path]).commandLine()?.line == "viewer -a")
        #expect(Opener(environment: ["PATH": path]).commandLine()?.name == "xdg-open")
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("xdg-open"))
        #expect(Opener(environment: ["PATH": "/nonexistent:" + path]).commandLine()?.name == "open")
        #expect(Opener(environment: ["PATH": "/nonexistent"]).commandLine() == nil)
        #expect(try Opener(environment: ["PATH": "/nonexistent"]).open("/a/b.pdf") == .noOpener(path: "/a/b.pdf"))
    }

    @Test func thePathIsOneArgumentAndTheOpenerHasNoTerminal() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let record = folder.url.appendingPathComponent("record")
        // What the opener saw: its arguments, one a line, then its session id and its standard input.
        let script = folder.url.appendingPathComponent("record-opener")
        try Data("""
            #!/bin/sh
            { for a in "$@"; do printf '%s\\n' "$a"; done; ps -o sid= -p $$ | tr -d ' '; readlink /proc/self/fd/0; } \
            > '\(record.path).part' && mv '\(record.path).part' '\(record.path)'

            """.utf8).write(to: script)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: script.path)
        let file = "/tmp/a file; $(touch /tmp/notes-opener-injected) 'x'.pdf"
        let outcome = try Opener(environment: ["NOTES_OPENER": script.path + " --flag", "PATH": "/usr/bin:/bin"]).open(file)
        #expect(outcome == .started(command: script.path + " --flag"))
        let deadline = Date().addingTimeInterval(30)
        while !FileManager.default.fileExists(atPath: record.path) && Date() < deadline { usleep(20_000) }
        let lines = try String(contentsOf: record, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(2)) == ["--flag", file])
        #expect(lines.count == 4 && lines[2] != String(getsid(0)))  // a session of its own
        #expect(lines.last == "/dev/null")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/notes-opener-injected"))
    }
}
