import Foundation

/// Whether the terminal has hung up (its window closed, the SSH connection dropped). A
/// kept text is marked as told only while the terminal is there to show its path: the
/// editor may end because of a hangup before this process's own signal arrives (a shell
/// relays it to its jobs later), and a text marked as told then would never be named.
public enum TerminalHangup {
    /// True when standard input, output or error is a terminal that has hung up: its
    /// file operations then fail with `EIO` (a file or a pipe fails with `ENOTTY`).
    public static func hasHappened() -> Bool {
        [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO].contains { hasHappened(on: $0) }
    }

    /// True when `descriptor` is a terminal that has hung up.
    public static func hasHappened(on descriptor: Int32) -> Bool {
        tcgetpgrp(descriptor) == -1 && errno == EIO
    }
}
