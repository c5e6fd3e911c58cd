import Foundation

/// The order of a note list (the config's `list.sort`), the one rule of the UI's lists
/// and `notes list`: pinned notes first, then most recently updated, most recently
/// created, or by title (folded: case and accents do not count, `SearchFolding`); equal
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
    /// By folded title, A to Z.
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
            let first = SearchFolding.fold(a.title), second = SearchFolding.fold(b.title)
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

    /// The first 8 bytes of the folded title, big-endian: their order is the folded
    /// titles' order as far as they go. Folds a few characters only.
    static func titleKey(_ title: String) -> UInt64 {
        let folded = SearchFolding.fold(String(title.prefix(8)))
        var key: UInt64 = 0
        for index in 0..<8 {
            key = key << 8 | UInt64(index < folded.count ? folded[index] : 0)
        }
        return key
    }
}
