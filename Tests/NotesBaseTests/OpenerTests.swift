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
        guard case .started(let command, let watch) = outcome else { Issue.record("\(outcome)"); return }
        #expect(command == script.path + " --flag")
        #expect(watch.waitForEnd() == .ended(status: 0))
        let lines = try String(contentsOf: record, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(2)) == ["--flag", file])
        #expect(lines.count == 4 && lines[2] != String(getsid(0)))  // a session of its own
        #expect(lines.last == "/dev/null")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/notes-opener-injected"))
    }

    @Test func anOpenerThatFailsSaysSoWithItsStatus() throws {
        let failing = try Opener(environment: ["NOTES_OPENER": "sh -c 'exit 4'", "PATH": "/usr/bin:/bin"]).open("/a/report.pdf")
        guard case .started(_, let watch) = failing else { Issue.record("\(failing)"); return }
        #expect(watch.waitForEnd() == .ended(status: 4))
        #expect(watch.failure == "sh -c 'exit 4' failed on report.pdf (status 4)")

        let missing = try Opener(environment: ["NOTES_OPENER": "/nonexistent/viewer", "PATH": "/usr/bin:/bin"]).open("/a/b.png")
        guard case .started(_, let missingWatch) = missing else { Issue.record("\(missing)"); return }
        #expect(missingWatch.waitForEnd() == .ended(status: 127))
        #expect(missingWatch.failure == "/nonexistent/viewer was not found (status 127): b.png was not opened")

        let address = try Opener(environment: ["NOTES_OPENER": "false", "PATH": "/usr/bin:/bin"]).open("https://example.com/a")
        guard case .started(_, let addressWatch) = address else { Issue.record("\(address)"); return }
        #expect(addressWatch.waitForEnd() == .ended(status: 1))
        #expect(addressWatch.failure == "false failed on https://example.com/a (status 1)")
    }

    /// A viewer that runs until the user closes it is not waited for: the watch says it runs,
    /// and says how it ended once it has.
    @Test func aViewerStillRunningIsNotWaitedFor() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let fifo = folder.url.appendingPathComponent("hold").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // The opener reads a line from the FIFO named by its argument: it runs until a line comes.
        let outcome = try Opener(environment: ["NOTES_OPENER": "sh -c 'read line < \"$0\"'", "PATH": "/usr/bin:/bin"]).open(fifo)
        guard case .started(_, let watch) = outcome else { Issue.record("\(outcome)"); return }
        let running = RunningOpeners()
        running.add(watch)
        #expect(watch.poll() == .running)
        #expect(running.takeFailures() == ([], true))
        let writer = open(fifo, O_WRONLY)
        #expect(writer >= 0)
        #expect(write(writer, "go\n", 3) == 3)
        close(writer)
        #expect(watch.waitForEnd() == .ended(status: 0))
        #expect(watch.failure == nil)
        #expect(running.takeFailures() == ([], false))
    }
}
