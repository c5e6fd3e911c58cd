import Foundation

/// What search looks through for one note, folded (`SearchFolding`): the title, the
/// body, each tag and the category name, each field behind a separator byte that
/// folded text never holds. So a word never matches across two fields, and `#tag` /
/// `@category` are plain byte patterns that start with their field's marker, and so is
/// the kind (`kind:journal`), one digit, its raw value:
///
///     title 0x0A body (0x0A alias)* (0x01 tag)* 0x03 kind (0x02 category)?
///
/// Aliases are searched as text is, each on a line of its own after the body: a note is
/// found by a name it answers to, and no pattern spans the line break.
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
    /// Comes before the kind's digit.
    public static let kindMarker: UInt8 = 0x03

    /// The pattern of `kind:name`: the kind whose name starts with `name` (folded); any
    /// kind when empty; a pattern no text holds when no kind's name does.
    public static func kindPattern(_ name: String) -> [UInt8] {
        let folded = SearchFolding.fold(name)
        guard !folded.isEmpty else { return [kindMarker] }
        guard let kind = NoteKind.allCases.first(where: { Array($0.name.utf8).starts(with: folded) }) else {
            return [kindMarker, 0xFF]  // never in UTF-8 text
        }
        return [kindMarker, kindDigit(kind)]
    }

    /// The byte after `kindMarker`: the kind's raw value as an ASCII digit.
    static func kindDigit(_ kind: NoteKind) -> UInt8 {
        UInt8(ascii: "0") + UInt8(truncatingIfNeeded: kind.rawValue)
    }

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
        for alias in note.aliases {
            bytes.append(bodyMarker)
            folder.append(alias, to: &bytes)
        }
        for tag in note.tags {
            bytes.append(tagMarker)
            folder.append(tag, to: &bytes)
        }
        bytes.append(kindMarker)
        bytes.append(kindDigit(note.kind))
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
