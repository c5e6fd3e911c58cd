import Foundation
import NotesCore

/// Organizing a note without the editor, from the note list and the read view:
/// `r` rename, `m` move to a category (a `Chooser`), `t` edit the tags.
extension AppUpdate {
    /// Opens the dialog an organize key asks for on `note`; false when `key` is not one.
    static func organizeKey(_ key: Key, note: Note?, _ state: inout AppState, _ snapshot: NotesSnapshot) -> Bool {
        switch key {
        case .character("r"):
            guard let note else { return true }
            state.prompt = .init(purpose: .renameNote(note.id), field: TextField(text: note.title))
        case .character("t"):
            guard let note else { return true }
            state.prompt = .init(purpose: .editTags(note.id), field: TextField(text: TagListInput.text(for: note.tags)))
        case .character("m"):
            guard let note else { return true }
            state.chooser = .init(purpose: .moveNote(note.id), chooser: categoryChooser(for: note, snapshot))
        default:
            return false
        }
        return true
    }

    /// "(no category)" then every category with its swatch, the note's own highlighted.
    static func categoryChooser(for note: Note, _ snapshot: NotesSnapshot) -> Chooser {
        let items = [ChooserItem(id: nil, title: "(no category)")]
            + snapshot.categories.map { ChooserItem(id: $0.id, title: $0.name, swatch: $0.color.rgb8) }
        return Chooser(title: "Move \"\(note.title)\" to", items: items, selected: note.categoryID)
    }

    static func chooserKey(_ key: Key, _ state: inout AppState, _ snapshot: NotesSnapshot, _ now: Date) -> [Effect] {
        guard var session = state.chooser else { return [] }
        let page = ChooserView.pageSize(session.chooser, area: Layout.dialogArea(state.size))
        let outcome = session.chooser.handle(key, page: page)
        state.chooser = outcome == nil ? session : nil
        guard case .picked(let categoryID) = outcome else { return [] }
        switch session.purpose {
        case .moveNote(let id):
            return moveNote(id, to: categoryID, &state, snapshot, now)
        }
    }

    private static func moveNote(_ id: UUID, to categoryID: UUID?, _ state: inout AppState, _ snapshot: NotesSnapshot,
                                 _ now: Date) -> [Effect] {
        guard var note = snapshot.database.notes[id] else {
            state.message = .init(text: "That note is gone; nothing moved", isError: true)
            return []
        }
        let name = categoryID.flatMap { snapshot.database.categories[$0]?.name }
        guard note.categoryID != categoryID else {
            state.message = .init(text: "\"\(note.title)\" is already in \(name ?? "no category")", isError: false)
            return []
        }
        note.categoryID = categoryID
        note.updated = now
        state.pendingSelection = id
        state.message = .init(text: name.map { "Moved \"\(note.title)\" to \($0)" }
                                ?? "\"\(note.title)\" is in no category now", isError: false)
        return [.commit([.putNote(note)])]
    }

    static func renameNote(_ id: UUID, to title: String, _ state: inout AppState, _ snapshot: NotesSnapshot,
                           _ now: Date) -> [Effect] {
        guard var note = snapshot.database.notes[id] else {
            state.message = .init(text: "That note is gone; nothing renamed", isError: true)
            return []
        }
        guard note.title != title else { return [] }
        state.message = .init(text: "Renamed \"\(note.title)\" to \"\(title)\"", isError: false)
        note.title = title
        note.updated = now
        state.pendingSelection = id
        return [.commit([.putNote(note)])]
    }

    /// Sets the tags typed in the `t` field; text that is not a list of tags keeps the
    /// field open with the text and says what is wrong.
    static func submitTags(_ text: String, of id: UUID, _ prompt: AppState.Prompt, _ state: inout AppState,
                           _ snapshot: NotesSnapshot, _ now: Date) -> [Effect] {
        let tags: Set<String>
        switch TagListInput.parse(text) {
        case .failure(let error):
            var kept = prompt
            kept.problem = error.description
            state.prompt = kept
            return []
        case .success(let parsed):
            tags = parsed
        }
        state.prompt = nil
        guard var note = snapshot.database.notes[id] else {
            state.message = .init(text: "That note is gone; no tags changed", isError: true)
            return []
        }
        guard note.tags != tags else { return [] }
        note.tags = tags
        note.updated = now
        state.pendingSelection = id
        let shown = note.sortedTags.map { "#" + $0 }.joined(separator: " ")
        state.message = .init(text: tags.isEmpty ? "\"\(note.title)\" has no tags now" : "Tagged \"\(note.title)\" \(shown)",
                              isError: false)
        return [.commit([.putNote(note)])]
    }
}
