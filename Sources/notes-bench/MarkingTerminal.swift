import Foundation
import NotesTerminal
import NotesUI

/// The real terminal with marks in its output, so the benchmark can tell which bytes
/// each frame cost: after every draw it writes the mark `draw:<cause>` (`first`,
/// `key`, `idle`, `resize`), and before every wait that is not the preview's short one
/// the mark `waiting` (the app has drawn everything it will draw until the next key;
/// it still wakes every `AppRunner.refreshMilliseconds` for other processes' commits,
/// and draws only if there were any).
final class MarkingTerminal: Terminal {
    private let terminal: NCursesTerminal
    private var cause = "first"

    init(_ terminal: NCursesTerminal) {
        self.terminal = terminal
    }

    var size: TerminalSize { terminal.size }
    var colorMode: ColorMode { terminal.colorMode }

    func draw(_ buffer: ScreenBuffer) {
        terminal.draw(buffer)
        Self.write(PTYSession.mark("draw:" + cause))
    }

    func nextEvent(idleAfter milliseconds: Int?) -> InputEvent? {
        if (milliseconds ?? Int.max) > AppRunner.previewDelayMilliseconds { Self.write(PTYSession.mark("waiting")) }
        let event = terminal.nextEvent(idleAfter: milliseconds)
        switch event {
        case .key: cause = "key"
        case .idle: cause = "idle"
        case .resize: cause = "resize"
        case .mouse: cause = "mouse"
        case nil: break
        }
        return event
    }

    func suspend() { terminal.suspend() }
    func resume() { terminal.resume() }
    func suspendToShell() { terminal.suspendToShell() }

    /// Writes `bytes` to standard output (the pty) after whatever curses has buffered.
    private static func write(_ bytes: [UInt8]) {
        fflush(nil)
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count, let base = raw.baseAddress {
                let count = Foundation.write(STDOUT_FILENO, base + offset, raw.count - offset)
                if count <= 0 { if errno == EINTR { continue }; return }
                offset += count
            }
        }
    }
}
