import Foundation
import NotesLinks
import NotesModel
import NotesStore

/// `notes.json.links`: the rename index (`RenameSources`) beside the snapshot, so that a
/// rename reads the notes that link to the old title and not every body (decision 0070).
/// Derived data, like `notes.json.index`: written with every snapshot (`companion`) and by
/// a rename that had to read the whole store, used only while it names the snapshot at the store's path,
/// and never trusted alone (see `TitleRename`).
enum LinkIndexFile {
    static func path(for store: URL) -> String { RenameSources.path(besideStore: store) }

    /// The snapshot file at `store` now (nil when there is none).
    static func stamp(of store: URL) -> RenameSources.Stamp? { RenameSources.Stamp(ofFile: store.path) }

    /// The index beside `store` when it describes the snapshot there now; nil when it is
    /// missing, damaged or stale (`RenameSources.read(besideStore:)`, the one reader).
    static func read(for store: URL) -> RenameSources? { RenameSources.read(besideStore: store) }

    /// The index of `database`, the whole store's contents, for the snapshot at its path,
    /// written beside it. Call it under the store's lock with the contents caught up then
    /// (inside `commit(derivedFrom:)`): every rename reads the notes the journal changed
    /// since the snapshot itself, so the contents describe the snapshot's other notes
    /// exactly. A failure to write leaves renames slower, so it is not an error. Returns
    /// the index; nil for a store opened for a few notes or without a snapshot.
    @discardableResult
    static func write(for store: NotesStore, from database: NotesDatabase) -> RenameSources? {
        guard !store.isPartial, let stamp = stamp(of: store.url) else { return nil }
        let sources = RenameSources(stamp: stamp, notes: database.notes.values, imports: LinkImports(database: database))
        if store.readOnlyReason == nil {
            try? DurableFile.replace(URL(fileURLWithPath: path(for: store.url)), with: sources.encoded())
        }
        return sources
    }

    /// The index as a companion of every snapshot the store writes (a compaction, a bulk
    /// import's snapshot commit), made from the contents the snapshot holds, so that no
    /// rename after one reads the whole store.
    /// Its tables are made while the snapshot is encoded (on another thread: the bodies are
    /// scanned once more), its stamp once the file is written.
    static let companion = makeCompanion(keeping: nil)

    /// `companion`, which also hands `kept` the note links of the notes it asks for
    /// (`KeptLinks`: an import's, for its count of missing links), from the same scan.
    static func makeCompanion(keeping kept: KeptLinks?) -> SnapshotCompanion {
        SnapshotCompanion(suffix: RenameSources.fileSuffix) { contents in
            let tables = RenameSources.Tables(notes: contents.notes.values, imports: LinkImports(database: contents),
                                              keepingLinksOf: kept?.wanted ?? [])
            kept?.keep(tables.scanned)
            return { snapshotPath in RenameSources.Stamp(ofFile: snapshotPath).map { RenameSources(stamp: $0, tables: tables).encoded() } }
        }
    }

    /// Writes the index for the store as it is now, under its lock (`notes compact`, after
    /// the new snapshot is in). Nothing when the lock is busy or the store read-only.
    static func refresh(_ store: NotesStore) {
        _ = try? store.commit(derivedFrom: { database in
            write(for: store, from: database)
            return []
        })
    }
}
