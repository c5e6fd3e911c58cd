import Foundation
import Synchronization
import NotesModel

/// Parsed notes by blob id, shared by the copies of one `SyncRepository` value.
final class NoteCache: Sendable {
    private let notes = Mutex<[String: Note]>([:])

    func note(for blob: String) -> Note? { notes.withLock { $0[blob] } }
    func store(_ note: Note, for blob: String) { notes.withLock { $0[blob] = note } }
}

/// Counts of the work syncs did: notes rendered to files, note files parsed, note ids
/// merged; the ids a tree held twice (`notes/` and `trash/`), resolved as a merge and reported;
/// and the attachments a merge found edited on both sides.
final class SyncWork: Sendable {
    private struct Counts {
        var rendered = 0, parsed = 0, merged = 0, fingerprinted = 0
        var duplicates: Set<UUID> = []
        var attachmentConflicts: Set<String> = []
        var unreadable: [String: String] = [:]
    }
    private let counts = Mutex(Counts())
    /// Git fetches made, over every attempt of a sync (`take()` leaves it).
    private let fetches = Mutex(0)
    /// Git processes run, by subcommand (`take()` leaves them).
    private let gitRuns = Mutex<[String: Int]>([:])
    private let progress = Mutex<(@Sendable (Int, Int) -> Void)?>(nil)

    /// Sets what is told how many files of a large batch are written (`writing(done:total:)`).
    func report(progress: (@Sendable (Int, Int) -> Void)?) {
        self.progress.withLock { $0 = progress }
    }

    /// `done` of `total` files of a batch written (a first sync writes every note).
    func writing(done: Int, total: Int) {
        progress.withLock { $0 }?(done, total)
    }

    func add(rendered: Int = 0, parsed: Int = 0, merged: Int = 0, fingerprinted: Int = 0) {
        counts.withLock {
            $0.fingerprinted += fingerprinted
            $0.rendered += rendered
            $0.parsed += parsed
            $0.merged += merged
        }
    }

    /// One git fetch made.
    func fetched() {
        fetches.withLock { $0 += 1 }
    }

    /// One git process run (`GitCommand.ran`).
    func ran(git subcommand: String) {
        gitRuns.withLock { $0[subcommand, default: 0] += 1 }
    }

    /// The git processes run so far by subcommand, set back to none.
    func takeGitRuns() -> [String: Int] {
        gitRuns.withLock { runs in
            defer { runs = [:] }
            return runs
        }
    }

    /// The fetches made so far, set back to none.
    func takeFetches() -> Int {
        fetches.withLock { count in
            defer { count = 0 }
            return count
        }
    }

    func found(duplicate id: UUID) {
        _ = counts.withLock { $0.duplicates.insert(id) }
    }

    func found(attachmentConflicts paths: [String]) {
        counts.withLock { $0.attachmentConflicts.formUnion(paths) }
    }

    /// A note file of a commit that could not be read, left out (`SyncRepository.readNoteOrLeaveOut`).
    func found(unreadable path: String, reason: String) {
        counts.withLock { $0.unreadable[path] = reason }
    }

    /// The counts so far, the ids found twice, the attachments in conflict and the files
    /// left out, set back to none.
    func take() -> (rendered: Int, parsed: Int, merged: Int, fingerprinted: Int, duplicates: [UUID], attachmentConflicts: [String],
                    unreadable: [(path: String, reason: String)]) {
        counts.withLock { counts in
            defer { counts = Counts() }
            return (counts.rendered, counts.parsed, counts.merged, counts.fingerprinted, counts.duplicates.sorted { $0.uuidString < $1.uuidString },
                    counts.attachmentConflicts.sorted(), counts.unreadable.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
        }
    }
}
