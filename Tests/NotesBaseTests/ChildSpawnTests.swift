import Foundation
import NotesTestBasics
import Testing
import NotesBase

/// `ChildSpawn`, the one way notes starts a program: exit statuses, signals, streams,
/// and the process group (ours for the editor, a session of its own for git).
@Suite struct ChildSpawnTests {
    static func shell(_ script: String) -> ChildSpawn {
        ChildSpawn(program: "/bin/sh", arguments: ["/bin/sh", "-c", script])
    }

    @Test func exitStatusesAndSignalsAreTold() throws {
        #expect(try Self.shell("exit 0").run() == .exited(0))
        #expect(try Self.shell("exit 3").run() == .exited(3))
        let killed = try Self.shell("kill -TERM $$").run()
        #expect(killed == .killed(signal: SIGTERM))
        #expect(killed.shellStatus == 128 + SIGTERM)
        #expect(throws: ChildSpawn.Failure.self) { try ChildSpawn(program: "/nonexistent/program", arguments: ["x"]).run() }
    }

    @Test func theChildStaysInOurProcessGroupUnlessItGetsASessionOfItsOwn() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        func groupAndSession(newSession: Bool) throws -> [Int32] {
            let file = folder.url.appendingPathComponent("ids-\(newSession)").path
            var child = Self.shell("ps -o pgid= -o sid= -p $$")
            child.standardOutput = .open(file, flags: O_WRONLY | O_CREAT | O_TRUNC)
            child.newSession = newSession
            #expect(try child.run() == .exited(0))
            let text = try String(contentsOfFile: file, encoding: .utf8)
            return text.split(whereSeparator: \.isWhitespace).compactMap { Int32($0) }
        }
        #expect(try groupAndSession(newSession: false) == [getpgrp(), getsid(0)])
        let own = try groupAndSession(newSession: true)
        #expect(own.count == 2 && own[0] == own[1] && own[0] != getpgrp())
    }

    @Test func environmentAndInputAreTheGivenOnes() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let input = folder.url.appendingPathComponent("in").path, output = folder.url.appendingPathComponent("out").path
        try Data("from the file\n".utf8).write(to: URL(fileURLWithPath: input))
        var child = ChildSpawn(program: "/bin/sh", arguments: ["/bin/sh", "-c", "read line; echo \"$line / $ONLY\""],
                               environment: ["ONLY": "this"])
        child.standardInput = .open(input, flags: O_RDONLY)
        child.standardOutput = .open(output, flags: O_WRONLY | O_CREAT | O_TRUNC)
        #expect(try child.run() == .exited(0))
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "from the file / this\n")
    }
}
