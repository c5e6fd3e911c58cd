import Foundation
import Synchronization
import NotesModel
import NotesTerminal

/// The wrapped blocks (see `BodyBlocks`) of the note in the read view, kept so that
/// drawing after a key does not wrap again what the key just wrapped. It holds a few
/// blocks of one note at one width, never the whole body: another note, a changed
/// note or another width starts afresh.
final class WrappedBodyCache: Sendable {
    static let shared = WrappedBodyCache()

    /// The note (by identity, change time and length, so no body is compared) and width.
    struct Key: Equatable {
        let id: UUID
        let updated: Date
        let length: Int
        let width: Int

        init(_ note: Note, width: Int) {
            (id, updated, length, self.width) = (note.id, note.updated, note.bodyUTF8CountBound, width)
        }
    }

    /// One block's wrapped lines and where the next block starts (nil after the last).
    struct Block: Sendable {
        let lines: [String]
        let next: Int?
    }

    /// How many blocks are kept.
    static let capacity = 64

    private struct Entry {
        var key: Key
        var blocks: [Int: Block] = [:]
    }

    private let entry = Mutex<Entry?>(nil)

    /// The block starting at `start`, wrapped by `wrap` unless it is kept.
    func block(at start: Int, key: Key, wrap: () -> Block) -> Block {
        if let kept = entry.withLock({ $0?.key == key ? $0?.blocks[start] : nil }) { return kept }
        let block = wrap()
        entry.withLock { entry in
            if entry?.key != key { entry = Entry(key: key) }
            if (entry?.blocks.count ?? 0) >= Self.capacity { entry?.blocks = [:] }
            entry?.blocks[start] = block
        }
        return block
    }
}
