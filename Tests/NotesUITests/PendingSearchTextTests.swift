import Foundation
import NotesCore
@testable import NotesUI
import Testing

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
        pending.modify { $0.retire(slot: 0) }
        #expect(!pending.isReady)

        gate.semaphore.signal()
        let built = pending.text
        var expected = SearchText(notes: [first.id: first], ids: [first.id])
        expected.append(second)
        expected.retire(slot: 0)
        #expect(built.bytes == expected.bytes)
        #expect(built.starts == expected.starts)
        #expect(built.slotCount == 2 && built.retiredBytes == expected.retiredBytes)
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
