import Foundation
import NotesColor

/// One edit to the notes database. A commit is a list of these; the store
/// journals them, so committing costs the same however many notes there are.
///
/// Deleting is in two steps: `trashNote` / `trashCategory` keep what they remove
/// (`restoreNote`, or a `putCategory`, bring it back); `deleteNote` / `deleteCategory`
/// remove for good (`notes trash empty`, `D` in the trash).
public enum StoreChange: Equatable, Sendable {
    /// Insert the note, or replace the note with the same id. Where it goes follows its
    /// `deleted` date: nil among the live notes, else into the trash (undo uses this to put
    /// a note back exactly as it was).
    case putNote(Note)
    /// Delete the note for good, live or in the trash.
    case deleteNote(UUID)
    /// Move a live note to the trash, dated `at`.
    case trashNote(UUID, at: Date)
    /// Bring a note back from the trash: into its category if that is live, else uncategorized.
    case restoreNote(UUID)
    /// Insert the category, or replace the one with the same id (rename, recolor). Like
    /// `putNote`, its `deleted` date says whether it is live or kept as deleted; a live one
    /// replaces a deleted one with its id (it comes back).
    case putCategory(Category)
    /// Delete the category for good (live or deleted); its notes, live or trashed, become uncategorized.
    case deleteCategory(UUID)
    /// Delete the category, keeping it as deleted (dated `at`): its live notes become
    /// uncategorized, its notes in the trash keep it (see `restoreNote`).
    case trashCategory(UUID, at: Date)
    /// Replace the color picker's list of recently picked colors.
    case setRecentColors([RGB8])
    /// Record where an imported note came from (or replace the record with the same key),
    /// in the commit that imports the note: see `ImportSource`.
    case putImportSource(ImportSource)
    /// Forget the record of `key` (nothing when there is none): a file renamed in its
    /// folder moves its record (this and a `putImportSource` of the new path, one commit),
    /// and a note trashed because its file is gone (`notes import --trash-missing`) drops it.
    case dropImportSource(ImportSource.Key)
}
