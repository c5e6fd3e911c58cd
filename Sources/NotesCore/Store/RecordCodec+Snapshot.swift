import Foundation

/// The fast path for reading a note exactly as the snapshot writer lays it out:
/// the nine members in their fixed order, one a line, indented for the `notes`
/// array. Each member name and the white space around it are matched as one run
/// of bytes, instead of skipping white space, reading a name and looking it up.
///
/// Anything else — another layout, a hand-edited note, an error — makes it give
/// up and the caller reads the note with the general `readNote`, from the same
/// place, which accepts any valid layout and reports errors exactly.
extension RecordCodec {
    /// What comes before each value, and after the last one.
    private static let snapshotLayout: [[UInt8]] = [
        "{\n      \"id\": ",
        ",\n      \"title\": ",
        ",\n      \"body\": ",
        ",\n      \"created\": ",
        ",\n      \"updated\": ",
        ",\n      \"category\": ",
        ",\n      \"tags\": ",
        ",\n      \"kind\": ",
        ",\n      \"attachments\": ",
        "\n    }",
    ].map { Array($0.utf8) }

    /// Reads a note in the snapshot's own layout, or returns nil with `reader` where it was.
    /// With `file` (the mapped file `reader` reads), the body is checked but left there.
    func readSnapshotNote(_ reader: inout JSONReader, in file: SnapshotFile? = nil) -> Note? {
        let start = reader.position
        do throws(JSONError) {
            guard Self.match(0, &reader) else { return nil }
            let id = try Self.readUUID(&reader)
            guard Self.match(1, &reader) else { reader.position = start; return nil }
            let title = try reader.readString()
            guard Self.match(2, &reader) else { reader.position = start; return nil }
            let body: NoteBody = if let file { .inSnapshot(SnapshotString(file: file, raw: try reader.scanString())) } else { .text(try reader.readString()) }
            guard Self.match(3, &reader) else { reader.position = start; return nil }
            let created = try Self.readDate(&reader)
            guard Self.match(4, &reader) else { reader.position = start; return nil }
            let updated = try Self.readDate(&reader)
            guard Self.match(5, &reader) else { reader.position = start; return nil }
            let categoryID = try reader.readNull() ? nil : try Self.readUUID(&reader)
            guard Self.match(6, &reader) else { reader.position = start; return nil }
            let tags = try Self.readTags(&reader)
            guard Self.match(7, &reader) else { reader.position = start; return nil }
            let kind = try Self.readKind(&reader)
            guard Self.match(8, &reader) else { reader.position = start; return nil }
            let attachments = try Self.readAttachments(&reader)
            guard Self.match(9, &reader) else { reader.position = start; return nil }
            var note = Note(id: id, title: title, created: created, updated: updated,
                            categoryID: categoryID, tags: tags, kind: kind, attachments: attachments)
            note.bodyStorage = body
            return note
        } catch {
            reader.position = start
            return nil
        }
    }

    /// Consumes `snapshotLayout[part]` if the bytes at the reader's position are exactly it.
    @inline(__always)
    private static func match(_ part: Int, _ reader: inout JSONReader) -> Bool {
        let expected = snapshotLayout[part]
        let end = reader.position + expected.count
        guard end <= reader.bytes.count, let base = reader.bytes.baseAddress else { return false }
        let same = expected.withUnsafeBytes { expected in
            expected.baseAddress.map { memcmp(base + reader.position, $0, expected.count) == 0 } ?? false
        }
        if same { reader.position = end }
        return same
    }
}
