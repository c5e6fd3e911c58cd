import Foundation
import NotesCore
import NotesUI

/// `notes` with no subcommand: the full-screen UI on the store from `--store`,
/// `$NOTES_STORE` or the default location.
enum OpenUI {
    static func run(storePath: String?) throws {
        let url = StoreLocation.resolve(explicit: storePath)
        let store = try NotesStore.open(at: url)
        let terminal = try makeTerminal()
        let runner = AppRunner(terminal: terminal, repository: store, editBody: editInExternalEditor)
        runner.run()
    }

    /// The real terminal.
    // TODO(lead): `try NCursesTerminal()` (and `close()` it after `run`) once the terminal branch is on main.
    static func makeTerminal() throws -> any Terminal {
        throw OpenUIError.noTerminalYet
    }

    /// The body in `$VISUAL`/`$EDITOR`.
    // TODO(lead): `try ExternalEditor(environment: ProcessInfo.processInfo.environment).edit(text: body)`
    // once the CLI branch is on main.
    static func editInExternalEditor(_ body: String) throws -> String {
        throw OpenUIError.noEditorYet
    }
}

/// Why the UI could not start.
enum OpenUIError: Error, CustomStringConvertible {
    case noTerminalYet
    case noEditorYet

    var description: String {
        switch self {
        case .noTerminalYet: "the terminal layer is not built into this version yet"
        case .noEditorYet: "editing in $EDITOR is not built into this version yet"
        }
    }
}
