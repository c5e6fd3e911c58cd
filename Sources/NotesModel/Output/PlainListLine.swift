import Foundation

/// `notes list`'s plain line of a note (`PlainOutput.listLines`), written as UTF-8 at the
/// end of a buffer: the columns (the category names padded to one width, the id prefix
/// length) are fixed when it is made, so a listing makes no string a note.
public struct PlainListLine: Sendable {
    private let output: PlainOutput
    private let paddedNames: [UUID?: [UInt8]]
    private let idLength: Int

    /// The line of a list whose notes are in `categories` (nil for no category) and whose
    /// store's ids `idLength` characters tell apart.
    public init(_ output: PlainOutput, categories: Set<UUID?>, in database: NotesDatabase, idLength: Int) {
        var names: [UUID?: String] = [:]
        for category in categories {
            names[category] = category.flatMap { database.categories[$0]?.name } ?? "-"
        }
        let width = names.values.map(output.columns).max() ?? 1
        paddedNames = names.mapValues { Array(($0 + String(repeating: " ", count: max(0, width - output.columns($0)))).utf8) }
        self.output = output
        self.idLength = idLength
    }

    /// Writes the line of `note`, without its line break; the kind's letter and a pin's
    /// `*` go before the title, as in the app's list:
    ///
    ///     3F2504E0  2024-05-01 14:03  work      Buy milk  #errand #home
    ///     99A2ED51  2024-04-30 09:12  journal   J * 2024-04-30
    @inline(__always)  // in the listing's loop the note is read in place, not copied
    public func append(_ note: Note, to bytes: inout [UInt8]) {
        UUIDBits.appendUppercasePrefix(of: note.id, length: idLength, to: &bytes)
        bytes.append(contentsOf: Self.gap)
        output.appendShortDate(note.updated, to: &bytes)
        bytes.append(contentsOf: Self.gap)
        if let name = paddedNames[note.categoryID] { bytes.append(contentsOf: name) } else { bytes.append(UInt8(ascii: "-")) }
        bytes.append(contentsOf: Self.gap)
        if let letter = note.kind.letter?.asciiValue { bytes.append(contentsOf: [letter, 0x20]) }
        if note.pinned { bytes.append(contentsOf: Self.pin) }
        PlainOutput.appendSingleLine(note.title, to: &bytes)
        guard !note.tags.isEmpty else { return }
        bytes.append(contentsOf: Self.gap)
        if note.tags.count == 1, let tag = note.tags.first {
            bytes.append(UInt8(ascii: "#"))
            bytes.append(contentsOf: tag.utf8)
            return
        }
        for (index, tag) in note.tags.sorted().enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: " ")) }
            bytes.append(UInt8(ascii: "#"))
            bytes.append(contentsOf: tag.utf8)
        }
    }

    /// Writes the lines of the notes at `positions` in `database.notes`, each followed by a
    /// line break, reading each note in place.
    public func append(_ positions: ArraySlice<NotePosition>, of database: NotesDatabase, to bytes: inout [UInt8]) {
        let notes = database.notes.values
        for position in positions {
            append(notes[position], to: &bytes)
            bytes.append(0x0A)
        }
    }

    private static let gap: [UInt8] = [0x20, 0x20]
    private static let pin: [UInt8] = [UInt8(ascii: "*"), 0x20]
}

extension PlainListLine {
    /// The line of the notes at `positions` in `database.notes`, with the id prefix length
    /// that tells the whole store's notes apart.
    public init(_ output: PlainOutput, listing positions: [NotePosition], in database: NotesDatabase) {
        var categories = Set<UUID?>()
        let notes = database.notes.values
        for position in positions { categories.insert(notes[position].categoryID) }
        self.init(output, categories: categories, in: database, idLength: PlainOutput.uniquePrefixLength(in: database))
    }
}
