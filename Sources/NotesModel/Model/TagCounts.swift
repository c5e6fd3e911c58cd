import Foundation

/// Every tag of the live notes with how many notes carry it: the tags screen (`#`),
/// `notes tag list` and the completion of the `t` prompt read it.
public struct TagCount: Equatable, Sendable {
    public var tag: String
    public var count: Int

    public init(tag: String, count: Int) {
        self.tag = tag
        self.count = count
    }

    /// The tags of `database`'s live notes, sorted by name (as `Note.sortedTags` sorts).
    public static func all(in database: NotesDatabase) -> [TagCount] {
        all(of: database.notes.values)
    }

    /// The tags of `notes` (live notes), sorted by name.
    public static func all(of notes: some Sequence<Note>) -> [TagCount] {
        var counts: [String: Int] = [:]
        for note in notes {
            for tag in note.tags { counts[tag, default: 0] += 1 }
        }
        return sorted(counts)
    }

    /// `counts` (a count by tag) as a list sorted by tag (as `Note.sortedTags` sorts).
    public static func sorted(_ counts: [String: Int]) -> [TagCount] {
        // Each tag lowercased once, not once a comparison.
        let keyed: [(key: String, count: TagCount)] = counts.map { tag, count in
            (key: tag.localizedLowercase, count: TagCount(tag: tag, count: count))
        }
        let sorted = keyed.sorted { left, right in
            left.key != right.key ? left.key < right.key : left.count.tag < right.count.tag
        }
        return sorted.map { $0.count }
    }

    /// Case-insensitive alphabetical, then by the exact text.
    static func precedes(_ a: String, _ b: String) -> Bool {
        let left = a.localizedLowercase, right = b.localizedLowercase
        return left != right ? left < right : a < b
    }
}

/// Renaming a tag on every live note that carries it, or merging it into another tag
/// (when a note carries both, it keeps one): one field edit a note, so that the tags of
/// each note merge as sets with what other processes changed meanwhile (§5.1).
public enum TagRename {
    /// The edits that take `old` off every live note carrying it and put `new` on; empty
    /// when no note carries `old` or the names are the same. Both are normalized names.
    public static func edits(from old: String, to new: String, in database: NotesDatabase) -> [StoreEdit] {
        guard old != new else { return [] }
        return database.notes.values.filter { $0.tags.contains(old) }
            .sorted { $0.id.uuidString < $1.id.uuidString }
            .map { note in
                var edit = NoteEdit(noteID: note.id)
                edit.removedTags = [old]
                if !note.tags.contains(new) { edit.addedTags = [new] }
                return .note(edit)
            }
    }
}
