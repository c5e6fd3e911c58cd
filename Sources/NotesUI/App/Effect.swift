import Foundation
import NotesModel

/// Something `update` asks the runner to do outside the state. What it comes to goes
/// back to `update` as an `EffectResult`.
public enum Effect: Equatable, Sendable {
    /// Commit these edits, all or none, resolved against the store as it is under its lock
    /// (`StoreEdit.resolve`); an error becomes a message on the status line.
    case commit([StoreEdit])
    /// Edit the whole note (header and body) in `$VISUAL`/`$EDITOR`, the terminal suspended meanwhile.
    case editNote(UUID)
    /// `n`: write this new note in the editor; it is created only if the editor saves it.
    case writeNewNote(Note, cursor: EditorCursor? = nil)
    /// `u` / `Ctrl-R`: undo or redo the last change of this session (see `UndoHistory`).
    case undo
    case redo
    /// `Ctrl-Z`: give the terminal back to the shell until `fg`.
    case suspend
    /// `S`: sync the store through git (`notes sync`); progress and the result on the status line.
    case sync
    /// `Enter` on an attachment in the read view: hand its file to the user's opener
    /// (`AttachmentAccess.open`); what came of it goes on the status line.
    case openAttachment(AttachmentPath)
    /// `Enter` on a link to a web address (`https:`, `mailto:`) in the read view: hand it to
    /// the same opener (`AttachmentAccess.openAddress`).
    case openAddress(String)
    /// `n` or `J`: read the templates folder again, so that a template added while the app
    /// runs is offered, then go on with `use` (`EffectResult.templatesRead`).
    case readTemplates(then: TemplatesUse)
    /// The loop ends (`AppState.quitting` is `.quitting`).
    case quit
}

/// What the templates are read for: `n`'s chooser, or `J`'s new daily note (made at `now`).
public enum TemplatesUse: Equatable, Sendable {
    case newNote
    case today(now: Date)
}
