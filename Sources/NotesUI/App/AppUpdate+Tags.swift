import Foundation
import NotesModel
import NotesTerminal

/// The tags screen (`#`, `KeyMap.tags`): `/` narrows, `Enter` lists the selected tag's
/// notes (the `#tag` filter), `r` renames the tag on every note or merges it into an
/// existing one (one commit, one `u`), `Esc`/`q` back.
extension AppUpdate {
    /// The keys of the open tags screen.
    static func tagsKey(_ key: Key, _ state: inout AppState, _ snapshot: NotesSnapshot,
                        shown: AppState.Message?) -> [Effect] {
        guard var browser = state.tagBrowser else { return [] }
        defer {
            if state.tagBrowser != nil {
                browser.clamp(rows: TagsScreen.listRows(state.size))
                state.tagBrowser = browser
            }
        }
        if browser.renaming != nil { return renameTagKey(key, &browser, &state, snapshot) }
        if let field = browser.filterField {
            filterKey(key, field, &browser)
            return []
        }
        browser.clamp(rows: TagsScreen.listRows(state.size))
        guard let action = state.settings.keyMaps.tags.action(for: key) else { return [] }
        if let delta = movement(action, page: TagsScreen.listRows(state.size)) {
            browser.row = moved(browser.row, by: delta, count: browser.entries.count)
            return []
        }
        switch action {
        case .showNotes:
            guard let tag = browser.selected?.tag else { return [] }
            state.tagBrowser = nil
            state.screen = .notes
            state.filter.set(query: TagBrowser.searchText(for: tag), scope: .all, in: snapshot.index, work: filterWork(state))
            state.noteRow = 0
            state.clampSelections(in: snapshot)
        case .rename:
            guard let tag = browser.selected?.tag else { return [] }
            browser.renaming = .init(tag: tag, field: TextField(text: tag))
        case .filter: browser.filterField = TextField(text: browser.query)
        case .undo: return [.undo]
        case .redo: return [.redo]
        case .suspend: return [.suspend]
        case .help: state.showsHelp = true
        case .showMessage: showWhole(shown, &state)
        case .back where key == .escape && !browser.query.isEmpty:
            browser.query = ""
            browser.row = 0
        case .back: state.tagBrowser = nil
        default: break
        }
        return []
    }

    /// A key in the `r` field: Enter renames the tag on every live note carrying it, or
    /// merges it into the tag named when one exists, as one commit (one `u` undoes it).
    private static func renameTagKey(_ key: Key, _ browser: inout TagBrowser, _ state: inout AppState,
                                     _ snapshot: NotesSnapshot) -> [Effect] {
        guard var renaming = browser.renaming else { return [] }
        renaming.problem = nil
        switch key == .control("c") ? .cancelled : renaming.field.handle(key) {
        case nil:
            browser.renaming = renaming
            return []
        case .cancelled:
            browser.renaming = nil
            return []
        case .submitted(let text):
            guard let new = Tag.normalize(text), !text.contains(TagListInput.separator) else {
                renaming.problem = "'\(text)' is not a tag name (a tag needs a name, and no comma)"
                browser.renaming = renaming
                return []
            }
            browser.renaming = nil
            guard new != renaming.tag else { return [] }
            let edits = TagRename.edits(from: renaming.tag, to: new, in: snapshot.database)
            guard !edits.isEmpty else {
                state.message = .init(text: "No note is tagged #\(renaming.tag) now; nothing renamed", isError: true)
                return []
            }
            let merging = browser.counts.contains { $0.tag == new }
            let notes = edits.count == 1 ? "1 note" : "\(edits.count) notes"
            let verb = merging ? "Merged #\(renaming.tag) into #\(new)" : "Renamed #\(renaming.tag) to #\(new)"
            state.message = .init(text: "\(verb) on \(notes) (u undoes it)", isError: false)
            return [.commit(edits)]
        }
    }
}
