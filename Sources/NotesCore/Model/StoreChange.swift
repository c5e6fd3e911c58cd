import Foundation

/// One edit to the notes database. A commit is a list of these; the store
/// journals them, so committing costs the same however many notes there are.
public enum StoreChange: Equatable, Sendable {
    /// Insert the note, or replace the note with the same id.
    case putNote(Note)
    case deleteNote(UUID)
    /// Insert the category, or replace the one with the same id (rename, recolor).
    case putCategory(Category)
    /// Delete the category; its notes become uncategorized.
    case deleteCategory(UUID)
    /// Replace the color picker's list of recently picked colors.
    case setRecentColors([RGB8])
}
