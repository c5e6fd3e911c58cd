import Foundation

/// `S`: the sync runs on its own thread while keys keep working; what it posts reaches
/// the status line.
extension AppRunner {
    /// `S`: starts the sync on its own thread; its progress lines and then its result or
    /// git's error reach the status line through `showSyncEvents`, while keys keep working.
    func startSync() {
        guard let sync else {
            state.message = .init(text: "sync is not available here", isError: true)
            return
        }
        state.message = backgroundSync.start(sync)
            ? .init(text: "sync: starting", isError: false)
            : .init(text: "a sync is already running", isError: false)
    }

    /// What the status line says after `q` while a sync runs.
    static let waitingForSync = "quitting when the sync ends (q again quits now; the next sync completes it)"

    /// Puts what the running sync posted on the status line: the latest progress line, or
    /// its outcome. While quitting, the progress keeps saying that `q` waits for it.
    func showSyncEvents() {
        for event in backgroundSync.take() {
            switch event {
            case .progress(let line):
                state.message = .init(text: quitsAfterSync ? "\(line); \(Self.waitingForSync)" : line, isError: false)
            case .finished(let message, let isError):
                state.message = .init(text: message, isError: isError)
            }
        }
    }

    /// The input ended while a sync runs: waits for it (with a visible message), then
    /// shows its outcome and picks up its merge before returning.
    func finishSyncBeforeQuitting() {
        guard isSyncing else { return }
        state.message = .init(text: "waiting for the sync to finish", isError: false)
        draw()
        backgroundSync.waitUntilFinished()
        showSyncEvents()
        refreshFromRepository()
        draw()
    }
}
