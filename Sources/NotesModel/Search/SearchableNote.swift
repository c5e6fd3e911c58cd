import Foundation

/// What search looks through for one note, folded (`SearchFolding`): the title, the
/// body, each tag and the category name, each field behind a separator byte that
/// folded text never holds. So a word never matches across two fields, and `#tag` /
/// `@category` are plain byte patterns that start with their field's marker:
///
///     title 0x0A body (0x01 tag)* (0x02 category)?
///
/// The UI's index keeps this text for every note (ended by 0x00); `notes list --search`
/// builds it per note into a scratch buffer. Both then ask `SearchQuery.isFound(in:)`.
public enum SearchableNote {
    /// Separates the title from the body.
    public static let bodyMarker: UInt8 = 0x0A
    /// Comes before each tag.
    public static let tagMarker: UInt8 = 0x01
    /// Comes before the category name.
    public static let categoryMarker: UInt8 = 0x02

    /// Appends the searchable text of `note`, whose category is called `categoryName`;
    /// returns where its folded body is in `bytes`. `foldedBody`, when given, appends the
    /// body already folded (the index reuses a long body that did not change).
    @discardableResult
    public static func append(_ note: Note, categoryName: String?, to bytes: inout [UInt8],
                              folder: inout SearchFolder,
                              foldedBody: ((inout [UInt8]) -> Void)? = nil) -> Range<Int> {
        folder.append(note.title, to: &bytes)
        bytes.append(bodyMarker)
        let bodyStart = bytes.count
        if let foldedBody {
            foldedBody(&bytes)
        } else {
            note.withBodyUTF8 { folder.append(utf8: $0, to: &bytes) }
        }
        let body = bodyStart..<bytes.count
        for tag in note.tags {
            bytes.append(tagMarker)
            folder.append(tag, to: &bytes)
        }
        if let categoryName {
            bytes.append(categoryMarker)
            folder.append(categoryName, to: &bytes)
        }
        return body
    }

    /// The searchable text of `note` on its own (for tests and one-off checks).
    public static func text(of note: Note, categoryName: String?) -> [UInt8] {
        var folder = SearchFolder()
        var bytes: [UInt8] = []
        append(note, categoryName: categoryName, to: &bytes, folder: &folder)
        return bytes
    }
}
