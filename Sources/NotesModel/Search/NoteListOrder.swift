import Foundation

/// The order of a note list (the config's `list.sort`), the one rule of the UI's lists
/// and `notes list`: pinned notes first, then most recently updated, most recently
/// created, or by title (folded: case and accents do not count, `SearchFolding`; numbers
/// by their value, so "Week 2" comes before "Week 10", as Finder and Obsidian sort); equal
/// ones by title, then by id.
///
/// Sorting compares `key`s, one `UInt64` a note, and only notes with equal keys by
/// `tieBreak`: the key's top bit is the pin, the rest the date (its lowest bit given up,
/// under a microsecond) or the first bytes of the folded title.
public enum NoteListOrder: String, CaseIterable, Sendable {
    /// Most recently updated first.
    case updated
    /// Most recently created first.
    case created
    /// By folded title, A to Z, numbers in a title by their value (`titleSortBytes`).
    case title

    /// A key whose ascending order is this order, pinned notes first.
    public func key(_ note: Note) -> UInt64 {
        switch self {
        case .updated: return Self.key(pinned: note.pinned, date: note.updated)
        case .created: return Self.key(pinned: note.pinned, date: note.created)
        case .title: return (note.pinned ? 0 : 1 << 63) | (Self.titleKey(note.title) >> 1)
        }
    }

    /// `key(_:)` of a note listed by a date (`updated` or `created`), from its pin and
    /// that date: for a caller that reads them in place from many notes (passing a note
    /// to another module copies it, retaining every field).
    public static func key(pinned: Bool, date: Date) -> UInt64 {
        (pinned ? 0 : 1 << 63) | (key(date) >> 1)
    }

    /// Whether `a` is listed before `b` when their keys are equal.
    public func tieBreak(_ a: Note, _ b: Note) -> Bool {
        if self == .title {
            let first = Self.titleSortBytes(a.title), second = Self.titleSortBytes(b.title)
            if first != second { return first.lexicographicallyPrecedes(second) }
        }
        if a.title != b.title { return a.title < b.title }
        return a.id.uuidString < b.id.uuidString
    }

    /// Whether `a` is listed before `b`.
    public func precedes(_ a: Note, _ b: Note) -> Bool {
        let first = key(a), second = key(b)
        return first != second ? first < second : tieBreak(a, b)
    }

    /// A key whose ascending order is the descending order of `date` (later first).
    public static func key(_ date: Date) -> UInt64 {
        let seconds = date.timeIntervalSinceReferenceDate
        let bits = (seconds == 0 ? 0 : seconds).bitPattern  // -0 and +0 are the same date
        let ascending = bits & (1 << 63) != 0 ? ~bits : bits | (1 << 63)
        return ~ascending
    }

    /// The first 8 bytes of `titleSortBytes`, big-endian: their order is the titles' order
    /// as far as they go.
    static func titleKey(_ title: String) -> UInt64 {
        let sortBytes = titleSortBytes(title)
        var key: UInt64 = 0
        for index in 0..<8 {
            key = key << 8 | UInt64(index < sortBytes.count ? sortBytes[index] : 0)
        }
        return key
    }

    /// The folded title with each run of ASCII digits written as `0`, the count of its
    /// digits without leading zeros, then those digits: compared as bytes, "week 2" comes
    /// before "week 10", and a number still sorts where a digit did against every other
    /// byte (only digits lie between `0` and `9`). Runs of over 255 significant digits are
    /// counted as 255.
    public static func titleSortBytes(_ title: String) -> [UInt8] {
        let folded = SearchFolding.fold(title)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(folded.count + 4)
        var index = 0
        while index < folded.count {
            guard isDigit(folded[index]) else {
                bytes.append(folded[index])
                index += 1
                continue
            }
            var end = index
            while end < folded.count, isDigit(folded[end]) { end += 1 }
            var start = index
            while start < end - 1, folded[start] == UInt8(ascii: "0") { start += 1 }
            bytes.append(UInt8(ascii: "0"))
            bytes.append(UInt8(min(end - start, 255)))
            bytes.append(contentsOf: folded[start..<end])
            index = end
        }
        return bytes
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
}
