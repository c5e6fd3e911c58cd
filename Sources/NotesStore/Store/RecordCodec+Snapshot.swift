import Foundation
import NotesJSON
import NotesModel

/// The fast path for reading a note exactly as the snapshot writer lays it out:
/// the ten members in their fixed order (and `pinned` last, when set; a note with
/// `aliases` is read by the general reader), one a line, indented for the `notes`
/// array. Each member name and the white space around it are matched as one run
/// of bytes, instead of skipping white space, reading a name and looking it up.
///
/// Anything else — another layout, a hand-edited note, an error — makes it give
/// up and the caller reads the note with the general `readNote`, from the same
/// place, which accepts any valid layout and reports errors exactly.
extension RecordCodec {
    /// Reads a note in the snapshot's own layout, or returns nil with `reader` where it was.
    /// With `file` (the copied snapshot `reader` reads), the body is left there: checked, or
    /// only found when an index vouches for the file (`SnapshotFile.checksBodiesLazily`).
    /// `tagSets` (one a reading thread) gives notes with the same tags array the same set.
    func readSnapshotNote(_ reader: inout JSONReader, in file: SnapshotFile? = nil, tagSets: TagSetCache? = nil) -> Note? {
        let start = reader.position
        let note = try? readInSnapshotLayout(&reader, in: file, tagSets: tagSets)
        if case .none = note { reader.position = start }  // not `== nil`: that compares notes, copying them
        return note
    }

    /// `readSnapshotNote`, throwing where the bytes are not a note, and nil where they are
    /// in another layout (the reader's position is then anywhere in the note).
    private func readInSnapshotLayout(_ reader: inout JSONReader, in file: SnapshotFile?,
                                      tagSets: TagSetCache?) throws(JSONError) -> Note? {
        guard Self.match("{\n      \"id\": ", &reader) else { return nil }
        let id = try Self.readUUID(&reader)
        guard Self.match(",\n      \"title\": ", &reader) else { return nil }
        let title = try reader.readString()
        guard Self.match(",\n      \"body\": ", &reader) else { return nil }
        let body: NoteBody = if let file {
            file.checksBodiesLazily
                ? .inSnapshot(SnapshotString(file: file, raw: try reader.skipStringUnchecked(), checked: false))
                : .inSnapshot(SnapshotString(file: file, raw: try reader.scanString()))
        } else {
            .text(try reader.readString())
        }
        guard Self.match(",\n      \"created\": ", &reader) else { return nil }
        let created = try Self.readDate(&reader)
        guard Self.match(",\n      \"updated\": ", &reader) else { return nil }
        let updated = try Self.readDate(&reader)
        guard Self.match(",\n      \"category\": ", &reader) else { return nil }
        let categoryID = try reader.readNull() ? nil : try Self.readUUID(&reader)
        guard Self.match(",\n      \"tags\": ", &reader) else { return nil }
        let tags = if let tagSets { try tagSets.readTags(&reader) } else { try Self.readTags(&reader) }
        guard Self.match(",\n      \"kind\": ", &reader) else { return nil }
        let kind = try Self.readKind(&reader)
        guard Self.match(",\n      \"attachments\": ", &reader) else { return nil }
        let attachments = try Self.readAttachments(&reader)
        guard Self.match(",\n      \"deleted\": ", &reader) else { return nil }
        let deleted = try Self.readOptionalDate(&reader)
        let pinned = Self.match(",\n      \"pinned\": true", &reader)
        guard Self.match("\n    }", &reader) else { return nil }
        // `take()` moves the note out: returning the variable copied it (every field
        // retained) and then destroyed the original, a tenth of reading a note.
        var note: Note? = Note(id: id, title: title, created: created, updated: updated, categoryID: categoryID,
                               tags: tags, kind: kind, attachments: attachments, deleted: deleted, pinned: pinned)
        note?.bodyStorage = body
        return note.take()
    }

    /// A note's `kind`, in any layout.
    static func readKind(_ reader: inout JSONReader) throws(JSONError) -> NoteKind {
        reader.skipWhitespace()
        let start = reader.position
        let raw: Int
        let bytes = reader.bytes
        // Every kind the store writes is one digit followed by what ends a number: read
        // as such (280 instructions through `readInteger`); anything else as before.
        if start + 1 < bytes.count, bytes[start] &- 0x30 < 10, bytes[start + 1] &- 0x30 >= 10,
           bytes[start + 1] != UInt8(ascii: "."), bytes[start + 1] | 0x20 != UInt8(ascii: "e") {
            reader.position = start + 1
            raw = Int(bytes[start] &- 0x30)
        } else {
            raw = try reader.readInteger(in: 0...Int(Int16.max))
        }
        guard let value = NoteKind(rawValue: raw) else { throw reader.error("\(raw) is not a known note kind", at: start) }
        return value
    }

    /// Consumes `expected` (what comes before a value, or after the last one) if the
    /// bytes at the reader's position are exactly it. A `StaticString`: no reference
    /// counting on the hot path, which both reading threads share. Compared eight bytes
    /// at a time, the last eight overlapping the ones before (every run here is at least
    /// six bytes, most 12 to 27): a call to `memcmp` for each, ten a note, cost more than
    /// the comparison itself.
    @inline(__always)
    private static func match(_ expected: StaticString, _ reader: inout JSONReader) -> Bool {
        let count = expected.utf8CodeUnitCount
        let end = reader.position + count
        guard end <= reader.bytes.count, let base = reader.bytes.baseAddress else { return false }
        let have = UnsafeRawPointer(base + reader.position), want = UnsafeRawPointer(expected.utf8Start)
        if count >= 8 {
            var offset = 0
            while offset < count - 8 {
                guard have.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    == want.loadUnaligned(fromByteOffset: offset, as: UInt64.self) else { return false }
                offset += 8
            }
            guard have.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                == want.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) else { return false }
        } else {
            for offset in 0..<count where have.load(fromByteOffset: offset, as: UInt8.self)
                != want.load(fromByteOffset: offset, as: UInt8.self) { return false }
        }
        reader.position = end
        return true
    }
}
