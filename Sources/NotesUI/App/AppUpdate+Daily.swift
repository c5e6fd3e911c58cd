import Foundation
import NotesModel

/// `J`: today's journal note in the read view, made first when the day has none.
extension AppUpdate {
    static func todayNote(_ state: inout AppState, _ snapshot: NotesSnapshot, _ now: Date) -> [Effect] {
        let daily = state.settings.daily
        let title = DailyNote.title(for: now, format: daily.format, timeZone: daily.timeZone)
        if let existing = snapshot.index.dailyNote(titled: title) {
            read(existing, &state)
            return []
        }
        var categoryID: UUID?
        if let name = daily.categoryName {
            guard let category = snapshot.database.category(named: name) else {
                state.message = .init(text: "The daily category \"\(name)\" does not exist (see notes config)", isError: true)
                return []
            }
            categoryID = category.id
        }
        let filled = daily.template?.fill(title: title, date: now, timeZone: daily.timeZone)
        var note = Note(title: title, body: filled?.body ?? "", created: now, categoryID: categoryID, kind: .journal)
        var problem = daily.template?.problem
        if let filled, let template = daily.template {
            // Found again by its title and kind: the template's front matter sets the other fields.
            let applied = NoteTemplate.apply(filled.header, to: note, keeping: [.title, .kind], template: template.name + ".md") {
                snapshot.database.category(named: $0)?.id
            }
            note = applied.note
            problem = problem ?? applied.problem
        }
        state.pendingSelection = note.id
        state.message = .init(text: problem ?? "Made today's note \(title)", isError: problem != nil)
        read(note, &state)
        return [.commit([.change(.putNote(note))])]
    }
}
