import Foundation

/// A `SearchText` that may still be being built on another thread. Reading it waits
/// until it is there; changing it does not: a change made before it is built is queued
/// and applied, in order, as soon as it is (so the first edit after opening a large store
/// never waits for the search text).
final class PendingSearchText: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: SearchText?
    /// Changes made while the text was being built, oldest first.
    private var queued: [(inout SearchText) -> Void] = []
    /// Called when the last holder lets go (a builder waiting on a `NotesLoan` then stops).
    private let whenDropped: (@Sendable () -> Void)?

    /// Builds now, on this thread.
    init(_ text: SearchText) {
        value = text
        whenDropped = nil
    }

    /// Builds on a background thread (`startBuilder`); `text` waits for it. The thread does
    /// not keep this object alive, so that its owner can tell when it holds the only reference.
    init(buildingInBackground build: @escaping @Sendable () -> SearchText, whenDropped: (@Sendable () -> Void)? = nil) {
        self.whenDropped = whenDropped
        Self.startBuilder { [weak self] in
            self?.store(build())
        }
    }

    /// Runs `work` on a thread of its own, which keeps the nice value of the thread that
    /// starts it (the UI's: on Linux a new thread starts with its creator's). A thread of
    /// Dispatch's pool gets the nice value of its quality of service, absolute: on Linux,
    /// `.userInitiated` is -2 wherever the process may raise its priority (as root), above
    /// the UI thread, and a builder there took the core from the edits on a busy machine.
    /// Not below it either: a commit waits for the builder to finish reading a slice of the
    /// notes (`NotesLoan`), and a builder of lower priority, put off the core while it reads,
    /// kept commits waiting longer.
    static func startBuilder(_ work: @escaping @Sendable () -> Void) {
        let thread = Thread(block: work)
        thread.name = "notes-search-text"
        thread.start()
    }

    /// Builds on a background thread once `base` is there, as `base` with `change` applied:
    /// a change to a text still being built that another index also holds.
    convenience init(after base: PendingSearchText, applying change: @escaping (inout SearchText) -> Void) {
        nonisolated(unsafe) let change = change  // runs once, on that thread, before anyone reads the result
        self.init(buildingInBackground: {
            var text = base.text
            change(&text)
            return text
        })
    }

    deinit { whenDropped?() }

    /// Publishes the built text once the changes queued meanwhile are applied to it. They are
    /// applied outside the lock, a batch at a time until none is left, so that a key queueing
    /// another change never waits for them; the text is this thread's alone until it is
    /// published, so each change is made in place (a copy would be the whole text, 500 MB at
    /// 1,000,000 notes).
    private func store(_ built: consuming SearchText) {
        var text = consume built
        while true {
            condition.lock()
            let changes = queued
            queued.removeAll()
            if changes.isEmpty {
                value = text
                condition.broadcast()
                condition.unlock()
                return
            }
            condition.unlock()
            for change in changes { change(&text) }
        }
    }

    var isReady: Bool {
        condition.lock()
        defer { condition.unlock() }
        return value != nil
    }

    var text: SearchText {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let value { return value }
            condition.wait()
        }
    }

    /// Changes the text in place, or, while it is still being built, queues the change
    /// for when it is (never waiting). Only for an owner holding the only reference:
    /// everyone holding this object sees the change.
    func modify(_ change: @escaping (inout SearchText) -> Void) {
        condition.lock()
        defer { condition.unlock() }
        guard var text = value else {
            queued.append(change)
            return
        }
        value = nil  // so that `text` holds the only reference to its arrays, and changes them in place
        change(&text)
        value = text
    }
}
