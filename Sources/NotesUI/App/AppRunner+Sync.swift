import Foundation
import NotesModel

/// `S`: the sync runs on its own thread while keys keep working; what it posts reaches
/// the status line.
extension AppRunner {
    /// How often, with no key, the runner looks at a running sync's mailbox and its openers' ends.
    public static let syncPollMilliseconds = 100

    /// `S`: starts the sync on its own thread; its progress lines and then its result or
    /// git's error reach the status line through `showSyncEvents`, while keys keep working.
    func startSync() {
        guard let sync else { return answer(.syncUnavailable) }
        answer(backgroundSync.start(sync) ? .syncStarted : .syncAlreadyRunning)
    }

    /// Hands what the running sync posted to `update`: progress lines and counts of files, then its outcome.
    func showSyncEvents() {
        for event in backgroundSync.take() {
            switch event {
            case .progress(let line): answer(.syncProgress(line))
            case .files(let done, let total, let elapsed):
                // The command line's progress line, as text for the status line.
                answer(.syncProgress(ProgressLine.text(label: "sync: writing", unit: .items("files"), done: done, total: total,
                                                       elapsed: elapsed)))
            case .finished(let message, let isError): answer(.syncFinished(message: message, isError: isError))
            }
        }
    }

    /// The input ended while a sync runs: waits for it (with a visible message), then
    /// shows its outcome and picks up its merge before returning.
    func finishSyncBeforeQuitting() {
        guard isSyncing else { return }
        answer(.inputEndedDuringSync)
        draw()
        backgroundSync.waitUntilFinished()
        showSyncEvents()
        refreshFromRepository()
        draw()
    }
}
