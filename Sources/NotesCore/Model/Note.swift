import Foundation

/// A note: a title and a plain-text/Markdown body, optionally in a category, with tags.
///
/// A plain value. How it is written to disk lives in the store's codec, not here.
public struct Note: Equatable, Identifiable, Sendable {
    public var id: UUID
    public var title: String
    public var body: String
    public var created: Date
    public var updated: Date
    /// The category this note belongs to, if any.
    public var categoryID: UUID?
    /// Tag names, normalized by `Tag.normalize`.
    public var tags: Set<String>
    public var kind: NoteKind
    /// Attached files, as paths relative to the store's folder.
    public var attachments: [AttachmentPath]

    public init(
        id: UUID = UUID(), title: String, body: String = "",
        created: Date = Date(), updated: Date? = nil,
        categoryID: UUID? = nil, tags: Set<String> = [], kind: NoteKind = .note,
        attachments: [AttachmentPath] = []
    ) {
        self.id = id
        self.title = title
        self.body = body
        self.created = created
        self.updated = updated ?? created
        self.categoryID = categoryID
        self.tags = tags
        self.kind = kind
        self.attachments = attachments
    }

    /// Tags in display order (case-insensitive alphabetical).
    public var sortedTags: [String] {
        tags.sorted { $0.localizedLowercase < $1.localizedLowercase || ($0.localizedLowercase == $1.localizedLowercase && $0 < $1) }
    }
}
