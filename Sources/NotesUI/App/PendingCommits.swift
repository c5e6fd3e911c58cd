import Foundation
import NotesModel

/// The UI's commits that found the store's lock held by another process
/// (`LockContention`): kept in order, as edits (not records), and committed by the
/// runner, oldest first, at each key and each idle wake-up until the lock is free, each
/// resolved against the store as it is then. Meanwhile the list shows them as if
/// committed (`overlaid(on:)`), so that later keys build on them.
struct PendingCommits {
    /// One queued commit: the edits and when they were made (the notes' `updated`).
    struct Waiting: Equatable {
        let edits: [StoreEdit]
        let now: Date
    }

    /// The queued commits, oldest first.
    private(set) var queue: [Waiting] = []
    /// Who held the lock at the last try (`pid 1234 /usr/bin/notes`, or "another program").
    private(set) var holder = "another program"

    var isEmpty: Bool { queue.isEmpty }
    var count: Int { queue.count }

    /// The oldest queued commit, the next one to try.
    var first: Waiting? { queue.first }

    /// Queues a commit behind the others.
    mutating func append(_ edits: [StoreEdit], now: Date, holder: String?) {
        queue.append(Waiting(edits: edits, now: now))
        if let holder { self.holder = holder }
    }

    /// The oldest commit went through (or failed for good, already reported): forgets it.
    mutating func removeFirst() {
        if !queue.isEmpty { queue.removeFirst() }
    }

    /// The lock was still busy at the last try.
    mutating func stillBusy(holder: String) {
        self.holder = holder
    }

    /// Takes every queued commit out, oldest first (to commit them now).
    mutating func takeAll() -> [Waiting] {
        defer { queue = [] }
        return queue
    }

    /// Drops every queued commit (quitting without them, after asking).
    mutating func removeAll() {
        queue = []
    }

    /// `database` with the queued commits applied in order: what the list shows. A
    /// commit that does not apply here is skipped; it fails again, on the status line,
    /// when its turn comes.
    func overlaid(on database: NotesDatabase) -> NotesDatabase {
        var result = database
        for waiting in queue {
            guard let resolution = try? StoreEdit.resolve(waiting.edits, in: result, now: waiting.now) else { continue }
            var attempt = result
            if (try? attempt.apply(resolution.changes)) != nil { result = attempt }
        }
        return result
    }

    /// What the status line says of them: who holds the lock and how many wait (nil: none).
    var waiting: AppState.WaitingSaves? {
        queue.isEmpty ? nil : AppState.WaitingSaves(holder: holder, count: count)
    }
}
