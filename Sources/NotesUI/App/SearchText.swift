import Foundation
import NotesCore

/// The lowercased search text of every note: title, body, each tag and the category
/// name, fields separated by `\n`, notes by `\0`, so that no query (which holds
/// neither) matches across two fields or two notes.
///
/// Notes are kept by slot (see `NoteIndex`): slot `i` is
/// `bytes[starts[i]..<starts[i + 1] - 1]`. A changed note gets a new slot at the end
/// and its old slot is retired: its bytes stay (searches skip them) until the index
/// is rebuilt, so that a change costs the length of one note, not of all.
struct SearchText: Sendable {
    private(set) var bytes: [UInt8]
    private(set) var starts: [Int]
    /// How often each byte value occurs in the notes not retired: a search looks for
    /// the query's rarest byte.
    private(set) var frequency: [Int]
    /// Bytes of retired slots.
    private(set) var retiredBytes = 0

    /// The text of the notes with `ids`, one slot each, in that order.
    init(notes: [UUID: Note], ids: [UUID], categoryNames: [UUID: String]) {
        var bytes: [UInt8] = []
        // Room for some edits: capacity never written is not resident memory.
        let estimate = notes.values.reduce(0) { total, note in total + note.title.utf8.count + note.bodyUTF8CountBound + 48 }
        bytes.reserveCapacity(estimate + estimate / 8 + 65_536)
        var starts: [Int] = []
        starts.reserveCapacity(ids.count + 1)
        for id in ids {
            starts.append(bytes.count)
            if let note = notes[id] { Self.append(note, categoryNames: categoryNames, to: &bytes) }
            bytes.append(0)
        }
        starts.append(bytes.count)
        self.bytes = bytes
        self.starts = starts
        self.frequency = Self.countBytes(bytes[...])
    }

    /// How many slots, retired ones included.
    var slotCount: Int { starts.count - 1 }

    /// Adds `note` in a new slot at the end.
    mutating func append(_ note: Note, categoryNames: [UUID: String]) {
        let start = bytes.count
        Self.append(note, categoryNames: categoryNames, to: &bytes)
        bytes.append(0)
        starts.append(bytes.count)
        let added = Self.countBytes(bytes[start...])
        for value in 0..<256 { frequency[value] += added[value] }
    }

    /// Takes the note in `slot` out of the frequencies; the caller no longer shows it.
    mutating func retire(slot: Int) {
        let removed = Self.countBytes(bytes[starts[slot]..<starts[slot + 1]])
        for value in 0..<256 { frequency[value] -= removed[value] }
        retiredBytes += starts[slot + 1] - starts[slot]
    }

    private static func append(_ note: Note, categoryNames: [UUID: String], to bytes: inout [UInt8]) {
        appendLowercased(note.title, to: &bytes)
        bytes.append(0x0A)
        note.withBodyUTF8 { appendLowercased($0, to: &bytes) }
        for tag in note.tags {
            bytes.append(0x0A)
            appendLowercased(tag, to: &bytes)
        }
        if let category = note.categoryID, let name = categoryNames[category] {
            bytes.append(0x0A)
            appendLowercased(name, to: &bytes)
        }
    }

    /// The offset in `needle` of its least frequent byte.
    func rarestOffset(in needle: [UInt8]) -> Int {
        var best = 0
        for offset in needle.indices where frequency[Int(needle[offset])] < frequency[Int(needle[best])] {
            best = offset
        }
        return best
    }

    private static func countBytes(_ bytes: ArraySlice<UInt8>) -> [Int] {
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
        copy.withUTF8 { utf8 in appendLowercased(utf8, to: &bytes) }
    }

    /// `appendLowercased` of text given as (valid) UTF-8.
    private static func appendLowercased(_ utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
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
