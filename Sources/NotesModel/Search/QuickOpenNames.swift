/// The names quick open finds a note by: its title first, then any other name it has.
/// The quick-open index (the UI's `SearchText`) folds and summarises every name; a note
/// ranks by its best-scoring name.
public enum QuickOpenNames {
    /// The names of `note`, its title first.
    public static func of(_ note: Note) -> [String] {
        [note.title]
    }
}
