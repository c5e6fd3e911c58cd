import Foundation
import NotesModel
import NotesTerminal

/// The trash: `d` moves the selected note there at once (`trash(_:_:_:)`); the trash
/// screen's keys (`KeyMap.trash`): `Enter` restores, `D` deletes for good after asking,
/// `/` filters, `u` / `Ctrl-R` undo and redo, `Esc`/`q`/`T` back.
extension AppUpdate {
    static func trash(_ note: Note, _ state: inout AppState, _ now: Date) -> [Effect] {
        state.message = .init(text: "Moved \"\(note.title)\" to the trash (u undoes it)", isError: false)
        return [.commit([.change(.trashNote(note.id, at: now))])]
    }

    /// The keys of the open trash screen.
    static func trashKey(_ key: Key, _ state: inout AppState, _ snapshot: NotesSnapshot,
                         shown: AppState.Message?) -> [Effect] {
        guard var browser = state.trash else { return [] }
        defer {
            if state.trash != nil {
                browser.clamp(count: browser.entries(in: snapshot.database).count, rows: TrashScreen.listRows(state.size))
                state.trash = browser
            }
        }
        if let id = browser.confirmingPurge {
            return purgeAnswer(key, id, &browser, &state, snapshot)
        }
        if let field = browser.filterField {
            filterKey(key, field, &browser)
            return []
        }
        let notes = browser.entries(in: snapshot.database)
        browser.clamp(count: notes.count, rows: TrashScreen.listRows(state.size))
        guard let action = state.settings.keyMaps.trash.action(for: key) else { return [] }
        if let delta = movement(action, page: TrashScreen.listRows(state.size)) {
            browser.row = moved(browser.row, by: delta, count: notes.count)
            return []
        }
        let selected = browser.selected(in: snapshot.database)
        switch action {
        case .restore:
            guard let selected else { return [] }
            var text = "Restored \"\(selected.title)\""
            if let category = selected.categoryID, snapshot.database.categories[category] == nil {
                text += " uncategorized: its category was deleted"
            }
            state.message = .init(text: text + " (u undoes it)", isError: false)
            return [.commit([.change(.restoreNote(selected.id))])]
        case .purge:
            if let selected { browser.confirmingPurge = selected.id }
        case .filter:
            browser.filterField = TextField(text: browser.query)
        case .undo:
            return [.undo]
        case .redo:
            return [.redo]
        case .suspend:
            return [.suspend]
        case .help:
            state.showsHelp = true
        case .showMessage:
            showWhole(shown, &state)
        case .back where key == .escape && !browser.query.isEmpty:
            browser.query = ""
            browser.row = 0
        case .back:
            state.trash = nil
        default:
            break
        }
        return []
    }

    /// The answer to "delete for good?": `y` deletes the note, anything else keeps it.
    private static func purgeAnswer(_ key: Key, _ id: UUID, _ browser: inout TrashBrowser,
                                    _ state: inout AppState, _ snapshot: NotesSnapshot) -> [Effect] {
        browser.confirmingPurge = nil
        guard key == .character("y") || key == .character("Y"),
              let note = snapshot.database.trash[id] else {
            state.message = .init(text: "Not deleted", isError: false)
            return []
        }
        state.message = .init(text: "Deleted \"\(note.title)\" for good", isError: false)
        return [.commit([.change(.deleteNote(id))])]
    }
}
