import Foundation
import NotesModel
import NotesTerminal

/// Organizing a note without the editor, from the note list and the read view:
/// `r` rename, `m` move to a category (a `Chooser`), `t` edit the tags.
extension AppUpdate {
    /// Opens the dialog an organize action asks for on `note`; false when `action` is not one.
    static func organizeAction(_ action: KeyAction, note: Note?, _ state: inout AppState, _ snapshot: NotesSnapshot) -> Bool {
        switch action {
        case .rename:
            guard let note else { return true }
            state.prompt = .init(purpose: .renameNote(note.id, from: note.title), field: TextField(text: note.title))
        case .editTags:
            guard let note else { return true }
            state.prompt = .init(purpose: .editTags(note.id, from: note.tags), field: TextField(text: TagListInput.text(for: note.tags)))
        case .moveToCategory:
            guard let note else { return true }
            state.chooser = .init(purpose: .moveNote(note.id, from: note.categoryID), chooser: categoryChooser(for: note, snapshot))
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
        if case .newNoteTemplate(let names) = session.purpose, let outcome {
            templatePicked(outcome, names: names, &state)
            return []
        }
        guard case .picked(let picked) = outcome else { return [] }
        switch session.purpose {
        case .moveNote(let id, let from):
            return moveNote(id, from: from, to: picked, &state, snapshot)
        case .followLink(let from, let heading):
            if let picked, let source = snapshot.database.notes[from] { openLinked(picked, heading: heading, from: source, &state, snapshot) }
            return []
        case .newNoteTemplate:
            return []
        }
    }

    private static func moveNote(_ id: UUID, from: UUID?, to categoryID: UUID?, _ state: inout AppState,
                                 _ snapshot: NotesSnapshot) -> [Effect] {
        guard let note = snapshot.database.notes[id] else {
            state.message = .init(text: "That note is gone; nothing moved", isError: true)
            return []
        }
        if let categoryID, snapshot.database.categories[categoryID] == nil {
            state.message = .init(text: "That category is gone; nothing moved", isError: true)
            return []
        }
        let name = categoryID.flatMap { snapshot.database.categories[$0]?.name }
        guard note.categoryID != categoryID else {
            state.message = .init(text: "\"\(note.title)\" is already in \(name ?? "no category")", isError: false)
            return []
        }
        state.pendingSelection = id
        state.message = .init(text: name.map { "Moved \"\(note.title)\" to \($0)" }
                                ?? "\"\(note.title)\" is in no category now", isError: false)
        var edit = NoteEdit(noteID: id)
        edit.category = FieldChange(from: from, to: categoryID)
        return [.commit([.note(edit)])]
    }

    /// `Tab` in the `t` field: completes the tag being typed to a known one.
    static func completeTag(_ prompt: AppState.Prompt, _ state: inout AppState, _ snapshot: NotesSnapshot) {
        var completed = prompt
        let known = snapshot.index.tagCounts().map(\.tag)
        if let text = TagListInput.completed(prompt.field.text, known: known) {
            completed.field = TextField(text: text)
            completed.problem = nil
        } else {
            completed.problem = "no known tag starts so"
        }
        state.prompt = completed
    }

    /// `p`: pins or unpins `note`, a field edit (`u` undoes it). Pinned notes are listed
    /// first (`DisplayOrder`), so the selection follows the note to its new place.
    static func togglePin(_ note: Note, _ state: inout AppState) -> [Effect] {
        var edit = NoteEdit(noteID: note.id)
        edit.pinned = FieldChange(from: note.pinned, to: !note.pinned)
        state.pendingSelection = note.id
        state.message = .init(text: note.pinned ? "Unpinned \"\(note.title)\"" : "Pinned \"\(note.title)\" (listed first)",
                              isError: false)
        return [.commit([.note(edit)])]
    }

    /// `from`: the title when `r` was pressed (a rename made elsewhere since is named on
    /// the status line when this one replaces it).
    static func renameNote(_ id: UUID, from: String, to title: String, _ state: inout AppState,
                           _ snapshot: NotesSnapshot) -> [Effect] {
        guard let note = snapshot.database.notes[id] else {
            state.message = .init(text: "That note is gone; nothing renamed", isError: true)
            return []
        }
        guard note.title != title else { return [] }
        state.pendingSelection = id
        var edit = NoteEdit(noteID: id)
        edit.title = FieldChange(from: from, to: title)
        let links = state.updatesLinksOnRename ? linkUpdate(renaming: note, to: title, snapshot) : nil
        let count = links?.count ?? 0
        state.message = .init(text: "Renamed \"\(note.title)\" to \"\(title)\""
                                + (count > 0 ? "; updated links in \(count) \(count == 1 ? "note" : "notes")" : ""), isError: false)
        return [.commit([.note(edit)] + (links.map { [.derived($0.edits)] } ?? []))]
    }

    /// Sets the tags typed in the `t` field: the tags added to and removed from those the
    /// field opened with (`from`), so that a tag another process added meanwhile stays.
    /// Text that is not a list of tags keeps the field open with the text and says what is wrong.
    /// Enter on the text the field opened with changes nothing, whatever the text holds.
    static func submitTags(_ text: String, of id: UUID, from: Set<String>, _ prompt: AppState.Prompt,
                           _ state: inout AppState, _ snapshot: NotesSnapshot, _ now: Date) -> [Effect] {
        guard text != TagListInput.text(for: from) else {
            state.prompt = nil
            return []
        }
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
        guard let note = snapshot.database.notes[id] else {
            state.message = .init(text: "That note is gone; no tags changed", isError: true)
            return []
        }
        var edit = NoteEdit(noteID: id)
        edit.addedTags = tags.subtracting(from)
        edit.removedTags = from.subtracting(tags)
        let tagged = edit.applied(to: note)
        guard tagged.tags != note.tags else { return [] }
        state.pendingSelection = id
        let shown = tagged.sortedTags.map { "#" + $0 }.joined(separator: " ")
        state.message = .init(text: tagged.tags.isEmpty ? "\"\(note.title)\" has no tags now" : "Tagged \"\(note.title)\" \(shown)",
                              isError: false)
        return [.commit([.note(edit)])]
    }

    /// The name of the category that a new category or a rename typed as `raw` would
    /// collide with (names compare case-insensitively, as the store compares them).
    static func takenCategoryName(_ raw: String, for purpose: AppState.PromptPurpose, _ snapshot: NotesSnapshot) -> String? {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, let holder = snapshot.database.category(named: name) else { return nil }
        switch purpose {
        case .newCategoryName: return holder.name
        case .renameCategory(let id, _): return holder.id == id ? nil : holder.name
        default: return nil
        }
    }
}
