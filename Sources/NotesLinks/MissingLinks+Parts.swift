import Foundation
import NotesModel
import Synchronization

extension MissingLinks {
    /// Below this many items the work is done on one thread.
    static let partsThreshold = 4_096

    /// `part` over `0..<total`, split between two threads when there is much to do
    /// (scanning the import's bodies, folding the store's titles), the results in order.
    static func inParts<T: Sendable>(total: Int, _ part: (Range<Int>) -> [T]) -> [T] {
        let parts = total >= partsThreshold ? min(2, ProcessInfo.processInfo.activeProcessorCount) : 1
        guard parts > 1 else { return part(0..<total) }
        let slots = Mutex([[T]](repeating: [], count: parts))
        withoutActuallyEscaping(part) { part in
            let shared = UnsafeSendable(part)
            DispatchQueue.concurrentPerform(iterations: parts) { index in
                let found = shared.value((total * index / parts)..<(total * (index + 1) / parts))
                slots.withLock { $0[index] = found }
            }
        }
        return slots.withLock { $0.flatMap { $0 } }
    }
}

/// A closure handed to the threads of `inParts`, which only read what it reads.
private struct UnsafeSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
