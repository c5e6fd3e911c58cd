import Foundation
import NotesCore

/// The notes in display order (most recently updated first), with a lowercased
/// search text for each, built once per database change. Filtering searches these
/// bytes with `memchr`/`memcmp` and never lowercases or sorts notes per keystroke.
public struct NoteIndex: Sendable {
    /// Identifies this build, so a filter knows whether its matches belong to it.
    public let id = UUID()
    /// Notes, newest `updated` first (ties: title, then id).
    public let notes: [Note]
    /// Positions in `notes` of each category's notes, in display order.
    public let positionsByCategory: [UUID: [Int32]]
    /// Title, body, tags and category name of every note, lowercased, fields separated
    /// by `\n`, notes by `\0`; note `i` is `text[starts[i]..<starts[i + 1] - 1]`.
    private let text: [UInt8]
    private let starts: [Int]

    public init(database: NotesDatabase) {
        let names = database.categories.mapValues(\.name)
        self.init(notes: Array(database.notes.values), categoryNames: names)
    }

    public init(notes unsorted: [Note], categoryNames: [UUID: String]) {
        var order = Array(unsorted.indices)
        order.sort { left, right in
            let a = unsorted[left], b = unsorted[right]
            if a.updated != b.updated { return a.updated > b.updated }
            if a.title != b.title { return a.title < b.title }
            return a.id.uuidString < b.id.uuidString
        }
        let notes = order.map { unsorted[$0] }
        var text: [UInt8] = []
        text.reserveCapacity(notes.reduce(0) { $0 + $1.title.utf8.count + $1.body.utf8.count + 16 })
        var starts: [Int] = []
        starts.reserveCapacity(notes.count + 1)
        var positions: [UUID: [Int32]] = [:]
        for (position, note) in notes.enumerated() {
            starts.append(text.count)
            Self.appendLowercased(note.title, to: &text)
            text.append(0x0A)
            Self.appendLowercased(note.body, to: &text)
            text.append(0x0A)
            for tag in note.tags {
                Self.appendLowercased(tag, to: &text)
                text.append(0x20)
            }
            if let category = note.categoryID {
                text.append(0x0A)
                if let name = categoryNames[category] { Self.appendLowercased(name, to: &text) }
                positions[category, default: []].append(Int32(position))
            }
            text.append(0)
        }
        starts.append(text.count)
        self.notes = notes
        self.text = text
        self.starts = starts
        self.positionsByCategory = positions
    }

    public var count: Int { notes.count }

    /// The search form of a query: lowercased UTF-8.
    public static func needle(for query: String) -> [UInt8] {
        Array(query.lowercased().utf8)
    }

    /// Positions of the notes whose text contains `needle`, in display order: among
    /// `candidates` when given, else among all notes.
    public func search(_ needle: [UInt8], among candidates: [Int32]?) -> [Int32] {
        guard !needle.isEmpty else { return candidates ?? (0..<Int32(count)).map { $0 } }
        return text.withUnsafeBufferPointer { haystack in
            needle.withUnsafeBufferPointer { pattern in
                guard let base = haystack.baseAddress else { return [] }
                var result: [Int32] = []
                if let candidates {
                    for position in candidates {
                        let start = starts[Int(position)], end = starts[Int(position) + 1] - 1
                        if Self.find(pattern, in: base, from: start, to: end) != nil { result.append(position) }
                    }
                    return result
                }
                // One sweep over all the text: after a hit, skip to the next note.
                var from = 0, note = 0
                while let hit = Self.find(pattern, in: base, from: from, to: haystack.count) {
                    while starts[note + 1] <= hit { note += 1 }
                    result.append(Int32(note))
                    note += 1
                    from = starts[note]
                }
                return result
            }
        }
    }

    /// The first position in `start..<end` where `pattern` begins.
    private static func find(_ pattern: UnsafeBufferPointer<UInt8>, in base: UnsafePointer<UInt8>,
                             from start: Int, to end: Int) -> Int? {
        guard let patternBase = pattern.baseAddress, let first = pattern.first else { return start }
        let length = pattern.count
        var position = start
        let lastStart = end - length
        while position <= lastStart {
            guard let hit = memchr(base + position, Int32(first), lastStart - position + 1) else { return nil }
            let found = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if length == 1 || memcmp(base + found + 1, patternBase + 1, length - 1) == 0 { return found }
            position = found + 1
        }
        return nil
    }

    /// Appends `string` lowercased: ASCII byte by byte, anything else through `lowercased()`.
    private static func appendLowercased(_ string: String, to bytes: inout [UInt8]) {
        var copy = string
        let isASCII = copy.withUTF8 { utf8 in
            for byte in utf8 where byte >= 0x80 { return false }
            for byte in utf8 {
                bytes.append(byte &- 0x41 < 26 ? byte | 0x20 : byte)
            }
            return true
        }
        if !isASCII {
            for byte in string.lowercased().utf8 where byte != 0 { bytes.append(byte) }
        }
    }
}
