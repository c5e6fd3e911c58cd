import Foundation
import NotesConfig
import NotesModel

/// `list.sort` for `notes list`: the listing comes pinned first, then most recently updated; `created`
/// and `title` reorder it below the pins (equal keys keep that order).
enum ListOrder {
    static func sort(_ notes: inout [Note], by sort: ListSort) {
        switch sort {
        case .updated:
            return
        case .created:
            notes = stableSorted(notes) { $0.created > $1.created }
        case .title:
            notes = stableSorted(notes) { $0.title.localizedStandardCompare($1.title) == .orderedAscending }
        }
    }

    private static func stableSorted(_ notes: [Note], by precedes: (Note, Note) -> Bool) -> [Note] {
        notes.enumerated().sorted { a, b in
            // Pinned notes stay on top under every order (PRODUCT §5.4).
            if a.element.pinned != b.element.pinned { return a.element.pinned }
            if precedes(a.element, b.element) { return true }
            if precedes(b.element, a.element) { return false }
            return a.offset < b.offset
        }.map(\.element)
    }
}
