import Foundation

/// Hands a whole note to the user's editor and saves what it wrote. The app's runner gets
/// one from the composition root (`notes` gives it `NotesEditing`'s `UserEditor`) and
/// knows no editor itself: it says how to hand the terminal over, how to read the store,
/// and how to commit.
public protocol NoteEditor {
    /// Runs `editor` with the terminal handed over to it, and takes the terminal back.
    typealias TerminalHandover = (_ editor: () throws -> Void) throws -> Void

    /// `e`: edits the note `id`. `refresh` returns the store's current contents; `commit`
    /// resolves the edit against the store under its lock and commits it, or throws.
    func edit(noteID id: UUID, handover: TerminalHandover, refresh: () throws -> NotesDatabase,
              commit: (NoteEdit) throws -> EditOutcome) -> EditorOutcome

    /// `n`: writes a new note; it is created (`commit`) only if the editor saves it.
    func write(newNote note: Note, categoryName: String?, handover: TerminalHandover,
               refresh: () throws -> NotesDatabase, commit: (Note) throws -> EditOutcome) -> EditorOutcome

    /// `n` from a template: as `write`, with the editor's cursor put at `cursor` (a place
    /// in the body) where the editor takes one.
    func write(newNote note: Note, categoryName: String?, cursor: EditorCursor?, handover: TerminalHandover,
               refresh: () throws -> NotesDatabase, commit: (Note) throws -> EditOutcome) -> EditorOutcome
}

extension NoteEditor {
    /// An editor that cannot place its cursor writes the note as `write` does.
    public func write(newNote note: Note, categoryName: String?, cursor: EditorCursor?, handover: TerminalHandover,
                      refresh: () throws -> NotesDatabase, commit: (Note) throws -> EditOutcome) -> EditorOutcome {
        write(newNote: note, categoryName: categoryName, handover: handover, refresh: refresh, commit: commit)
    }
}

/// An error that may say another process holds the store's lock: the app then keeps its
/// commit and tries again (see `PendingCommits`). The store's errors conform.
public protocol LockContention: Error {
    /// Who holds the lock, when that is what the error says; nil otherwise.
    var lockHolder: String? { get }
}
