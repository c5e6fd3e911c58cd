import Foundation

/// `notes list`'s plain line of a note (`PlainOutput.listLines`), written as UTF-8 at the
/// end of a buffer: the columns (the category names padded to one width, the id prefix
/// length) are fixed when it is made, so a listing makes no string a note.
public struct PlainListLine: Sendable {
    private let output: PlainOutput
    /// The padded category names, found by a category's id (`CategoryNames`).
    private let paddedNames: CategoryNames
    private let idLength: Int

    /// The line of a list whose notes are in `categories` (nil for no category) and whose
    /// store's ids `idLength` characters tell apart.
    public init(_ output: PlainOutput, categories: Set<UUID?>, in database: NotesDatabase, idLength: Int) {
        var names: [UUID?: String] = [:]
        for category in categories {
            names[category] = category.flatMap { database.categories[$0]?.name } ?? "-"
        }
        let width = names.values.map(output.columns).max() ?? 1
        paddedNames = CategoryNames(names.mapValues {
            Array(($0 + String(repeating: " ", count: max(0, width - output.columns($0)))).utf8)
        })
        self.output = output
        self.idLength = idLength
    }

    /// Writes the line of `note`, without its line break; the kind's letter and a pin's
    /// `*` go before the title, as in the app's list:
    ///
    ///     3F2504E0  2024-05-01 14:03  work      Buy milk  #errand #home
    ///     99A2ED51  2024-04-30 09:12  journal   J * 2024-04-30
    @inline(__always)
    public func append(_ note: Note, to bytes: inout [UInt8]) {
        append(id: note.id, updated: note.updated, categoryID: note.categoryID, kind: note.kind, pinned: note.pinned,
               title: note.title, tags: note.tags, to: &bytes)
    }

    /// Writes the lines of the notes at `positions` in `database.notes`, each followed by a
    /// line break. Each note is read once (a copy: the dictionary's values are not lent;
    /// reading its fields one by one copied it once a field).
    public func append(_ positions: ArraySlice<NotePosition>, of database: NotesDatabase, to bytes: inout [UInt8]) {
        let notes = database.notes.values
        for position in positions {
            append(notes[position], to: &bytes)
            bytes.append(0x0A)
        }
    }

    @inline(__always)
    private func append(id: UUID, updated: Date, categoryID: UUID?, kind: NoteKind, pinned: Bool, title: String,
                        tags: Set<String>, to bytes: inout [UInt8]) {
        UUIDBits.appendUppercasePrefix(of: id, length: idLength, to: &bytes)
        bytes.append(contentsOf: Self.gap)
        output.appendShortDate(updated, to: &bytes)
        bytes.append(contentsOf: Self.gap)
        if let name = paddedNames[categoryID] { bytes.append(contentsOf: name) } else { bytes.append(UInt8(ascii: "-")) }
        bytes.append(contentsOf: Self.gap)
        if kind != .note, let letter = kind.letter?.asciiValue {
            bytes.append(letter)
            bytes.append(0x20)
        }
        if pinned { bytes.append(contentsOf: Self.pin) }
        PlainOutput.appendSingleLine(title, to: &bytes)
        guard !tags.isEmpty else { return }
        bytes.append(contentsOf: Self.gap)
        Self.appendTags(tags, to: &bytes)
    }

    /// `#a #b`, sorted.
    @inline(__always)
    private static func appendTags(_ tags: Set<String>, to bytes: inout [UInt8]) {
        if tags.count == 1, let tag = tags.first {
            bytes.append(UInt8(ascii: "#"))
            bytes.append(contentsOf: tag.utf8)
            return
        }
        if tags.count == 2 {  // in order without making a sorted array
            let first = tags.startIndex, second = tags.index(after: first)
            let (a, b) = tags[first] < tags[second] ? (first, second) : (second, first)
            bytes.append(UInt8(ascii: "#"))
            bytes.append(contentsOf: tags[a].utf8)
            bytes.append(contentsOf: spaceHash)
            bytes.append(contentsOf: tags[b].utf8)
            return
        }
        for (index, tag) in tags.sorted().enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: " ")) }
            bytes.append(UInt8(ascii: "#"))
            bytes.append(contentsOf: tag.utf8)
        }
    }

    private static let gap: [UInt8] = [0x20, 0x20]
    private static let spaceHash: [UInt8] = [0x20, UInt8(ascii: "#")]
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

/// A line's padded category names by category id, in a table found by the id's first
/// 8 bytes (random in a UUID): hashing the id (SipHash, a dictionary's) for every line
/// cost more than writing the name.
private struct CategoryNames: Sendable {
    private let none: [UInt8]?
    private let slots: [(id: UUID, name: [UInt8])?]
    private let mask: Int

    init(_ names: [UUID?: [UInt8]]) {
        none = names[UUID?.none]
        var count = 4
        while count < names.count * 4 { count *= 2 }
        var slots = [(id: UUID, name: [UInt8])?](repeating: nil, count: count)
        for case let (id?, name) in names {
            var index = Self.start(id) & (count - 1)
            while slots[index] != nil { index = (index + 1) & (count - 1) }
            slots[index] = (id, name)
        }
        self.slots = slots
        mask = count - 1
    }

    subscript(id: UUID?) -> [UInt8]? {
        guard let id else { return none }
        var index = Self.start(id) & mask
        while let slot = slots[index] {
            if slot.id == id { return slot.name }
            index = (index + 1) & mask
        }
        return nil
    }

    private static func start(_ id: UUID) -> Int {
        withUnsafeBytes(of: id.uuid) { Int(truncatingIfNeeded: $0.loadUnaligned(as: UInt64.self)) }
    }
}
