import Foundation
import NotesModel
import NotesTerminal

extension AppUpdate {
    /// A key while quick open is open: `Enter` reads the highlighted note, `Esc` goes back
    /// to the list as it was.
    static func quickOpenKey(_ key: Key, _ state: inout AppState, _ snapshot: NotesSnapshot) -> [Effect] {
        guard var quickOpen = state.quickOpen else { return [] }
        let page = QuickOpenView.pageSize(Layout.dialogArea(state.size))
        let outcome = quickOpen.handle(key, in: snapshot.index, page: page)
        state.quickOpen = outcome == nil ? quickOpen : nil
        guard case .open(let id) = outcome else { return [] }
        guard let note = snapshot.database.notes[id] else {
            state.message = .init(text: "That note is gone", isError: true)
            return []
        }
        read(note, &state)
        return []
    }

    /// Opens the read view on `note`, at its top, with a new history of notes followed.
    static func read(_ note: Note, _ state: inout AppState) {
        showReading(note, at: .top, &state)
        state.readHistory = ReadHistory()
    }
}
