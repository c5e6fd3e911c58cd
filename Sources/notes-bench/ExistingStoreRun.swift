import Foundation
import NotesStore
import NotesUI

/// `notes-bench --existing PATH`: the figures of the running app that edit and compact,
/// on a store that is already there (a 1,000,000-note store takes most of an hour to
/// build and measure whole on this machine): the app's key and body-edit figures, the UI
/// around a compaction, then the single-note commands (without SQLite: there is no database).
enum ExistingStoreRun {
    /// `appOnly` (`--only app`): the app's figures alone, with each body edit's times.
    static func run(path: String, appOnly: Bool = false) throws -> Report {
        let url = URL(fileURLWithPath: path)
        func progress(_ message: String) {
            FileHandle.standardError.write(Data("notes-bench: \(message)\n".utf8))
        }
        progress("opening \(path)")
        let store = try NotesStore.open(at: url)
        var report = Report(noteCount: store.contents.notes.count)
        report.storeBytes = StoreBenchmarks.fileBytes(url).snapshot
        report.fact("existing_store", .string(url.path))
        progress("the app's own paths (AppRunner on an in-memory terminal)")
        let app = AppPathMeasurement.measure(store: store)
        report.figures += app.figures
        if appOnly {
            report.perKeyHeading = "each body edit in the order made: wall (CPU time of the runner's thread), ms:"
            report.perKeyLines = app.editLines
            store.close()
            return report
        }
        let ids = store.contents.notes.keys.sorted { $0.uuidString < $1.uuidString }
        let live = ids.filter { store.contents.notes[$0]?.deleted == nil }
        progress("rename with link updates: `notes set --title` of a linked note, as whole processes")
        report.figures.append(try RenameTiming.figure(store: url, contents: store.contents.notes.values, notes: BenchBinaries.notes,
                                                      runs: CommandTiming.defaultRuns, noteCount: report.noteCount))
        store.close()
        progress("the UI around a compaction")
        let background = try StoreBenchmarks.backgroundCompactingCommits(url: url, ids: ids, repetitions: 3)
        report.figures += CommitFigures.make(Samples(), rewrite: Samples(), compacting: Samples(), background: background)
            .filter { $0.key == "commit_background_compaction_max_ms" }
        try CommandTiming.add(to: &report, store: url, liveIDs: live, database: nil, progress: progress)
        return report
    }

    /// Commits title edits of notes spread over the store, one a commit, until the journal
    /// holds `bytes`; compaction is off so that the journal stays as full as asked.
    static func fillJournal(path: String, bytes: Int) throws {
        let url = URL(fileURLWithPath: path)
        let store = try NotesStore.open(at: url, options: NotesStoreOptions(compactionMinimumBytes: .max))
        defer { store.close() }
        let ids = store.contents.notes.keys.sorted { $0.uuidString < $1.uuidString }
        let journal = NotesStore.journalPath(for: url)
        func journalBytes() -> Int { ((try? FileManager.default.attributesOfItem(atPath: journal)[.size]) as? Int) ?? 0 }
        var index = 0
        while journalBytes() < bytes, !ids.isEmpty {
            guard var note = store.contents.notes[ids[(index * 104_729) % ids.count]] else { break }
            note.title = "Filled \(index): " + note.title.prefix(40)
            try store.commit([.putNote(note)])
            index += 1
        }
        print("commits=\(index) journal_bytes=\(journalBytes())")
    }
}
