import Glibc
import Synchronization
import NotesModel
import NotesExchange

/// What `Ctrl-C` (`SIGINT`) does during `notes import`, which is all or nothing.
///
/// While files are read and the store opened, nothing is written: the process ends at once
/// (status 130), erasing the progress line and saying `import cancelled, nothing written`.
/// Once the commit has begun, the signal is only recorded: the import checks it after
/// planning, before anything reaches the journal, and stops there with the same message
/// (`ImportInterrupt.Cancelled`); after that the one journal line is written whole, and
/// the import says it was interrupted after writing. The store is never half-written: it
/// takes an import as one journal line (a bulk import as one snapshot renamed into place),
/// and a line cut by a crash is never read as a commit.
enum ImportInterrupt {
    /// The import was stopped by `Ctrl-C` before anything was written.
    struct Cancelled: Error, CustomStringConvertible {
        var description: String { "import cancelled, nothing written" }
    }

    private static let committing = Atomic<Bool>(false)
    private static let interrupted = Atomic<Bool>(false)
    private static let erasesLine = Atomic<Bool>(false)

    /// Catches `SIGINT` for the rest of the import; `erasesProgress`: a progress line may
    /// be on standard error, to be erased before the message.
    static func install(erasesProgress: Bool) {
        // Every atomic is made before the handler can run (a signal handler must not start one).
        committing.store(false, ordering: .relaxed)
        interrupted.store(false, ordering: .relaxed)
        erasesLine.store(erasesProgress, ordering: .relaxed)
        signal(SIGINT) { _ in
            guard !ImportInterrupt.committing.load(ordering: .relaxed) else {
                ImportInterrupt.interrupted.store(true, ordering: .relaxed)
                return
            }
            // Only async-signal-safe calls from here: write(2) of static text, then _exit.
            let erase: StaticString = "\r\u{1B}[K"
            let message: StaticString = "import cancelled, nothing written\n"
            if ImportInterrupt.erasesLine.load(ordering: .relaxed) {
                _ = Glibc.write(STDERR_FILENO, erase.utf8Start, erase.utf8CodeUnitCount)
            }
            _ = Glibc.write(STDERR_FILENO, message.utf8Start, message.utf8CodeUnitCount)
            _exit(130)
        }
    }

    /// From here on `Ctrl-C` is recorded, not obeyed at once: the commit is under way.
    static func beginCommit() {
        committing.store(true, ordering: .relaxed)
    }

    /// Throws `Cancelled` when `Ctrl-C` came since the commit began; called in the commit
    /// after planning, before the changes are handed to the store.
    static func checkBeforeWriting() throws(Cancelled) {
        if interrupted.load(ordering: .relaxed) { throw Cancelled() }
    }

    /// Whether `Ctrl-C` came after the changes were handed to the store (they are written whole).
    static var cameAfterWriting: Bool { interrupted.load(ordering: .relaxed) }

    /// Gives `SIGINT` its default action back.
    static func remove() {
        signal(SIGINT, SIG_DFL)
        committing.store(false, ordering: .relaxed)
    }
}

extension ProgressLine {
    /// Shows how far an import's reading has come.
    func show(_ progress: ImportProgress) {
        switch progress {
        case .notes(let count): update(done: count, total: nil, unit: .items("notes"))
        case .bytes(let done, let total): update(done: done, total: total, unit: .bytes)
        }
    }
}
