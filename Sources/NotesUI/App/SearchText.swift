import Foundation
import NotesCore

/// The lowercased search text of every note, in display order: title, body, each tag
/// and the category name, fields separated by `\n`, notes by `\0`, so that no query
/// (which holds neither) matches across two fields or two notes. Note `i` is
/// `bytes[starts[i]..<starts[i + 1] - 1]`.
struct SearchText: Sendable {
    let bytes: [UInt8]
    let starts: [Int]
    /// How often each byte value occurs: a search looks for the query's rarest byte.
    let frequency: [Int]

    init(storage: [UUID: Note], order: [Dictionary<UUID, Note>.Index], categoryNames: [UUID: String]) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(storage.values.reduce(0) { $0 + $1.title.utf8.count + $1.body.utf8.count + 48 })
        var starts: [Int] = []
        starts.reserveCapacity(order.count + 1)
        for index in order {
            let note = storage[index].value
            starts.append(bytes.count)
            Self.appendLowercased(note.title, to: &bytes)
            bytes.append(0x0A)
            Self.appendLowercased(note.body, to: &bytes)
            for tag in note.tags {
                bytes.append(0x0A)
                Self.appendLowercased(tag, to: &bytes)
            }
            if let category = note.categoryID, let name = categoryNames[category] {
                bytes.append(0x0A)
                Self.appendLowercased(name, to: &bytes)
            }
            bytes.append(0)
        }
        starts.append(bytes.count)
        self.bytes = bytes
        self.starts = starts
        self.frequency = Self.countBytes(bytes)
    }

    /// The offset in `needle` of its least frequent byte.
    func rarestOffset(in needle: [UInt8]) -> Int {
        var best = 0
        for offset in needle.indices where frequency[Int(needle[offset])] < frequency[Int(needle[best])] {
            best = offset
        }
        return best
    }

    private static func countBytes(_ bytes: [UInt8]) -> [Int] {
        var counts = [Int](repeating: 0, count: 256)
        counts.withUnsafeMutableBufferPointer { table in
            bytes.withUnsafeBufferPointer { all in
                for byte in all { table[Int(byte)] += 1 }
            }
        }
        return counts
    }

    /// Appends `string` lowercased. ASCII bytes are copied and lowercased in one
    /// branch-free pass; then only the runs of non-ASCII characters that change when
    /// lowercased (`É`, `Ж`, not `é`, `日本` or emoji) are replaced, through `lowercased()`.
    private static func appendLowercased(_ string: String, to bytes: inout [UInt8]) {
        var copy = string
        copy.withUTF8 { utf8 in
            let start = bytes.count
            bytes.append(contentsOf: utf8)
            var seen: UInt8 = 0
            bytes.withUnsafeMutableBufferPointer { all in
                guard let base = all.baseAddress else { return }
                let appended = base + start
                for offset in 0..<utf8.count {
                    let byte = appended[offset]
                    seen |= byte
                    appended[offset] = byte | (byte &- 0x41 < 26 ? 0x20 : 0)
                }
            }
            if seen >= 0x80 { lowercaseNonASCIIRuns(&bytes, from: start) }
        }
    }

    /// Replaces each run of non-ASCII bytes from `start` on (whole UTF-8 sequences, as
    /// ASCII never occurs inside one) that changes when lowercased.
    private static func lowercaseNonASCIIRuns(_ bytes: inout [UInt8], from start: Int) {
        var patches: [(range: Range<Int>, lowercased: [UInt8])] = []
        bytes.withUnsafeBufferPointer { all in
            var index = start
            while index < all.count {
                guard all[index] >= 0x80 else {
                    index += 1
                    continue
                }
                var end = index
                while end < all.count, all[end] >= 0x80 { end += 1 }
                let run = UnsafeBufferPointer(rebasing: all[index..<end])
                if changesWhenLowercased(run) {
                    patches.append((index..<end, Array(String(decoding: run, as: UTF8.self).lowercased().utf8)))
                }
                index = end
            }
        }
        for patch in patches.reversed() { bytes.replaceSubrange(patch.range, with: patch.lowercased) }
    }
}

/// Whether any character of a run of UTF-8 changes when lowercased (true for bad UTF-8,
/// which then goes through `lowercased()` and its replacement characters).
private func changesWhenLowercased(_ run: UnsafeBufferPointer<UInt8>) -> Bool {
    var iterator = run.makeIterator()
    var decoder = UTF8()
    while true {
        switch decoder.decode(&iterator) {
        case .scalarValue(let scalar):
            // Latin-1 is simple, and Han, kana, Hangul, arrows, box drawing and emoji have
            // no case: skip the property lookup for them.
            let value = scalar.value
            if value < 0x100 {
                if (0xC0...0xDE).contains(value), value != 0xD7 { return true }
                continue
            }
            if (0x2000..<0x2100).contains(value) || (0x2190..<0x24B6).contains(value) || (0x2500..<0x2C00).contains(value)
                || (0x2E80..<0xA640).contains(value) || (0xAC00..<0xD800).contains(value) || value >= 0x1F000 { continue }
            if scalar.properties.changesWhenLowercased { return true }
        case .emptyInput: return false
        case .error: return true
        }
    }
}

/// A `SearchText` that may still be being built on another thread. Reading it waits
/// until it is there.
final class PendingSearchText: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: SearchText?

    /// Builds now, on this thread.
    init(_ text: SearchText) {
        value = text
    }

    /// Builds on a background thread; `text` waits for it.
    init(buildingInBackground build: @escaping @Sendable () -> SearchText) {
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let built = build()
            condition.lock()
            value = built
            condition.broadcast()
            condition.unlock()
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
}
