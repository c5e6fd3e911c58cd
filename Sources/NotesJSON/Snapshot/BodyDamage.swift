/// Where and why a body still in the snapshot does not check (see `SnapshotString.problem`),
/// worded here once for every place that names it: what the body reads as (`text`),
/// `Note.bodyDamage` (which the export and sync refusals quote) and the error
/// `RecordCodec.write` throws rather than write the body back (`refusal(toWrite:)`).
package struct BodyDamage: Sendable, CustomStringConvertible {
    /// The snapshot file.
    package let file: String
    package let problem: JSONError

    /// `line 12, column 5`.
    package var place: String { "line \(problem.line), column \(problem.column)" }

    /// `/home/me/.notes/notes.json, line 12, column 5: invalid UTF-8`.
    package var description: String { "\(file), \(place): \(problem.reason)" }

    /// What the body reads as.
    package var text: String {
        "[notes cannot read this body: \(self). The file was changed after notes wrote it. "
            + "Nothing is written back until the body is replaced; 'notes doctor' lists every damaged place.]"
    }
}
