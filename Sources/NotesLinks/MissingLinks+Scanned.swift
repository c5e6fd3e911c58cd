import Foundation
import NotesModel

extension MissingLinks {
    /// The note links of some notes, scanned before `count` needs them: `notes import`
    /// scans the notes it puts on another thread while the store applies and writes them,
    /// when that thread would be idle. They are kept by position, in the order of the ids
    /// `count` is given, and each is used only while the database's note at that position has
    /// the same id and body and is read in the same order (a wiki link's sides); any other
    /// note is scanned again then, so the count is the same either way.
    public struct Scanned: Sendable {
        struct Entry: Sendable {
            let id: UUID
            let body: String
            let order: WikiLinkOrder
            let links: [NoteLink]
        }

        let entries: [Entry]

        /// Scans `notes`, the notes of `labelFirst` read label first.
        public init(notes: [Note], labelFirst: Set<UUID>) {
            entries = notes.map { note in
                let order = WikiLinkOrder.of(note.id, labelFirst: labelFirst)
                return Entry(id: note.id, body: note.body, order: order, links: MissingLinks.links(of: note, order: order))
            }
        }

        /// The note links of `note`, the `position`th of the ids counted, read in `order`.
        func links(at position: Int, of note: Note, order: WikiLinkOrder) -> [NoteLink] {
            if position < entries.count {
                let entry = entries[position]
                if entry.id == note.id, entry.order == order, entry.body == note.body { return entry.links }
            }
            return MissingLinks.links(of: note, order: order)
        }
    }

    /// The links of `note` read in `order` that name a note.
    static func links(of note: Note, order: WikiLinkOrder) -> [NoteLink] {
        note.withBodyUTF8 { LinkScanner.links(in: $0, order: order) }.filter(\.target.isNote)
    }
}
