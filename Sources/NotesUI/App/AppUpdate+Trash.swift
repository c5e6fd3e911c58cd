import Foundation
import NotesCore

/// The keys of the trash and of undo: `d` moves the selected note to the trash at once,
/// `u` / `Ctrl-R` undo and redo, `T` opens the trash (`Enter` restores, `D` deletes for
/// good after asking, `/` filters, `Esc`/`q` back).
extension AppUpdate {
    /// Handles `d`, `u`, `Ctrl-R` and `T` on the notes, reading and categories screens;
    /// nil for any other key (the screen's own keys handle it).
    static func trashAndUndoKey(_ key: Key, _ state: inout AppState, _ snapshot: NotesSnapshot, _ now: Date) -> [Effect]? {
        switch key {
        case .character("u"): return [.undo]
        case .control("r"): return [.redo]
        default: break
        }
        switch (state.screen, key) {
        case (.notes, .character("d")), (.notes, .delete):
            guard let selected = state.selectedNote(in: snapshot) else { return [] }
            return trash(selected, &state, now)
        case (.reading(let id), .character("d")):
            guard let note = snapshot.database.notes[id] else { return [] }
            state.screen = .notes
            return trash(note, &state, now)
        case (.notes, .character("T")), (.categories, .character("T")):
            state.trash = TrashBrowser()
            return []
        default:
            return nil
        }
    }

    private static func trash(_ note: Note, _ state: inout AppState, _ now: Date) -> [Effect] {
        state.message = .init(text: "Moved \"\(note.title)\" to the trash (u undoes it)", isError: false)
        return [.commit([.change(.trashNote(note.id, at: now))])]
    }

    /// The keys of the open trash screen.
    static func trashKey(_ key: Key, _ state: inout AppState, _ snapshot: NotesSnapshot) -> [Effect] {
        guard var browser = state.trash else { return [] }
        defer {
            if state.trash != nil {
                browser.clamp(count: browser.entries(in: snapshot.database).count, rows: TrashScreen.listRows(state.size))
                state.trash = browser
            }
        }
        if let id = browser.confirmingPurge {
            browser.confirmingPurge = nil
            guard key == .character("y") || key == .character("Y"),
                  let note = snapshot.database.trash[id] else {
                state.message = .init(text: "Not deleted", isError: false)
                return []
            }
            state.message = .init(text: "Deleted \"\(note.title)\" for good", isError: false)
            return [.commit([.change(.deleteNote(id))])]
        }
        if var field = browser.filterField {
            switch key == .control("c") ? .cancelled : field.handle(key) {
            case nil: browser.filterField = field
            case .submitted(let text):
                browser.query = text
                browser.filterField = nil
            case .cancelled:
                browser.filterField = nil
            }
            browser.row = 0
            return []
        }
        let notes = browser.entries(in: snapshot.database)
        browser.clamp(count: notes.count, rows: TrashScreen.listRows(state.size))
        if let delta = movement(key, page: TrashScreen.listRows(state.size)) {
            browser.row = moved(browser.row, by: delta, count: notes.count)
            return []
        }
        let selected = browser.selected(in: snapshot.database)
        switch key {
        case .enter:
            guard let selected else { return [] }
            var text = "Restored \"\(selected.title)\""
            if let category = selected.categoryID, snapshot.database.categories[category] == nil {
                text += " uncategorized: its category was deleted"
            }
            state.message = .init(text: text + " (u undoes it)", isError: false)
            return [.commit([.change(.restoreNote(selected.id))])]
        case .character("D"):
            if let selected { browser.confirmingPurge = selected.id }
        case .character("/"):
            browser.filterField = TextField(text: browser.query)
        case .character("u"):
            return [.undo]
        case .control("r"):
            return [.redo]
        case .character("?"):
            state.showsHelp = true
        case .escape where !browser.query.isEmpty:
            browser.query = ""
            browser.row = 0
        case .escape, .character("q"), .character("T"):
            state.trash = nil
        default:
            break
        }
        return []
    }
}
