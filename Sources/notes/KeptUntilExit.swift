import Synchronization

/// Values a command is done with just before the process ends, kept so that they are not
/// freed one piece at a time on the way out: the system takes the whole memory back at
/// once. After a bulk import, releasing its plan and the store's contents (every note's
/// strings, one `free` each) took about a twentieth of the import's time.
enum KeptUntilExit {
    /// A value kept and never read again (so never shared between threads).
    private struct Kept: @unchecked Sendable {
        let value: Any
    }

    private static let kept = Mutex<[Kept]>([])

    /// Keeps `values` until the process exits. Only for what is no longer used.
    static func keep(_ values: Any...) {
        let boxes = values.map(Kept.init)
        kept.withLock { $0.append(contentsOf: boxes) }
    }
}
