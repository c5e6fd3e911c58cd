/// Where and why a body still in the snapshot does not check (see `SnapshotString.problem`),
/// worded here once for every place that names it: what the body reads as (`text`),
/// `Note.bodyDamage` (which the export and sync refusals quote) and the error
/// `RecordCodec.write` throws rather than write the body back (`refusal(toWrite:)`).
struct BodyDamage: Sendable, CustomStringConvertible {
    /// The snapshot file.
    let file: String
    let problem: JSONError

    /// `line 12, column 5`.
    var place: String { "line \(problem.line), column \(problem.column)" }

    /// `/home/me/.notes/notes.json, line 12, column 5: invalid UTF-8`.
    var description: String { "\(file), \(place): \(problem.reason)" }

    /// What the body reads as.
    var text: String {
        "[notes cannot read this body: \(self). The file was changed after notes wrote it. "
            + "Nothing is written back until the body is replaced; 'notes doctor' lists every damaged place.]"
    }

    /// The error for writing the body of `note` back (a journal line or a compaction).
    func refusal(toWrite note: Note) -> StoreError {
        .corrupt(file: file, place: place,
                 reason: "the body of note \(note.id) ('\(note.title)') is damaged (\(problem.reason)), so notes does not "
                     + "write it back; replace the body, or see 'notes doctor'")
    }
}
