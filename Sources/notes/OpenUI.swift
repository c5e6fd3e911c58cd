import Foundation
import NotesCore
import NotesUI

/// `notes` with no subcommand: the full-screen UI on the store from `--store`,
/// `$NOTES_STORE` or the default location.
enum OpenUI {
    static func run(storePath: String?) throws {
        let url = StoreLocation.resolve(explicit: storePath)
        let store = try NotesStore.open(at: url)
        defer { store.close() }
        StoreReport.print(for: store)
        let terminal = try makeTerminal()
        let editor = ExternalEditor(environment: ProcessInfo.processInfo.environment)
        let runner = AppRunner(terminal: terminal, repository: store, editBody: { body in
            try editor.edit(text: body)
        })
        if let first = store.warnings.first {
            let more = store.warnings.count > 1 ? " (and \(store.warnings.count - 1) more; see notes doctor)" : ""
            runner.show(message: "warning: \(first)\(more)", isError: true)
        }
        runner.run()
    }

    /// The real terminal.
    // TODO(lead): `try NCursesTerminal()` (and close it after `run`) once the terminal branch is on main.
    static func makeTerminal() throws -> any Terminal {
        throw OpenUIError.noTerminalYet
    }
}

/// Why the UI could not start.
enum OpenUIError: Error, CustomStringConvertible {
    case noTerminalYet

    var description: String {
        switch self {
        case .noTerminalYet: "the terminal layer is not built into this version yet"
        }
    }
}
