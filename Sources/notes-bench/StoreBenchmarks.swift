import Foundation
import NotesBase
import NotesModel
import NotesStore

/// Writing the synthetic store, and committing single edits to it, through the real `NotesStore`.
enum StoreBenchmarks {
    /// Writes every category and note in one commit and closes the store. Returns the milliseconds it took.
    static func write(_ synthetic: SyntheticStore, to url: URL) throws -> Double {
        let (_, milliseconds) = try Stopwatch.time {
            let store = try NotesStore.open(at: url)
            defer { store.close() }
            try store.commit(synthetic.changes)
        }
        return milliseconds
    }

    /// The bytes of the snapshot file (and of any file beside it whose name starts with the snapshot's).
    static func fileBytes(_ url: URL) -> (snapshot: Int?, total: Int) {
        let manager = FileManager.default
        let folder = url.deletingLastPathComponent()
        var total = 0
        var snapshot: Int?
        for name in (try? manager.contentsOfDirectory(atPath: folder.path)) ?? [] where name.hasPrefix(url.lastPathComponent) {
            let size = (try? manager.attributesOfItem(atPath: folder.appendingPathComponent(name).path)[.size] as? Int) ?? 0
            total += size
            if name == url.lastPathComponent { snapshot = size }
        }
        return (snapshot, total)
    }

    /// Commits `count` separate one-note edits (a new title) and times each one.
    /// Stops early, after at least `minimum` commits, once `budgetSeconds` are spent,
    /// so a store whose commit rewrites everything does not take an hour.
    static func commitEdits(store: NotesStore, ids: [UUID], count: Int, minimum: Int, budgetSeconds: Double) throws -> Samples {
        var samples = Samples()
        var spent = 0.0
        for index in 0..<count {
            guard !ids.isEmpty else { break }
            let id = ids[(index * 7919) % ids.count]
            guard var note = store.contents.notes[id] else { continue }
            note.title = "Edited \(index): " + note.title.prefix(40)
            note.updated = note.updated.addingTimeInterval(60)
            let change = StoreChange.putNote(note)
            let (_, milliseconds) = try Stopwatch.time { try store.commit([change]) }
            samples.add(milliseconds)
            spent += milliseconds / 1000
            if samples.count >= minimum, spent > budgetSeconds { break }
        }
        return samples
    }

    /// One-edit commits that also fold the journal into the snapshot (what every
    /// commit past the compaction threshold pays), timed without the open.
    static func compactingCommits(url: URL, ids: [UUID], repetitions: Int) throws -> Samples {
        var samples = Samples()
        let options = NotesStoreOptions(compactionMinimumBytes: 0, compactionRatio: 0)
        for index in 0..<repetitions {
            guard !ids.isEmpty else { break }
            let store = try NotesStore.open(at: url, options: options)
            defer { store.close() }
            guard var note = store.contents.notes[ids[(index * 104_729) % ids.count]] else { continue }
            note.title = "Compacted \(index): " + note.title.prefix(40)
            let change = StoreChange.putNote(note)
            let (_, milliseconds) = try Stopwatch.time { try store.commit([change]) }
            samples.add(milliseconds)
        }
        return samples
    }

    /// What the UI waits for around a compaction, the UI's way: the commit that finds one
    /// due (and hands it to `notes compact`), and the refresh that takes the compacted
    /// snapshot in afterwards. The compaction itself, `notes compact`'s work, is done in
    /// between by a second store object on the same files, untimed.
    static func backgroundCompactingCommits(url: URL, ids: [UUID], repetitions: Int) throws -> Samples {
        var samples = Samples()
        guard !ids.isEmpty else { return samples }
        var uiOptions = NotesStoreOptions(compactionMinimumBytes: 0, compactionRatio: 0)
        uiOptions.compaction = .handOff { _ in }  // the compactor below plays `notes compact`
        let ui = try NotesStore.open(at: url, options: uiOptions)
        defer { ui.close() }
        for index in 0..<repetitions {
            guard var note = ui.contents.notes[ids[(index * 104_729) % ids.count]] else { continue }
            note.title = "Handed off \(index): " + note.title.prefix(40)
            let change = StoreChange.putNote(note)
            let (_, commitMilliseconds) = try Stopwatch.time { try ui.commit([change]) }
            samples.add(commitMilliseconds)
            try compactAsNotesCompactDoes(url)
            let (_, refreshMilliseconds) = try Stopwatch.time { _ = try ui.refresh() }
            samples.add(refreshMilliseconds)
        }
        return samples
    }

    /// `notes compact` run as the UI runs it, a process of its own (the `notes` built beside
    /// this benchmark), waited for; without that binary, its work on a store object of its
    /// own in this process. In-process, freeing that object's 2.2 GB of small allocations at
    /// 1,000,000 notes left the next allocations here 100–300 ms slower, which the UI, in
    /// another process, never pays.
    private static func compactAsNotesCompactDoes(_ url: URL) throws {
        if let notes = BenchBinaries.notes {
            _ = try ChildSpawn(program: notes.path, arguments: [notes.path, "compact", "--store", url.path]).run()
            return
        }
        var options = NotesStoreOptions()
        options.compaction = .background
        let compactor = try NotesStore.open(at: url, options: options)
        defer { compactor.close() }
        try compactor.compactWithoutHoldingTheLock()
    }
}
