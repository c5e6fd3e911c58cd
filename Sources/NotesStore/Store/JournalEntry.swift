import Foundation
import NotesModel

/// One committed batch of changes, as a journal line holds it.
struct JournalEntry {
    var sequence: Int
    var changes: [StoreChange]
    var warnings: [StoreWarning] = []
    var preserved: [UUID: PreservedColor] = [:]
    /// The indices in `changes` of the `putNote`s written without a `body` (format 5):
    /// each keeps the body its note has in the store the line applies to, which is how
    /// renaming or tagging a 200 MB note writes a short line. Read as an empty body
    /// until `fillKeptBodies` puts the kept one in.
    var keptBodies: [Int] = []

    /// Puts in each kept body, from the note with the same id, live or in the trash, in
    /// `database` (the store as it was before this entry). Throws when that note is not
    /// there: the line cannot be applied.
    mutating func fillKeptBodies(from database: NotesDatabase) throws(KeptBodyMissing) {
        for index in keptBodies {
            guard case .putNote(var note) = changes[index] else { continue }
            guard let holder = database.notes[note.id] ?? database.trash[note.id] else {
                throw KeptBodyMissing(noteID: note.id)
            }
            note.bodyStorage = holder.bodyStorage
            changes[index] = .putNote(note)
        }
        keptBodies = []
    }

    /// Which `putNote`s of `changes` can leave their body out: those whose note is in
    /// `database` (live or in the trash) with the very same body bytes, at least
    /// `minimumBytes` long (shorter ones are written whole: a line that holds its note
    /// whole can be read on its own, by `doctor --salvage` too).
    static func keptBodies(of changes: [StoreChange], in database: NotesDatabase, minimumBytes: Int) -> [Int] {
        changes.indices.filter { index in
            guard case .putNote(let note) = changes[index], note.bodyUTF8CountBound >= minimumBytes,
                  let holder = database.notes[note.id] ?? database.trash[note.id] else { return false }
            return note.hasSameBody(as: holder)
        }
    }
}

/// A journal line keeps the body of a note the store does not have.
struct KeptBodyMissing: Error, CustomStringConvertible {
    let noteID: UUID
    var description: String { "it keeps the body of note \(noteID.uuidString), which is not in the store" }
}
