import Foundation

/// How an edit that took a while (an editor session) is saved over whatever
/// happened to the note meanwhile, so that no change silently replaces another.
///
/// Compared field by field (title, body, category, tags, kind) against the note as it
/// was when the edit began (`base`):
/// - nobody else changed it: the edit is saved;
/// - it was deleted meanwhile: it comes back, with the edit;
/// - someone else changed only fields the edit did not touch: both changes are kept in
///   the note (merged);
/// - both changed the same field: the edit is saved in the note and the other version
///   is kept as a conflict copy (a new note, tagged `conflict`, title marked).
public enum EditMerge {
    public static let conflictTag = "conflict"

    public enum Outcome: Equatable, Sendable {
        case saved
        case restored
        /// Other changes were kept alongside the edit; the fields others changed.
        case merged(fields: [String])
        /// The other version was kept as the note with this id.
        case conflictCopy(UUID)
    }

    /// The changes to commit, and what they mean. `copyID` is the id a conflict copy gets.
    public static func changes(base: Note, edited: Note, current: Note?, now: Date,
                               copyID: UUID = UUID()) -> (changes: [StoreChange], outcome: Outcome) {
        var saved = edited
        saved.updated = now
        guard let current else { return ([.putNote(saved)], .restored) }
        let ours = changedFields(from: base, to: edited)
        let theirs = changedFields(from: base, to: current)

        // Start from the current version (it may hold more than the fields edited here)
        // and put our changes on it.
        var merged = current
        merged.updated = now
        if ours.contains("title") { merged.title = edited.title }
        if ours.contains("body") { merged.body = edited.body }
        if ours.contains("category") { merged.categoryID = edited.categoryID }
        if ours.contains("tags") { merged.tags = edited.tags }
        if ours.contains("kind") { merged.kind = edited.kind }

        if theirs.isEmpty { return ([.putNote(merged)], .saved) }
        let clashing = ours.intersection(theirs).filter { !sameField($0, edited, current) }
        if clashing.isEmpty { return ([.putNote(merged)], .merged(fields: fieldOrder.filter(theirs.contains))) }
        var copy = current
        copy.id = copyID
        copy.title = current.title + " (conflict copy)"
        copy.tags.insert(conflictTag)
        return ([.putNote(merged), .putNote(copy)], .conflictCopy(copyID))
    }

    /// Whether `edited` differs from `base` in anything the user edits. Bodies are
    /// compared byte for byte.
    public static func isChanged(_ base: Note, _ edited: Note) -> Bool {
        !changedFields(from: base, to: edited).isEmpty
    }

    private static let fieldOrder = ["title", "body", "category", "tags", "kind"]

    private static func changedFields(from old: Note, to new: Note) -> Set<String> {
        Set(fieldOrder.filter { !sameField($0, old, new) })
    }

    private static func sameField(_ field: String, _ left: Note, _ right: Note) -> Bool {
        switch field {
        case "title": left.title == right.title
        case "body": left.hasSameBody(as: right)
        case "category": left.categoryID == right.categoryID
        case "tags": left.tags == right.tags
        case "kind": left.kind == right.kind
        default: true
        }
    }
}
