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
        let terminal = try NCursesTerminal()
        defer { terminal.close() }
        let editor = ExternalEditor(environment: ProcessInfo.processInfo.environment)
        let runner = AppRunner(terminal: terminal, repository: store, editBody: { body in
            try editor.edit(text: body)
        }, sync: { progress in
            // A store of its own, as another process would: the UI's store then picks the merge up.
            let syncStore = try NotesStore.open(at: url)
            defer { syncStore.close() }
            var engine = SyncEngine(store: syncStore)
            engine.progress = progress
            return try engine.sync().summary
        })
        if let first = store.warnings.first {
            let more = store.warnings.count > 1 ? " (and \(store.warnings.count - 1) more; see notes doctor)" : ""
            runner.show(message: "warning: \(first)\(more)", isError: true)
        }
        runner.run()
    }
}
