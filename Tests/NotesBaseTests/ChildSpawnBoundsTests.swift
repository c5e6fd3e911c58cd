import Foundation
import NotesTestBasics
import Testing
import NotesBase

/// `ChildSpawn` as the tests and the bench use it: a working directory, a missing program,
/// a child bounded by a deadline, input fed and output captured through pipes.
@Suite struct ChildSpawnBoundsTests {
    static func shell(_ script: String, _ arguments: String...) -> ChildSpawn {
        ChildSpawn(program: "/bin/sh", arguments: ["/bin/sh", "-c", script, "sh"] + arguments)
    }

    @Test func theChildRunsInTheGivenFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let real = try #require(realpath(folder.url.path, nil))
        defer { free(real) }
        var child = Self.shell("pwd -P; cat relative")
        child.workingDirectory = folder.url.path
        try Data("read from the folder\n".utf8).write(to: folder.file("relative"))
        let result = try child.capture(timeout: 60)
        #expect(result.exit == .exited(0), "\(result.errorText)")
        #expect(result.outputText == String(cString: real) + "\nread from the folder\n")
    }

    @Test func aMissingFolderOrProgramIsAnErrorThatNamesIt() throws {
        var inMissingFolder = Self.shell("true")
        inMissingFolder.workingDirectory = "/nonexistent/folder"
        let folderFailure = try #require(throws: ChildSpawn.Failure.self) { try inMissingFolder.capture(timeout: 60) }
        #expect(folderFailure.code == ENOENT)
        #expect(folderFailure.description == "/bin/sh (in /nonexistent/folder): No such file or directory")

        let missing = ChildSpawn(program: "/nonexistent/program", arguments: ["program"])
        let failure = try #require(throws: ChildSpawn.Failure.self) { try missing.capture(input: Array("x".utf8), timeout: 60) }
        #expect(failure.description == "/nonexistent/program: No such file or directory")
    }

    @Test func aChildThatIgnoresTerminationIsKilledAtTheDeadline() throws {
        // The shell ignores SIGTERM, shows it survives one, then becomes a sleep that still ignores it.
        let stubborn = Self.shell("trap '' TERM; kill -TERM $$; echo survived; exec sleep 600")
        let result = try stubborn.capture(timeout: 1)
        #expect(result.timedOut)
        #expect(result.exit == .killed(signal: SIGKILL))
        #expect(result.outputText == "survived\n")

        let pid = try Self.shell("trap '' TERM; exec sleep 600").start()
        let waited = try ChildSpawn.wait(for: pid, program: "sleep", timeout: 0.5)
        #expect(waited.timedOut && waited.exit == .killed(signal: SIGKILL))
    }

    @Test func inputIsFedWhileOutputAndErrorsAreRead() throws {
        // More than any pipe holds, both ways at once: a parent that wrote all before reading would block.
        let input = (0..<1_000_000).map { UInt8(truncatingIfNeeded: $0 % 251) }
        let result = try Self.shell("cat; echo to-errors >&2; exit 3").capture(input: input, timeout: 60)
        #expect(result.exit == .exited(3) && !result.timedOut)
        #expect(result.standardOutput == input)
        #expect(result.errorText == "to-errors\n")
    }

    @Test func aChildThatEndsWithoutReadingItsInputIsNoError() throws {
        let input = [UInt8](repeating: 65, count: 1_000_000)
        let result = try Self.shell("exit 0").capture(input: input, timeout: 60)
        #expect(result.exit == .exited(0) && !result.timedOut)
    }
}
