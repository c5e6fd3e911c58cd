import NotesModel

/// Every slot's folded title, one after the other in slot order (about 35 MB at 1,000,000
/// notes of the bench's titles): what quick open scores. The search text holds the same
/// bytes among the bodies (hundreds of MB), where each title scored is a cache miss of its
/// own; here the titles are dense, so that the ones scored share cache lines and pages.
struct QuickOpenTitles: Sendable {
    private(set) var bytes: [UInt8] = []
    /// Slot `i`'s title is `bytes[starts[i]..<starts[i + 1]]`.
    private(set) var starts: [Int] = [0]

    init() {}

    /// The titles of a search text's slots: slot `i`'s is the first `lengths[i]` bytes at
    /// `textStarts[i]` in `text`.
    init(text: [UInt8], textStarts: [Int], lengths: [UInt32]) {
        let slots = min(textStarts.count, lengths.count)
        var total = 0
        for slot in 0..<slots { total += Int(lengths[slot]) }
        bytes.reserveCapacity(total)
        starts.reserveCapacity(slots + 1)
        text.withUnsafeBufferPointer { text in
            for slot in 0..<slots {
                let start = textStarts[slot], length = Int(lengths[slot])
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<min(start + length, text.count)]))
                starts.append(bytes.count)
            }
        }
    }

    /// Appends the title of a new slot.
    mutating func append(_ title: ArraySlice<UInt8>) {
        bytes.append(contentsOf: title)
        starts.append(bytes.count)
    }

    /// How many slots have a title here.
    var count: Int { starts.count - 1 }

    /// The memory the titles hold.
    var byteCount: Int { bytes.count + starts.count * MemoryLayout<Int>.stride }
}
