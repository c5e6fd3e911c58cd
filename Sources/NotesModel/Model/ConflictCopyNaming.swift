import Foundation

/// How a conflict copy is named — the other version of a note changed in two places at
/// once, kept as a new note beside the one that stays — whoever makes it: the editor's
/// save or a field edit (`StoreEdit.resolve`) and sync (`SyncMerge`). One rule, so a
/// person finds every copy the same way: the title followed by ` (conflict copy)`, and
/// the tag `conflict`.
public enum ConflictCopyNaming {
    /// The tag every conflict copy carries.
    public static let tag = "conflict"
    /// What follows the title of the version kept.
    public static let titleSuffix = " (conflict copy)"

    /// The title of a copy of a note titled `title` (a copy of a copy is not marked twice).
    public static func title(of title: String) -> String {
        title.hasSuffix(titleSuffix) ? title : title + titleSuffix
    }

    /// `note` as a conflict copy with the id `id`: the title marked, the tag added.
    public static func copy(of note: Note, id: UUID) -> Note {
        var copy = note
        copy.id = id
        copy.title = title(of: note.title)
        copy.tags.insert(tag)
        return copy
    }
}
