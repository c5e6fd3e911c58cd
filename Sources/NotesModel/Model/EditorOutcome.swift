import Foundation

/// How an edit of a note in the user's editor ended (`e`, `n`, `notes edit`).
public enum EditorOutcome: Equatable, Sendable {
    /// Saved; what the save met in the store, and the note's title after the edit.
    case saved(EditOutcome, title: String)
    /// A new note (`write(newNote:)`) was saved by the editor and is in the store now.
    case created(EditOutcome, title: String)
    /// A new note the editor quit without saving (`:q!`, `:cq`): nothing was created,
    /// nothing typed is lost. The reason is the editor's error, if it ended with one.
    case abandoned(reason: String?)
    case unchanged
    /// The file was saved empty: nothing changed.
    case emptied
    /// Nothing could be edited (no such note, no temporary file); nothing was typed.
    case failed(String)
    /// The text could not be saved; it is in the file at `path`.
    case kept(path: String, reason: String)

    /// One line for the status line or stderr.
    public var message: String {
        switch self {
        case .saved(let outcome, let title): Self.savedMessage(outcome, title: title)
        case .created(_, let title): "Created \"\(title)\""
        case .abandoned(nil): "New note abandoned: the editor quit without saving"
        case .abandoned(let reason?): "New note abandoned: the editor quit without saving (\(reason))"
        case .unchanged: "No changes"
        case .emptied: "The file was saved empty: nothing was changed"
        case .failed(let reason): "error: \(reason)"
        case .kept(let path, let reason): "error: not saved, your text is kept in \(path) (\(reason))"
        }
    }

    /// "Saved", and what the save met elsewhere.
    static func savedMessage(_ outcome: EditOutcome, title: String) -> String {
        if outcome.broughtBack { return "Saved \"\(title)\": it had been deleted meanwhile, so it was brought back" }
        var text = "Saved \"\(title)\""
        if let copy = outcome.conflictCopy {
            text += "; it was changed meanwhile elsewhere: that version is kept as \"\(copy.title)\", tagged conflict"
        } else if !outcome.changedElsewhere.isEmpty {
            text += ", together with changes made meanwhile elsewhere (\(outcome.changedElsewhere.map(\.rawValue).joined(separator: ", ")))"
        }
        if !outcome.replaced.isEmpty { text += "; " + ReplacedValue.note(outcome.replaced) }
        return text
    }

    public var isError: Bool {
        switch self {
        case .failed, .kept: true
        default: false
        }
    }
}
