import Foundation
import Testing
import NotesModel

/// `OutputChannel`: exact bytes to pipes and files, escapes for a terminal, every write
/// and the close checked.
struct OutputChannelTests {
    /// What `channel` wrote into a pipe, after `body`.
    private func written(escaping: Bool, _ body: (OutputChannel) -> Void) throws -> (String, OutputError?) {
        let pipe = Pipe()
        let channel = OutputChannel(descriptor: dup(pipe.fileHandleForWriting.fileDescriptor), name: "standard output",
                                    escapesForTerminal: escaping)
        body(channel)
        let failure = channel.finish()
        try pipe.fileHandleForWriting.close()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        return (String(decoding: data, as: UTF8.self), failure)
    }

    @Test func aPipeGetsTheExactBytes() throws {
        let (text, failure) = try written(escaping: false) { $0.write("title \u{1B}]0;x\u{07}\n"); $0.write(Array("\u{9B}2J".utf8)) }
        #expect(text == "title \u{1B}]0;x\u{07}\n\u{9B}2J")
        #expect(failure == nil)
    }

    @Test func aTerminalGetsVisibleEscapes() throws {
        let (text, _) = try written(escaping: true) { $0.write("title \u{1B}]0;x\u{07}\n"); $0.write(Array("\u{9B}2J".utf8)) }
        #expect(text == "title ^[]0;x^G\n\\u{9B}2J")
    }

    @Test func manyWritesGoOutInOrder() throws {
        let (text, _) = try written(escaping: false) { channel in
            for number in 0..<5_000 { channel.write("\(number)\n") }
        }
        #expect(text == (0..<5_000).map { "\($0)\n" }.joined())
    }

    @Test func aFullDiskIsReported() throws {
        let descriptor = open("/dev/full", O_WRONLY)
        try #require(descriptor >= 0)
        let channel = OutputChannel(descriptor: descriptor, name: "standard output", escapesForTerminal: false)
        channel.write("some text\n")
        let failure = channel.finish()
        #expect(failure?.code == ENOSPC)
        #expect(failure?.description == "cannot write to standard output: No space left on device")
        #expect(failure?.isClosedPipe == false)
    }

    @Test func aClosedPipeIsTold() throws {
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        let channel = OutputChannel(descriptor: dup(pipe.fileHandleForWriting.fileDescriptor), name: "standard output",
                                    escapesForTerminal: false)
        channel.write("text\n")
        #expect(channel.finish()?.isClosedPipe == true)
    }
}
