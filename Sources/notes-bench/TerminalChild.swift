import Foundation
import NotesEditing
import NotesStore
import NotesTerminal
import NotesUI

/// `--child-terminal STORE`: runs on the slave side of a pseudo-terminal (see
/// `PTYSession`). Opens the real terminal and runs the app (`AppRunner.run`) on the
/// store, reading keys from the pty as a user's terminal sends them, until `q`.
/// `MarkingTerminal` marks each frame in the output for the parent to count.
enum TerminalChild {
    static func run(storePath: String) throws {
        // The pty slave is this process's stdin and stdout; `$TERM` names the terminal.
        let environment = ProcessInfo.processInfo.environment
        let terminal = try NCursesTerminal(environment: environment,
                                           directColorEntry: DirectColorTerminfo.provider(environment: environment))
        defer { terminal.close() }
        let store = try NotesStore.open(at: URL(fileURLWithPath: storePath))
        defer { store.close() }
        let runner = AppRunner(terminal: MarkingTerminal(terminal), repository: store, timeZone: UIProbe.timeZone,
                               now: { SyntheticStore.firstDate }, editor: UserEditor.scripted { $0 })
        runner.run()
        FileHandle.standardError.write(Data("ok colorMode=\(terminal.colorMode)\n".utf8))
    }
}
