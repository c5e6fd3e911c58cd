import Foundation
import NotesEditing
import NotesModel
import NotesTerminal
import NotesUI

extension AppRunner {
    /// A runner whose "editor" transforms the edited file's text (`UserEditor.scripted`).
    public convenience init(terminal: any Terminal, repository: any NotesRepository, timeZone: TimeZone = .current,
                            now: @escaping () -> Date = Date.init, editBody: @escaping (String) throws -> String,
                            sync: SyncAction? = nil) {
        self.init(terminal: terminal, repository: repository, timeZone: timeZone, now: now,
                  editor: UserEditor.scripted(editBody), sync: sync)
    }
}
