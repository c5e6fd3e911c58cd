import ArgumentParser
import Foundation
import NotesStore

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
        prepared(try NotesStore.open(at: url, options: Self.commandOptions))
    }

    /// Opens the store for a bulk write: a commit that finds compaction due folds the journal
    /// into a new snapshot itself, before it returns (the store's one compaction path), when
    /// `compactingAfterCommit`; otherwise as `open()`. Each snapshot's rename index hands
    /// `keepingLinks` the links it scanned of the notes that asks for.
    func open(compactingAfterCommit: Bool, keepingLinks: KeptLinks? = nil) throws -> NotesStore {
        var options = Self.commandOptions
        if compactingAfterCommit { options.compaction = .inline }
        if let keepingLinks { options.snapshotCompanions = [LinkIndexFile.makeCompanion(keeping: keepingLinks)] }
        return prepared(try NotesStore.open(at: url, options: options))
    }

    /// Opens the store for a command that touches only the notes `ids` name (none for
    /// `add` and `category list`): the categories, those notes and what the journal
    /// changed, read through the index, so the command costs what it touches (see
    /// `NotesStore.open(at:options:touching:)`; it reads the whole store when it must).
    func open(touching ids: [String]) throws -> NotesStore {
        prepared(try NotesStore.open(at: url, options: Self.commandOptions, touching: ids))
    }

    /// Opens the store for the first notes of its list (`NotesStore.open(at:options:listHead:)`):
    /// the list head and the journal, or the whole store when the head cannot answer.
    func open(listHead: Void) throws -> NotesStore {
        prepared(try NotesStore.open(at: url, options: Self.commandOptions, listHead: ()))
    }

    /// As `open()`; without `reporting`, the warnings of opening are not printed (a second
    /// read of a store whose first already printed them).
    func open(reporting: Bool) throws -> NotesStore {
        let store = try NotesStore.open(at: url, options: Self.commandOptions)
        guard reporting else {
            store.warningHandler = { Console.warning($0.description) }
            return store
        }
        return prepared(store)
    }

    /// A command never waits for a compaction: it hands it to `notes compact`.
    private static var commandOptions: NotesStoreOptions {
        var options = NotesStoreOptions()
        options.compaction = .handOff { url in DetachedCompaction.start(url) }
        options.snapshotCompanions = [LinkIndexFile.companion]
        return options
    }

    private func prepared(_ store: NotesStore) -> NotesStore {
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
