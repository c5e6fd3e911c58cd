import Foundation

/// One link found in a note's body (see `LinkScanner`): what it points at, how it is
/// written, and where it is in the body's UTF-8 bytes.
public struct NoteLink: Hashable, Sendable {
    /// How the link is written.
    public enum Form: Hashable, Sendable {
        /// `[[Title]]`, `[[Title|text]]`, `[[Title#Heading]]`.
        case wiki
        /// `![[file]]`, `![[Note]]` (a note's text embedded), or a Markdown image `![alt](path)`.
        case embed
        /// `[text](destination)`.
        case markdown
    }

    public var form: Form
    public var target: LinkTarget
    /// The heading after `#`, if any (`[[Title#Heading]]`, `[x](Other.md#Heading)`).
    public var heading: String?
    /// The text shown for it: the label after `|`, the Markdown link text, else the target.
    public var label: String
    /// The bytes of the whole link in the body, `[[` or `[` to the last `]` or `)`.
    public var range: Range<Int>
    /// The bytes naming a note's title (or the file stem of a link to a note's file), which a
    /// rename rewrites; empty for other targets.
    public var titleRange: Range<Int>

    public init(form: Form, target: LinkTarget, heading: String?, label: String,
                range: Range<Int>, titleRange: Range<Int>) {
        self.form = form
        self.target = target
        self.heading = heading
        self.label = label
        self.range = range
        self.titleRange = titleRange
    }

    /// The same link with its ranges moved by `offset` bytes.
    public func shifted(by offset: Int) -> NoteLink {
        var link = self
        link.range = (range.lowerBound + offset)..<(range.upperBound + offset)
        link.titleRange = (titleRange.lowerBound + offset)..<(titleRange.upperBound + offset)
        return link
    }
}

/// What a link points at.
public enum LinkTarget: Hashable, Sendable {
    /// A note by title (a wiki link, or the stem of a link to `Title.md`), as written.
    case title(String)
    /// A note by id (`notes://<UUID>`).
    case noteID(UUID)
    /// A web address or any other URL with a scheme (`https:`, `mailto:`): external.
    case url(String)
    /// A file that is not a note (an embed, an image, an attachment path), percent-decoded.
    case file(String)
    /// A heading or block of the note the link is written in (`[[#Heading]]`, `[[#^block]]`,
    /// `[text](#heading)`); the link's `heading` names it.
    case thisNote

    /// Whether the link points at a note by title or id: one that can be dead, or renamed.
    /// A link within its own note is not.
    public var isNote: Bool {
        switch self {
        case .title, .noteID: true
        case .url, .file, .thisNote: false
        }
    }

    /// The target as a user reads it in messages and listings.
    public var text: String {
        switch self {
        case .title(let title): title
        case .noteID(let id): LinkSyntax.noteScheme + id.uuidString
        case .url(let url): url
        case .file(let path): path
        case .thisNote: ""  // written with only its `#heading`
        }
    }
}
