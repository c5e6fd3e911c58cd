import Foundation
import NotesColor

/// What the user asked to change, before it meets the store: field edits of notes and
/// categories are resolved against the store's contents as they are under the lock
/// (`resolve(_:in:now:)`, through `NotesRepository.commit(derivedFrom:)`); a change that
/// is not a field edit (a new note, trash, restore, delete) is committed as it is.
public enum StoreEdit: Equatable, Sendable {
    case note(NoteEdit)
    case category(CategoryEdit)
    /// A color just picked: put first in the picker's recent colors as they are then.
    case pickedColor(RGB8)
    /// A change that is not a field edit, committed as it is.
    case change(StoreChange)
    /// Note edits computed from the store as it is under the lock (the link rewrites of a
    /// rename), so that each starts from the body as it is then.
    case derived(DerivedEdits)
}

/// Note edits that depend on the store's caught-up contents: `derive` is called under the
/// lock with those contents (not with what earlier edits of the same commit made of them).
/// Equal by identity.
public struct DerivedEdits: Equatable, Sendable {
    public let id: UUID
    let derive: @Sendable (NotesDatabase) -> [NoteEdit]

    public init(_ derive: @escaping @Sendable (NotesDatabase) -> [NoteEdit]) {
        id = UUID()
        self.derive = derive
    }

    /// The edits on `database`.
    public func edits(in database: NotesDatabase) -> [NoteEdit] { derive(database) }

    public static func == (left: DerivedEdits, right: DerivedEdits) -> Bool { left.id == right.id }
}

/// The changes a list of edits comes to, and what each note or category edit met.
public struct EditResolution: Equatable, Sendable {
    public var changes: [StoreChange] = []
    /// One for each note and category edit, in order.
    public var outcomes: [EditOutcome] = []

    public init() {}

    /// Every value set elsewhere that the edits replaced.
    public var replaced: [ReplacedValue] { outcomes.flatMap(\.replaced) }
}

/// What one field edit met in the store (PRODUCT §5.1).
public struct EditOutcome: Equatable, Sendable {
    public enum Subject: Equatable, Sendable {
        case note(UUID)
        case category(UUID)
    }

    public let subject: Subject
    /// The note was deleted meanwhile and the edit brought it back (editor edits only).
    public var broughtBack = false
    /// Fields of the note changed elsewhere meanwhile, kept with the edit (known only
    /// for an edit that kept the note it began from: `NoteEdit.seen`).
    public var changedElsewhere: [NoteField] = []
    /// Single fields changed both here and elsewhere: this edit's value was kept (it is
    /// the later one), these are the values it replaced.
    public var replaced: [ReplacedValue] = []
    /// The body was changed here and elsewhere: the other version is kept as this note.
    public var conflictCopy: ConflictCopy?

    public init(subject: Subject) {
        self.subject = subject
    }

    /// The note another version was kept as.
    public struct ConflictCopy: Equatable, Sendable {
        public let id: UUID
        public let title: String
    }
}

/// A value set elsewhere that an edit replaced, as the user would name it.
public struct ReplacedValue: Equatable, Sendable, CustomStringConvertible {
    public enum Field: Equatable, Sendable {
        case note(NoteField)
        case category(CategoryField)
    }

    public let field: Field
    /// The replaced value as shown: a title or a name in quotes, a category's name, a kind, a hex color.
    public let value: String

    /// `"Old title"`, `category Work`, `no category`, `kind journal`, `name "Work"`, `color #FF0000`.
    public var description: String {
        switch field {
        case .note(.title): "\"\(value)\""
        case .note(.category): value.isEmpty ? "no category" : "category \(value)"
        case .note(let field): "\(field.rawValue) \(value)"
        case .category(.name): "name \"\(value)\""
        case .category(.color): "color \(value)"
        }
    }

    /// The words the status line and the CLI add after what was done:
    /// `replaced "X" set elsewhere`. Empty when nothing was replaced.
    public static func note(_ values: [ReplacedValue]) -> String {
        values.isEmpty ? "" : "replaced " + values.map(\.description).joined(separator: ", ") + " set elsewhere"
    }
}

/// Why an edit could not be resolved: what it changes is gone. Nothing is written.
public enum EditError: Error, Equatable, CustomStringConvertible {
    case noteInTrash(title: String)
    case noteDeleted(title: String)
    case categoryDeleted(name: String)

    public var description: String {
        switch self {
        case .noteInTrash(let title):
            "\"\(title)\" was moved to the trash elsewhere meanwhile; nothing was changed (restore it from the trash first)"
        case .noteDeleted(let title): "\"\(title)\" was deleted elsewhere meanwhile; nothing was changed"
        case .categoryDeleted(let name): "category \(name) was deleted elsewhere meanwhile; nothing was changed"
        }
    }
}
