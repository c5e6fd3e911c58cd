import ArgumentParser
import Foundation
import NotesCore

/// `--store PATH`, shared by every command.
struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The store file (default: $NOTES_STORE, else $XDG_DATA_HOME/notes/notes.json).",
        valueName: "path"), completion: .file(extensions: ["json"]))
    var store: String?

    func validate() throws {
        if let store, store.isEmpty { throw ValidationError("--store needs a path; an empty one is not the default store") }
    }

    /// Where the store is, after `--store`, `$NOTES_STORE` and `$XDG_DATA_HOME`.
    var url: URL { StoreLocation.resolve(explicit: store) }

    /// Opens the store, printing its warnings and any migration report to stderr.
    func open() throws -> NotesStore {
        var options = NotesStoreOptions()
        // A command never waits for a compaction: it hands it to `notes compact`.
        options.compaction = .handOff { url in DetachedCompaction.start(url) }
        let store = try NotesStore.open(at: url, options: options)
        StoreReport.print(for: store)
        store.warningHandler = { Console.warning($0.description) }
        return store
    }
}

/// What opening a store has to tell the user, on stderr.
enum StoreReport {
    /// Prints the migration report (once: a migrated store is not migrated again) and every warning.
    static func print(for store: NotesStore) {
        if let report = store.migrationReport { Console.error(report) }
        for warning in store.warnings { Console.warning(warning.description) }
    }
}
