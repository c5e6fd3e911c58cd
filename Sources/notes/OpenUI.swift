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
        let environment = ProcessInfo.processInfo.environment
        let terminal = try NCursesTerminal(environment: environment,
                                           directColorEntry: DirectColorTerminfo.provider(environment: environment))
        defer { terminal.close() }
        let editor = ExternalEditor(environment: environment)
        let runner = AppRunner(terminal: terminal, repository: store,
                               runEditor: { path in try editor.run(file: path) },
                               unsavedFolder: EditFile.unsavedFolder(environment: environment))
        if let first = store.warnings.first {
            let more = store.warnings.count > 1 ? " (and \(store.warnings.count - 1) more; see notes doctor)" : ""
            runner.show(message: "warning: \(first)\(more)", isError: true)
        }
        runner.run()
    }
}
