import Foundation
import NotesCore
import NotesUI

/// `--child-terminal STORE`: runs on the slave side of a pseudo-terminal (see
/// `PTYSession`). Opens the real terminal and runs the app's `AppRunner` on the
/// store: draws the main screen, then presses ↓ `moves` times, drawing after each, writing `PTYSession.mark`
/// to the terminal after every step so the parent can count each step's bytes.
enum TerminalChild {
    static let moves = 20

    /// The real terminal, once `NCursesTerminal` is on main; nil until then.
    static func makeTerminal() throws -> (any Terminal)? {
        nil
    }

    static func run(storePath: String) throws {
        guard let terminal = try makeTerminal() else {
            FileHandle.standardError.write(Data("no-terminal\n".utf8))
            exit(3)
        }
        let store = try NotesStore.open(at: URL(fileURLWithPath: storePath))
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
