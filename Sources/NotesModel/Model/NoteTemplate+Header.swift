import Foundation

/// A template's own front matter: the header of a note as the editor shows it (`title`,
/// `category`, `tags`, `kind`, `pinned`, `aliases`), read when the template is read
/// (by the editor's header reader, `NoteDocument`) and set on each note made from it,
/// its placeholders filled like the body's.
extension NoteTemplate {
    /// What the front matter sets; a nil field is not set. Texts hold their placeholders.
    public struct Header: Sendable, Equatable {
        public var title: String?
        /// `.some(nil)`: no category.
        public var categoryName: String??
        public var tags: [String]?
        public var kind: NoteKind?
        public var pinned: Bool?
        public var aliases: [String]?

        public init(title: String? = nil, categoryName: String?? = nil, tags: [String]? = nil, kind: NoteKind? = nil,
                    pinned: Bool? = nil, aliases: [String]? = nil) {
            self.title = title
            self.categoryName = categoryName
            self.tags = tags
            self.kind = kind
            self.pinned = pinned
            self.aliases = aliases
        }

        /// This header with `fill` applied to every text in it.
        func filled(_ fill: (String) -> String) -> Header {
            Header(title: title.map(fill), categoryName: categoryName.map { $0.map(fill) }, tags: tags?.map(fill),
                   kind: kind, pinned: pinned, aliases: aliases?.map(fill))
        }
    }

    /// `note` with the filled header's fields set, except those in `keeping` (the daily
    /// note keeps its title and kind: it is found by them). A category is looked up by
    /// `categoryID(name)`; a name that has none is a problem, and the note keeps its category.
    public static func apply(_ header: Header, to note: Note, keeping: Set<NoteField> = [], template: String,
                             categoryID: (String) -> UUID?) -> (note: Note, problem: String?) {
        var result = note
        var problem: String?
        for field in NoteField.allCases where !keeping.contains(field) {
            switch field {
            case .title:
                if let title = header.title, !title.trimmingCharacters(in: .whitespaces).isEmpty { result.title = title }
            case .body: break  // the template's body
            case .category:
                guard let name = header.categoryName else { break }
                guard let name else { result.categoryID = nil; break }
                if let id = categoryID(name) {
                    result.categoryID = id
                } else {
                    problem = "template \(template): no category named '\(name)'; the note is made without it"
                }
            case .tags: if let tags = header.tags { result.tags.formUnion(tags.compactMap(Tag.normalize)) }
            case .kind: if let kind = header.kind { result.kind = kind }
            case .pinned: if let pinned = header.pinned { result.pinned = pinned }
            case .aliases: if let aliases = header.aliases { result.aliases = aliases }
            }
        }
        return (result, problem)
    }
}
