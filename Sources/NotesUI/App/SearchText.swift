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
    /// branch-free pass; only the runs of non-ASCII characters (`é`, `日本`) go through
    /// `lowercased()`, so text with a few of them stays cheap.
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
            guard seen >= 0x80 else { return }
            bytes.removeSubrange(start...)
            appendMixed(utf8, to: &bytes)
        }
    }

    /// Text with non-ASCII characters: ASCII bytes one by one, each run of non-ASCII
    /// bytes (whole UTF-8 sequences, as ASCII never occurs inside one) lowercased as a string.
    private static func appendMixed(_ utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            if byte < 0x80 {
                bytes.append(byte | (byte &- 0x41 < 26 ? 0x20 : 0))
                index += 1
                continue
            }
            var end = index
            while end < utf8.count, utf8[end] >= 0x80 { end += 1 }
            let run = String(decoding: UnsafeBufferPointer(rebasing: utf8[index..<end]), as: UTF8.self)
            bytes.append(contentsOf: run.lowercased().utf8)
            index = end
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
