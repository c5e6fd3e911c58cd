import Foundation
import NotesColor

/// One field's change: the value the user started from and the one they chose. `from`
/// tells a change made elsewhere meanwhile (the store no longer holds it) from none.
public struct FieldChange<Value: Equatable & Sendable>: Equatable, Sendable {
    public var from: Value
    public var to: Value

    public init(from: Value, to: Value) {
        self.from = from
        self.to = to
    }
}

/// What the user changed in one note: only the fields they touched, each with the value
/// they started from. It is resolved against the store as it is under the lock
/// (`StoreEdit.resolve`), so a change made elsewhere to a field not in it is never erased.
/// Tags are what was added and removed, so that tag changes merge as sets.
public struct NoteEdit: Equatable, Sendable {
    public let noteID: UUID
    public var title: FieldChange<String>?
    /// The body's change, held as the note holds it (a long body is not decoded to compare).
    package var body: BodyChange?
    public var category: FieldChange<UUID?>?
    public var addedTags: Set<String> = []
    public var removedTags: Set<String> = []
    public var kind: FieldChange<NoteKind>?
    public var pinned: FieldChange<Bool>?
    /// The aliases as a whole list (their order is the user's).
    public var aliases: FieldChange<[String]>?
    /// The id a conflict copy gets when the body was changed elsewhere too.
    public var conflictCopyID: UUID
    /// The whole note as the user saw it when the edit began, kept by the editor only:
    /// a note deleted meanwhile comes back from it (with the edit), and the outcome names
    /// the fields changed elsewhere meanwhile. Its fields never overwrite the store's.
    public var seen: Note?

    /// The body before and after, compared byte for byte.
    package struct BodyChange: Equatable, Sendable {
        package var from: NoteBody
        package var to: NoteBody

        package init(from: NoteBody, to: NoteBody) {
            self.from = from
            self.to = to
        }

        package static func == (left: BodyChange, right: BodyChange) -> Bool {
            left.from.hasSameBytes(as: right.from) && left.to.hasSameBytes(as: right.to)
        }
    }

    /// An edit that changes nothing yet; set the fields that change.
    public init(noteID: UUID, conflictCopyID: UUID = UUID()) {
        self.noteID = noteID
        self.conflictCopyID = conflictCopyID
    }

    /// The fields in which `edited` differs from `base` (the note as the user saw it).
    /// - Parameter keepingSeen: keep `base` whole, to bring the note back if it is deleted
    ///   meanwhile (the editor, which holds the whole text the user typed).
    public init(from base: Note, to edited: Note, keepingSeen: Bool = false, conflictCopyID: UUID = UUID()) {
        self.init(noteID: base.id, conflictCopyID: conflictCopyID)
        for field in NoteField.changed(from: base, to: edited) {
            switch field {
            case .title: title = FieldChange(from: base.title, to: edited.title)
            case .body: body = BodyChange(from: base.bodyStorage, to: edited.bodyStorage)
            case .category: category = FieldChange(from: base.categoryID, to: edited.categoryID)
            case .tags:
                addedTags = edited.tags.subtracting(base.tags)
                removedTags = base.tags.subtracting(edited.tags)
            case .kind: kind = FieldChange(from: base.kind, to: edited.kind)
            case .pinned: pinned = FieldChange(from: base.pinned, to: edited.pinned)
            case .aliases: aliases = FieldChange(from: base.aliases, to: edited.aliases)
            }
        }
        if keepingSeen { seen = base }
    }

    /// Sets the body from `from` to `to`.
    public mutating func setBody(from: String, to: String) {
        body = BodyChange(from: .text(from), to: .text(to))
    }

    /// The body this edit sets, if it sets one.
    public var newBody: String? { body?.to.text }

    /// The fields this edit changes, in `NoteField.allCases` order.
    public var fields: [NoteField] {
        NoteField.allCases.filter { field in
            switch field {
            case .title: title != nil
            case .body: body != nil
            case .category: category != nil
            case .tags: !addedTags.isEmpty || !removedTags.isEmpty
            case .kind: kind != nil
            case .pinned: pinned != nil
            case .aliases: aliases != nil
            }
        }
    }

    /// Whether the edit changes nothing.
    public var isEmpty: Bool { fields.isEmpty }

    /// `note` with this edit's values put in (tags added and removed).
    public func applied(to note: Note) -> Note {
        var result = note
        for field in fields {
            switch field {
            case .title: if let title { result.title = title.to }
            case .body: if let body { result.bodyStorage = body.to }
            case .category: if let category { result.categoryID = category.to }
            case .tags: result.tags = result.tags.union(addedTags).subtracting(removedTags)
            case .kind: if let kind { result.kind = kind.to }
            case .pinned: if let pinned { result.pinned = pinned.to }
            case .aliases: if let aliases { result.aliases = aliases.to }
            }
        }
        return result
    }
}

/// What the user changed in one category: its name, its color, or both.
public struct CategoryEdit: Equatable, Sendable {
    public let categoryID: UUID
    public var name: FieldChange<String>?
    public var color: FieldChange<SerializableColor>?

    public init(categoryID: UUID, name: FieldChange<String>? = nil, color: FieldChange<SerializableColor>? = nil) {
        self.categoryID = categoryID
        self.name = name
        self.color = color
    }

    /// The fields in which `edited` differs from `base` (the category as the user saw it).
    public init(from base: Category, to edited: Category) {
        self.init(categoryID: base.id)
        for field in CategoryField.changed(from: base, to: edited) {
            switch field {
            case .name: name = FieldChange(from: base.name, to: edited.name)
            case .color: color = FieldChange(from: base.color, to: edited.color)
            }
        }
    }

    public var fields: [CategoryField] {
        CategoryField.allCases.filter { field in
            switch field {
            case .name: name != nil
            case .color: color != nil
            }
        }
    }

    public var isEmpty: Bool { fields.isEmpty }
}
