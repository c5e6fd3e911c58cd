import ArgumentParser
import Glibc
import Synchronization
import NotesModel
import NotesExchange

/// What `Ctrl-C` (`SIGINT`) does during long work: `notes import`, `notes export`, `notes
/// sync` and `notes doctor --salvage`. One line on standard error (after erasing the
/// progress line), exit status 130, and nothing half-written.
///
/// While the work only reads, the process ends at once, saying so (`Work.message`). Once
/// it writes (`beginWriting()`), the signal is only recorded: the work checks it where
/// stopping is clean (`checkBeforeWriting()`: an import after planning, before anything
/// reaches the journal; a Markdown export after each file, removing what it wrote), and
/// what cannot be stopped halfway (a journal line, a file renamed into place) is finished
/// whole and then said to be (`cameAfterWriting`). A sync is stopped at once at any point:
/// each of its steps is safe to kill, and the next sync finishes the work.
enum Interrupt {
    /// The long work under way, each with what `Ctrl-C` before its writing says.
    enum Work: Int {
        case importing, exporting, syncing, salvaging

        /// The line said when the work stops before anything is written.
        var message: StaticString {
            switch self {
            case .importing: "import cancelled, nothing written\n"
            case .exporting: "export cancelled, nothing written\n"
            case .syncing: "sync interrupted: nothing is lost, and the next 'notes sync' finishes the work\n"
            case .salvaging: "salvage cancelled, the store is untouched\n"
            }
        }

        /// The warning when `Ctrl-C` came after the writing began (it was finished whole).
        var afterWriting: String {
            switch self {
            case .importing: "interrupted after the import was written: it is in the store whole"
            case .exporting: "interrupted after the export was written: it is whole"
            case .syncing: "interrupted after the sync updated the store: it is whole"
            case .salvaging: "interrupted after the salvage was written: the store is whole"
            }
        }
    }

    /// The work was stopped by `Ctrl-C` before anything was written.
    struct Cancelled: Error, CustomStringConvertible {
        let work: Work
        var description: String {
            let message = work.message
            return String(decoding: UnsafeBufferPointer(start: message.utf8Start, count: message.utf8CodeUnitCount - 1), as: UTF8.self)
        }
    }

    private static let writing = Atomic<Bool>(false)
    private static let interrupted = Atomic<Bool>(false)
    private static let erasesLine = Atomic<Bool>(false)
    private static let work = Atomic<Int>(0)

    /// Catches `SIGINT` for the rest of `work`; `erasesProgress`: a progress line may be on
    /// standard error, to be erased before the message.
    static func install(_ work: Work, erasesProgress: Bool) {
        // Every atomic is made before the handler can run (a signal handler must not start one).
        writing.store(false, ordering: .relaxed)
        interrupted.store(false, ordering: .relaxed)
        erasesLine.store(erasesProgress, ordering: .relaxed)
        Self.work.store(work.rawValue, ordering: .relaxed)
        signal(SIGINT) { _ in
            guard !Interrupt.writing.load(ordering: .relaxed) else {
                Interrupt.interrupted.store(true, ordering: .relaxed)
                return
            }
            // Only async-signal-safe calls from here: write(2) of static text, then _exit.
            let erase: StaticString = "\r\u{1B}[K"
            let message = (Work(rawValue: Interrupt.work.load(ordering: .relaxed)) ?? .importing).message
            if Interrupt.erasesLine.load(ordering: .relaxed) {
                _ = Glibc.write(STDERR_FILENO, erase.utf8Start, erase.utf8CodeUnitCount)
            }
            _ = Glibc.write(STDERR_FILENO, message.utf8Start, message.utf8CodeUnitCount)
            _exit(130)
        }
    }

    /// From here on `Ctrl-C` is recorded, not obeyed at once: the writing is under way.
    static func beginWriting() {
        writing.store(true, ordering: .relaxed)
    }

    /// Whether `Ctrl-C` came since the writing began (what was under way is finished whole).
    static var wasRequested: Bool { interrupted.load(ordering: .relaxed) }

    /// Throws `Cancelled` when `Ctrl-C` came since the writing began; called where the
    /// work can still stop with nothing written.
    static func checkBeforeWriting() throws(Cancelled) {
        if wasRequested { throw Cancelled(work: Work(rawValue: work.load(ordering: .relaxed)) ?? .importing) }
    }

    /// Says that `work` was stopped and ends the command with status 130.
    static func cancelled(_ work: Work) -> ExitCode {
        Console.error(Cancelled(work: work).description)
        return ExitCode(130)
    }

    /// Gives `SIGINT` its default action back.
    static func remove() {
        signal(SIGINT, SIG_DFL)
        writing.store(false, ordering: .relaxed)
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
