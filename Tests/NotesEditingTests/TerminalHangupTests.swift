import Foundation
import Testing
import NotesEditing

/// A terminal that hangs up (here: a pseudo-terminal whose other side is closed, as when a
/// window or an SSH connection goes away) is told apart from a live one and from a file.
@Suite struct TerminalHangupTests {
    /// `TIOCSPTLCK` and `TIOCGPTN` (`_IOW('T', 0x31, int)`, `_IOR('T', 0x30, unsigned int)`):
    /// function-like macros, which Swift does not import.
    private static let unlockRequest: UInt = 0x4004_5431
    private static let numberRequest: UInt = 0x8004_5430

    /// A new pseudo-terminal, both sides close-on-exec from the start (so that no child
    /// another test starts meanwhile holds the other side open).
    private static func openTerminal() throws -> (master: Int32, terminal: Int32) {
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        try #require(master >= 0, "/dev/ptmx: errno \(errno)")
        var unlock: Int32 = 0, number: UInt32 = 0
        try #require(ioctl(master, unlockRequest, &unlock) == 0 && ioctl(master, numberRequest, &number) == 0)
        let terminal = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY | O_CLOEXEC)
        try #require(terminal >= 0, "/dev/pts/\(number): errno \(errno)")
        return (master, terminal)
    }

    @Test func aTerminalWhoseOtherSideClosedHasHungUp() throws {
        // Given a pseudo-terminal
        let (master, terminal) = try Self.openTerminal()
        defer { close(terminal) }

        // While its other side is open, it has not hung up
        #expect(!TerminalHangup.hasHappened(on: terminal))

        // When the other side goes away, it has
        close(master)
        #expect(TerminalHangup.hasHappened(on: terminal))
    }

    @Test func aFileIsNoHungUpTerminal() throws {
        let file = open("/dev/null", O_RDWR)
        try #require(file >= 0)
        defer { close(file) }
        #expect(!TerminalHangup.hasHappened(on: file))
    }
}
