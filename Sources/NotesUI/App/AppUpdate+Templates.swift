import Foundation
import NotesModel

/// `n` when the config's templates folder has templates: a chooser of them first
/// ("(no template)" or `-` gives an empty body; `Esc` cancels), then the title, then the editor.
/// `n` and `J` have the runner read the folder again first (`Effect.readTemplates`).
extension AppUpdate {
    /// The templates as the folder has them now (nil: as they were), then `n`'s chooser or
    /// title prompt, or `J`'s daily note.
    static func templatesRead(_ templates: [NoteTemplate]?, then use: TemplatesUse, _ state: inout AppState,
                              _ snapshot: NotesSnapshot) -> [Effect] {
        if let templates {
            state.settings.templates = templates
            state.settings.daily.template = templates.first { $0.name == NoteTemplate.dailyName }
        }
        switch use {
        case .newNote:
            if !state.settings.templates.isEmpty { return offerTemplates(&state) }
            state.prompt = .init(purpose: .newNoteTitle, field: TextField())
            return []
        case .today(let now):
            return todayNote(&state, snapshot, now)
        }
    }

    /// Opens the templates chooser.
    static func offerTemplates(_ state: inout AppState) -> [Effect] {
        var names: [UUID: String] = [:]
        var items = [ChooserItem(id: nil, title: "(no template)")]
        for template in state.settings.templates {
            let id = UUID()
            names[id] = template.name
            items.append(ChooserItem(id: id, title: template.name))
        }
        state.chooser = .init(purpose: .newNoteTemplate(names), chooser: Chooser(title: "New note from", items: items,
                                                                                 selected: nil))
        return []
    }

    /// A template picked (or none): the title prompt. `Esc` makes no note.
    static func templatePicked(_ outcome: ChooserOutcome, names: [UUID: String], _ state: inout AppState) {
        guard case .picked(let id) = outcome else { return }
        if let name = id.flatMap({ names[$0] }) {
            state.prompt = .init(purpose: .newNoteFromTemplate(name), field: TextField())
        } else {
            state.prompt = .init(purpose: .newNoteTitle, field: TextField())
        }
    }

    /// A new note titled `title`, in the list's category, else the config's
    /// `default_category` when it exists; its body from `template` (placeholders filled)
    /// when that template is still there, with the place of its `{{cursor}}` (marker removed),
    /// and the fields its front matter sets; `problem` says what of the template could not be used.
    static func newNote(title: String, template: String?, _ state: AppState, _ snapshot: NotesSnapshot,
                        _ now: Date) -> (note: Note, cursor: EditorCursor?, problem: String?) {
        let categoryID = state.filter.categoryID
            ?? state.settings.defaultCategoryName.flatMap { snapshot.database.category(named: $0)?.id }
        let chosen = template.flatMap { name in state.settings.templates.first { $0.name == name } }
        let filled = chosen?.fill(title: title, date: now, timeZone: state.settings.daily.timeZone)
        let note = Note(title: title, body: filled?.body ?? "", created: now, categoryID: categoryID)
        guard let chosen, let filled else { return (note, nil, nil) }
        let applied = NoteTemplate.apply(filled.header, to: note, template: chosen.name + ".md") {
            snapshot.database.category(named: $0)?.id
        }
        return (applied.note, filled.cursor, chosen.problem ?? applied.problem)
    }
}
