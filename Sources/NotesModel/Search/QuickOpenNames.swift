/// The names quick open finds a note by: its title first, then its aliases.
/// The quick-open index (the UI's `SearchText`) folds and summarises every name; a note
/// ranks by its best-scoring name.
public enum QuickOpenNames {
    /// The names of `note`, its title first, then its aliases in the user's order.
    public static func of(_ note: Note) -> [String] {
        note.aliases.isEmpty ? [note.title] : [note.title] + note.aliases
    }
}
