import Foundation

/// A `SearchText` that may still be being built on another thread. Reading it waits
/// until it is there.
final class PendingSearchText: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: SearchText?

    /// Builds now, on this thread.
    init(_ text: SearchText) {
        value = text
    }

    /// Builds on a background thread; `text` waits for it. The thread does not keep
    /// this object alive, so that its owner can tell when it holds the only reference.
    init(buildingInBackground build: @escaping @Sendable () -> SearchText) {
        DispatchQueue.global(qos: .userInitiated).async { [weak self] in
            let built = build()
            self?.store(built)
        }
    }

    private func store(_ built: SearchText) {
        condition.lock()
        value = built
        condition.broadcast()
        condition.unlock()
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

    /// Changes the text in place (waiting for it first). Only for an owner holding the
    /// only reference: everyone holding this object sees the change.
    func modify(_ change: (inout SearchText) -> Void) {
        condition.lock()
        defer { condition.unlock() }
        while value == nil { condition.wait() }
        guard var text = value else { return }
        value = nil  // so that `text` holds the only reference to its arrays, and changes them in place
        change(&text)
        value = text
    }
}
