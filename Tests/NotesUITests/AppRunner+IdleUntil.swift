import Foundation
import NotesUI

extension AppRunner {
    /// Feeds `.idle` (what the terminal gives when no key comes) until `done`, for at most
    /// 10 seconds, so a test waits for work on another thread (a sync) by its result, not
    /// by a fixed time; true if `done` came.
    func idleUntil(_ done: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while !done() {
            guard Date() < deadline else { return false }
            handle(.idle)
            if !done() { Thread.sleep(forTimeInterval: 0.005) }
        }
        return true
    }
}
