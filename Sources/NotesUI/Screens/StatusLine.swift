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
        } else if case .reading = state.screen, let field = state.readSearch?.field {
            field.draw(label: "/", in: &buffer, x: 0, y: y, width: width)
        } else if state.isEditingFilter {
            TextField(text: state.filter.query).draw(label: "/", in: &buffer, x: 0, y: y, width: width)
        } else if let message = state.message {
            buffer.write(DisplayWidth.truncate(message.text, to: width), x: 0, y: y,
                         style: message.isError ? Theme.error : Theme.message, limit: width)
        } else if case .reading = state.screen, let search = state.readSearch, let match = search.currentMatch {
            let text = "/\(search.text): match \(search.current + 1) of "
                + "\(search.matches.count)  n next  N previous  Esc clear"
            buffer.write(DisplayWidth.truncate(text, to: width), x: 0, y: y, style: Theme.message, limit: width)
        } else {
            buffer.write(DisplayWidth.truncate(KeyHelp.statusKeys(for: state), to: width), x: 0, y: y,
                         style: Theme.secondary, limit: width)
        }
    }

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
