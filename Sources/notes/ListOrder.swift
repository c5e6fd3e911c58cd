import Foundation
import NotesConfig
import NotesModel

/// `list.sort` for `notes list` and the UI: the rule is `NoteListOrder`'s, shared with the
/// UI's note list.
enum ListOrder {
    /// The list order the config's `list.sort` names.
    static func order(_ sort: ListSort) -> NoteListOrder {
        switch sort {
        case .updated: .updated
        case .created: .created
        case .title: .title
        }
    }

    /// Sorts `notes` (listed pinned first, then most recently updated) by `sort`.
    static func sort(_ notes: inout [Note], by sort: ListSort) {
        guard sort != .updated else { return }
        notes.sort(by: order(sort).precedes)
    }
}
