import Foundation
import NotesBase

/// The id of an imported note whose file does not carry one: the same for the same source,
/// so importing the same files again adds nothing.
///
/// It is the 128-bit FNV-1a hash of `notes-import-1`, the file's path relative to what
/// was imported (a folder's own name left out), a zero byte, then the note's source text
/// (the whole file, or one jrnl entry), shaped as a UUID of version 8 (RFC 9562, custom).
/// A changed file is a new note; the same file in another place of the folder is too.
/// Not a cryptographic hash: nothing depends on ids being hard to guess.
public enum StableNoteID {
    public static func make(relativePath: String, source: some Sequence<UInt8>) -> UUID {
        var hash = ContentHash()
        hash.add("notes-import-1\u{0}".utf8)
        hash.add(relativePath.utf8)
        hash.add(CollectionOfOne(0))
        hash.add(source)
        var bytes = hash.bytes
        bytes[6] = (bytes[6] & 0x0F) | 0x80
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }
}
