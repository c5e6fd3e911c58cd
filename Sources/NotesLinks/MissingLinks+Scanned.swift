import Foundation
import NotesModel

extension MissingLinks {
    /// The note links of some notes, scanned before `count` needs them: while `notes import`
    /// writes its snapshot, the rename index's tables scan every body on another thread
    /// (`RenameSources.Tables`), and keep the links of the notes the import put. They are
    /// kept by id, and each is used only while the database's note with that id has the same
    /// body and is read in the same order (a wiki link's sides); any other note is scanned
    /// again then, so the count is the same either way.
    public struct Scanned: Sendable {
        struct Entry: Sendable {
            let body: String
            let order: WikiLinkOrder
            let links: [NoteLink]
        }

        let entries: [UUID: Entry]

        init(entries: [UUID: Entry]) {
            self.entries = entries
        }

        /// Scans `notes`, the notes of `labelFirst` read label first.
        public init(notes: [Note], labelFirst: Set<UUID>) {
            var entries: [UUID: Entry] = [:]
            for note in notes {
                let order = WikiLinkOrder.of(note.id, labelFirst: labelFirst)
                entries[note.id] = Entry(body: note.body, order: order, links: MissingLinks.links(of: note, order: order))
            }
            self.entries = entries
        }

        /// The note links of `note`, read in `order`.
        func links(of note: Note, order: WikiLinkOrder) -> [NoteLink] {
            if let entry = entries[note.id], entry.order == order, entry.body == note.body { return entry.links }
            return MissingLinks.links(of: note, order: order)
        }
    }

    /// The links of `note` read in `order` that name a note.
    static func links(of note: Note, order: WikiLinkOrder) -> [NoteLink] {
        note.withBodyUTF8 { LinkScanner.links(in: $0, order: order) }.filter(\.target.isNote)
    }
}
