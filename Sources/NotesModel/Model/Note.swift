import Foundation

/// A note: a title and a plain-text/Markdown body, optionally in a category, with tags.
///
/// A plain value. How it is written to disk lives in the store's codec, not here.
public struct Note: Equatable, Identifiable, Sendable {
    // Stored in this order so that the value packs into 128 bytes (144 with `bodyStorage`
    // after `title`): a store of 1,000,000 notes keeps 2 million of them in its dictionary.
    public var id: UUID
    public var title: String
    public var created: Date
    public var updated: Date
    /// Tag names, normalized by `Tag.normalize`.
    public var tags: Set<String>
    /// Attached files and aliases, behind one reference (see `NoteLists`).
    var lists: NoteLists
    /// Attached files, as paths relative to the store's folder.
    public var attachments: [AttachmentPath] {
        get { lists.attachments }
        set { lists.attachments = newValue }
    }
    /// Other names the note answers to, as Obsidian's `aliases`: a wiki link to one leads
    /// here, but an alias is never the title (see `Note.cleanAliases`). In the user's order.
    public var aliases: [String] {
        get { lists.aliases }
        set { lists.aliases = newValue }
    }
    /// When the note was moved to the trash; nil for a live note. A trashed note is
    /// kept in `NotesDatabase.trash` until the trash is emptied.
    public var deleted: Date?
    /// The category this note belongs to, if any.
    public var categoryID: UUID?
    public var kind: NoteKind
    /// Whether the note is pinned: shown above the others in every list and search.
    /// A `Bool` beside `kind` fits in the padding before `bodyStorage` (a pin date would
    /// cost 16 bytes a note); pinned notes keep the list's own order among themselves.
    public var pinned: Bool
    /// Where the body is held; a store reads bodies lazily from its snapshot.
    package var bodyStorage: NoteBody
    /// The text of the note (plain text or Markdown).
    public var body: String {
        get { bodyStorage.text }
        set { bodyStorage = .text(newValue) }
    }
    /// Why the body cannot be read as notes wrote it (its snapshot was damaged after it was
    /// written), or nil. Such a body reads as a message; whatever copies a note out of the
    /// store (export, sync) refuses the note rather than pass the message on as its body.
    public var bodyDamage: String? { bodyStorage.damage }

    public init(
        id: UUID = UUID(), title: String, body: String = "",
        created: Date = Date(), updated: Date? = nil,
        categoryID: UUID? = nil, tags: Set<String> = [], kind: NoteKind = .note,
        attachments: [AttachmentPath] = [], deleted: Date? = nil, pinned: Bool = false,
        aliases: [String] = []
    ) {
        self.id = id
        self.title = title
        self.bodyStorage = .text(body)
        self.created = created
        self.updated = updated ?? created
        self.categoryID = categoryID
        self.tags = tags
        self.kind = kind
        self.lists = NoteLists(attachments: attachments, aliases: aliases)
        self.deleted = deleted
        self.pinned = pinned
    }

    /// Calls `read` with the body as UTF-8, without building a `String` when the store
    /// still holds it in its file (the search index reads every body so).
    public func withBodyUTF8<Result>(_ read: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        bodyStorage.withUTF8(read)
    }

    /// Calls `read` with the body as it is held (see `BodyBytes`): a reader that shows
    /// only part of a long body (the preview, the read view) decodes only that part.
    public func withBodyBytes<Result>(_ read: (BodyBytes) -> Result) -> Result {
        bodyStorage.withBytes(read)
    }

    /// At least the body's length in UTF-8 bytes (exact unless it is still in the
    /// store's file with escapes), without decoding it: for sizing buffers.
    public var bodyUTF8CountBound: Int { bodyStorage.utf8CountBound }

    /// Copies the body as UTF-8 into `output` (room for `bodyUTF8CountBound` bytes is
    /// enough) without a scratch copy; returns the count, nil when it does not fit.
    package func copyBodyUTF8(into output: UnsafeMutableBufferPointer<UInt8>) -> Int? { bodyStorage.copyUTF8(into: output) }

    /// Whether both bodies hold the same bytes (see `NoteBody.hasSameBytes`).
    public func hasSameBody(as other: Note) -> Bool { bodyStorage.hasSameBytes(as: other.bodyStorage) }

    /// Whether the body is `text`, byte for byte.
    package func hasBody(_ text: String) -> Bool { bodyStorage.hasSameBytes(as: .text(text)) }

    public static func == (left: Note, right: Note) -> Bool {
        left.id == right.id && left.title == right.title && left.created == right.created && left.updated == right.updated
            && left.categoryID == right.categoryID && left.tags == right.tags && left.kind == right.kind && left.pinned == right.pinned
            && left.lists == right.lists && left.deleted == right.deleted && left.bodyStorage == right.bodyStorage
    }

    /// Tags in display order (case-insensitive alphabetical).
    public var sortedTags: [String] {
        guard tags.count > 1 else { return Array(tags) }
        let folded: [(folded: String, tag: String)] = tags.map { ($0.localizedLowercase, $0) }
        let sorted = folded.sorted { (one: (folded: String, tag: String), two: (folded: String, tag: String)) -> Bool in
            one.folded != two.folded ? one.folded < two.folded : one.tag < two.tag
        }
        return sorted.map(\.tag)
    }
}
