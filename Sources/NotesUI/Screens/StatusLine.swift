import NotesCore

/// The bottom line: an open prompt or question, the filter being typed, the last
/// message, or else the keys that work on this screen.
public enum StatusLine {
    public static func draw(_ state: AppState, _ snapshot: NotesSnapshot, into buffer: inout ScreenBuffer) {
        let y = buffer.size.height - 1, width = buffer.size.width
        buffer.fill(Rect(x: 0, y: y, width: width, height: 1))
        if let prompt = state.prompt {
            prompt.field.draw(label: label(prompt.purpose), in: &buffer, x: 0, y: y, width: width)
        } else if let confirmation = state.confirmation {
            buffer.write(DisplayWidth.truncate(question(confirmation, snapshot), to: width), x: 0, y: y,
                         style: Theme.message, limit: width)
        } else if state.isEditingFilter {
            // What Enter and Esc do, at the right while there is room for the text too.
            let hint = filterHint
            let hintWidth = width >= 40 ? DisplayWidth.of(hint) + 1 : 0
            TextField(text: state.filter.query).draw(label: "/", in: &buffer, x: 0, y: y, width: width - hintWidth)
            if hintWidth > 0 { buffer.write(hint, x: width - hintWidth + 1, y: y, style: Theme.secondary) }
        } else if let message = state.message {
            buffer.write(DisplayWidth.truncate(message.text, to: width), x: 0, y: y,
                         style: message.isError ? Theme.error : Theme.message, limit: width)
        } else {
            buffer.write(DisplayWidth.truncate(KeyHelp.statusKeys(for: state), to: width), x: 0, y: y,
                         style: Theme.secondary, limit: width)
        }
    }

    /// Shown while the filter is typed.
    static let filterHint = "Enter keeps  Esc clears"

    static func label(_ purpose: AppState.PromptPurpose) -> String {
        switch purpose {
        case .newNoteTitle: "New note title: "
        case .newCategoryName: "New category name: "
        case .renameCategory: "Rename to: "
        }
    }

    static func question(_ confirmation: AppState.Confirmation, _ snapshot: NotesSnapshot) -> String {
        switch confirmation {
        case .deleteNote(let id):
            "Delete note \"\(snapshot.database.notes[id]?.title ?? "")\"? (y/n)"
        case .deleteCategory(let id):
            "Delete category \(snapshot.database.categories[id]?.name ?? "")? Its notes are kept. (y/n)"
        }
    }
}
