import NotesTerminal

/// The bottom line: an open prompt or question, the filter being typed, the last
/// message, or else the keys that work on this screen.
public enum StatusLine {
    public static func draw(_ state: AppState, _ snapshot: NotesSnapshot, into buffer: inout ScreenBuffer) {
        let y = buffer.size.height - 1, width = buffer.size.width
        buffer.fill(Rect(x: 0, y: y, width: width, height: 1))
        if let loading = state.loadingStore, loading.waitingKeys > 0 {
            buffer.write(DisplayWidth.truncate(loading.text, to: width), x: 0, y: y, style: Theme.message, limit: width)
        } else if let prompt = state.prompt {
            prompt.field.draw(label: label(prompt.purpose, state, snapshot), in: &buffer, x: 0, y: y, width: width)
            if let problem = prompt.problem { drawProblem(problem, above: y, into: &buffer) }
        } else if let confirmation = state.confirmation {
            buffer.write(DisplayWidth.truncate(question(confirmation, snapshot), to: width), x: 0, y: y,
                         style: Theme.message, limit: width)
        } else if case .reading = state.screen, let field = state.readSearch?.field {
            field.draw(label: "/", in: &buffer, x: 0, y: y, width: width)
        } else if let field = state.filterField {
            // What Enter and Esc do, at the right while there is room for the text too.
            let hintWidth = width >= 40 ? DisplayWidth.of(filterHint) + 1 : 0
            field.draw(label: "/", in: &buffer, x: 0, y: y, width: width - hintWidth)
            if hintWidth > 0 { buffer.write(filterHint, x: width - hintWidth + 1, y: y, style: Theme.secondary) }
            if let notice = field.notice { drawProblem(notice, above: y, into: &buffer) }
        } else if let message = state.message {
            drawMessage(message, y: y, into: &buffer)
        } else if case .reading = state.screen, let search = state.readSearch, search.currentMatch != nil {
            buffer.write(DisplayWidth.truncate(search.statusText, to: width), x: 0, y: y, style: Theme.message, limit: width)
        } else {
            buffer.write(DisplayWidth.truncate(KeyHelp.statusKeys(for: state, snapshot, width: width), to: width), x: 0, y: y,
                         style: Theme.secondary, limit: width)
        }
    }

    /// A message on row `y`; cut at the width, it ends in `…` and says which key shows it whole.
    static func drawMessage(_ message: AppState.Message, y: Int, into buffer: inout ScreenBuffer) {
        let width = buffer.size.width
        let (text, hint) = MessageOverlay.statusText(message, width: width)
        buffer.write(text, x: 0, y: y, style: message.isError ? Theme.error : Theme.message, limit: width)
        if let hint { buffer.write(hint, x: width - DisplayWidth.of(hint), y: y, style: Theme.secondary, limit: width) }
    }

    /// Shown while the filter is typed.
    static let filterHint = "Enter keeps  Esc clears"

    static func label(_ purpose: AppState.PromptPurpose, _ state: AppState, _ snapshot: NotesSnapshot) -> String {
        switch purpose {
        case .newNoteTitle:
            if let id = state.filter.categoryID, let category = snapshot.database.categories[id] {
                return "New note in \(category.name): "
            }
            return "New note title: "
        case .newNoteFromTemplate(let name): return "New note (\(name)) title: "
        case .newCategoryName: return "New category name: "
        case .renameCategory: return "Rename to: "
        case .renameNote: return "Rename note to: "
        case .editTags: return "Tags (comma-separated, Tab completes): "
        }
    }

    /// What is wrong with a field's text, on the row above it, so the text stays in view.
    static func drawProblem(_ problem: String, above y: Int, into buffer: inout ScreenBuffer) {
        guard y > 0 else { return }
        let width = buffer.size.width
        buffer.fill(Rect(x: 0, y: y - 1, width: width, height: 1))
        buffer.write(DisplayWidth.truncate(problem, to: width), x: 0, y: y - 1, style: Theme.error, limit: width)
    }

    static func question(_ confirmation: AppState.Confirmation, _ snapshot: NotesSnapshot) -> String {
        switch confirmation {
        case .deleteCategory(let id):
            "Delete category \(snapshot.database.categories[id]?.name ?? "")? Its notes are kept. (y/n)"
        case .createNote(let title, _):
            "Create note '\(title)'? (y/n)"
        }
    }
}
