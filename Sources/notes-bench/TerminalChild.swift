import Foundation
import NotesCore
import NotesUI

/// `--child-terminal STORE`: runs on the slave side of a pseudo-terminal (see
/// `PTYSession`). Opens the real terminal and runs the app's `AppRunner` on the
/// store: draws the main screen, then presses ↓ `moves` times, drawing after each,
/// writing `PTYSession.mark` to the terminal after every step so the parent can
/// count each step's bytes.
enum TerminalChild {
    static let moves = 20

    static func run(storePath: String) throws {
        // The pty slave is this process's stdin and stdout; `$TERM` names the terminal.
        let terminal = try NCursesTerminal()
        defer { terminal.close() }
        let store = try NotesStore.open(at: URL(fileURLWithPath: storePath))
        defer { store.close() }
        let runner = AppRunner(terminal: terminal, repository: store, timeZone: UIProbe.timeZone,
                               now: { SyntheticStore.firstDate }, editBody: { $0 })
        runner.draw()
        writeMark()
        for _ in 1...moves {
            _ = runner.handle(.key(.down))
            runner.draw()
            writeMark()
        }
        FileHandle.standardError.write(Data("ok colorMode=\(terminal.colorMode)\n".utf8))
    }

    static func writeMark() {
        fflush(nil)
        PTYSession.mark.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count, let base = raw.baseAddress {
                let count = write(STDOUT_FILENO, base + offset, raw.count - offset)
                if count <= 0 { if errno == EINTR { continue }; return }
                offset += count
            }
        }
    }
}
