import Foundation

/// The fields of a note a user edits, in the order they are shown and reported. Every
/// path that changes a note by field (the UI's keys, undo, `notes set`, the editor)
/// goes through this list, so a new field is a compile error until each handles it.
public enum NoteField: String, CaseIterable, Sendable {
    case title, body, category, tags, kind, pinned, aliases

    /// Whether `left` and `right` hold the same value of this field (bodies byte for byte).
    public func isSame(_ left: Note, _ right: Note) -> Bool {
        switch self {
        case .title: left.title == right.title
        case .body: left.hasSameBody(as: right)
        case .category: left.categoryID == right.categoryID
        case .tags: left.tags == right.tags
        case .kind: left.kind == right.kind
        case .pinned: left.pinned == right.pinned
        case .aliases: left.aliases == right.aliases
        }
    }

    /// The fields in which `new` differs from `old`, in `allCases` order.
    public static func changed(from old: Note, to new: Note) -> [NoteField] {
        allCases.filter { !$0.isSame(old, new) }
    }
}

/// The fields of a category a user edits.
public enum CategoryField: String, CaseIterable, Sendable {
    case name, color

    public func isSame(_ left: Category, _ right: Category) -> Bool {
        switch self {
        case .name: left.name == right.name
        case .color: left.color == right.color
        }
    }

    public static func changed(from old: Category, to new: Category) -> [CategoryField] {
        allCases.filter { !$0.isSame(old, new) }
    }
}
