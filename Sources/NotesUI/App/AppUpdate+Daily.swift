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
        let body = daily.template?.fill(title: title, date: now, timeZone: daily.timeZone).body ?? ""
        let note = Note(title: title, body: body, created: now, categoryID: categoryID, kind: .journal)
        state.pendingSelection = note.id
        state.message = .init(text: "Made today's note \(title)", isError: false)
        read(note, &state)
        return [.commit([.change(.putNote(note))])]
    }
}
