import Foundation
import Synchronization
import Testing
@testable import NotesModel
@testable import NotesUI

/// A change to a search text still being built never waits for it (the first edit after
/// opening a large store): it is queued and applied, in order, once the text is built.
@Suite struct PendingSearchTextTests {
    final class Gate: @unchecked Sendable {
        let semaphore = DispatchSemaphore(value: 0)
    }

    @Test func aChangeWhileBuildingIsQueuedAndAppliedInOrder() throws {
        let first = Note(title: "First note", body: "alpha")
        let second = Note(title: "Second note", body: "beta")
        let gate = Gate()
        let pending = PendingSearchText(buildingInBackground: {
            gate.semaphore.wait()  // held back until the changes are made
            return SearchText(notes: [first.id: first], ids: [first.id])
        })
        #expect(!pending.isReady)

        // Both changes return although the text is not built (else this test would hang here).
        pending.modify { $0.append(second) }
        pending.modify { $0.retire(slot: 0, id: first.id) }
        #expect(!pending.isReady)

        gate.semaphore.signal()
        let built = pending.text
        var expected = SearchText(notes: [first.id: first], ids: [first.id])
        expected.append(second)
        expected.retire(slot: 0, id: first.id)
        #expect(built.bytes == expected.bytes)
        #expect(built.starts == expected.starts)
        #expect(built.slotCount == 2 && built.retiredBytes == expected.retiredBytes)
    }

    /// The changes queued while the text was built change the built text in place: a copy
    /// would be the whole text (500 MB at 1,000,000 notes), made while a key waited.
    @Test func queuedChangesChangeTheBuiltTextInPlace() throws {
        let first = Note(title: "First note", body: "alpha")
        let gate = Gate()
        let pending = PendingSearchText(buildingInBackground: {
            gate.semaphore.wait()
            return SearchText(notes: [first.id: first], ids: [first.id])
        })
        let addresses = Mutex<[UInt]>([])
        pending.modify { text in
            let before = text.frequency.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
            text.retire(slot: 0, id: first.id)
            let after = text.frequency.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
            addresses.withLock { $0 = [before, after] }
        }
        gate.semaphore.signal()

        #expect(pending.text.retiredBytes > 0)
        let seen = addresses.withLock { $0 }
        #expect(seen.count == 2 && seen[0] == seen[1], "the queued change copied the text: \(seen)")
    }

    /// The text is built at the priority of the thread that asks for it (the UI's), never
    /// above it. (Dispatch's `.userInitiated` pool ran it at nice -2, above the UI thread,
    /// wherever the process may raise its priority, and it took the core from the edits.)
    @Test func theTextIsBuiltAtTheCallersPriority() throws {
        errno = 0
        let callers = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        try #require(errno == 0)
        let builders = Mutex<Int32?>(nil)
        let pending = PendingSearchText(buildingInBackground: {
            builders.withLock { $0 = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) }
            return SearchText(notes: [:], ids: [])
        })
        _ = pending.text
        #expect(builders.withLock { $0 } == callers)
    }

    @Test func aChangeToATextAnotherIndexHoldsIsBuiltAfterIt() throws {
        let first = Note(title: "First note", body: "alpha")
        let second = Note(title: "Second note", body: "beta")
        let gate = Gate()
        let base = PendingSearchText(buildingInBackground: {
            gate.semaphore.wait()
            return SearchText(notes: [first.id: first], ids: [first.id])
        })
        let changed = PendingSearchText(after: base, applying: { $0.append(second) })
        gate.semaphore.signal()
        #expect(base.text.slotCount == 1)
        #expect(changed.text.slotCount == 2)
    }
}
