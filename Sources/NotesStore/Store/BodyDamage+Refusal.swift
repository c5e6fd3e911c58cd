import NotesJSON
import NotesModel

extension BodyDamage {
    /// The error for writing the body of `note` back (a journal line or a compaction).
    func refusal(toWrite note: Note) -> StoreError {
        .corrupt(file: file, place: place,
                 reason: "the body of note \(note.id) ('\(note.title)') is damaged (\(problem.reason)), so notes does not "
                     + "write it back; replace the body, or see 'notes doctor'")
    }
}
