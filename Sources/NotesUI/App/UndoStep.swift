import Foundation
import NotesModel

/// One undoable change made in this UI session: every note and category a commit
/// touched, as it was before and after (nil: it did not exist). Undoing puts the
/// "before" values back, redoing the "after" ones, each as one more commit.
///
/// A note or category that existed, live, before and after was edited by field. If nobody
/// changed it since, undo and redo put it back whole (dates included: the list order comes
/// back too); else they are field edits (`edits(_:in:)`), resolved against the store under
/// its lock like every edit, so another process's change to a field the step did not touch
/// stays, and one to a field it did touch is replaced (the status line names it; a body
/// gets a conflict copy). Anything else — created, deleted for good, moved to or out of the
/// trash — is put back whole, so it only applies over what the step left: if another
/// process changed it meanwhile, `conflict(in:direction:)` names it and the step is
/// refused rather than overwriting that change.
public struct UndoStep: Equatable, Sendable {
    /// A value before and after the step.
    struct Values<Value: Equatable & Sendable>: Equatable, Sendable {
        var before: Value?
        var after: Value?
    }

    /// Which way a step is applied.
    public enum Direction: Sendable {
        case undo, redo
    }

    /// What the step did, for the status line: `move "Plan" to the trash`.
    public let summary: String
    var notes: [UUID: Values<Note>]
    var categories: [UUID: Values<Category>]

    /// Whether the step changed anything it can take back (recent colors are not undone).
    var isEmpty: Bool { notes.isEmpty && categories.isEmpty }

    /// The ids of the notes and categories `changes` can touch, in `database` (the state before).
    /// A category delete touches every note in it, live or in the trash.
    static func touchedIDs(of changes: [StoreChange], in database: NotesDatabase) -> (notes: Set<UUID>, categories: Set<UUID>) {
        var notes = Set<UUID>(), categories = Set<UUID>()
        for change in changes {
            switch change {
            case .putNote(let note): notes.insert(note.id)
            case .deleteNote(let id), .trashNote(let id, _), .restoreNote(let id): notes.insert(id)
            case .putCategory(let category):
                categories.insert(category.id)
                if category.deleted != nil { notes.formUnion(noteIDs(in: category.id, of: database)) }
            case .deleteCategory(let id), .trashCategory(let id, _):
                categories.insert(id)
                notes.formUnion(noteIDs(in: id, of: database))
            case .setRecentColors, .putImportSource, .dropImportSource: break
            }
        }
        return (notes, categories)
    }

    private static func noteIDs(in categoryID: UUID, of database: NotesDatabase) -> [UUID] {
        database.notes.values.filter { $0.categoryID == categoryID }.map(\.id)
            + database.trash.values.filter { $0.categoryID == categoryID }.map(\.id)
    }

    /// The "before" half of a step: the touched values as they are now, before the commit.
    static func before(_ changes: [StoreChange], in database: NotesDatabase) -> UndoStep {
        let ids = touchedIDs(of: changes, in: database)
        return UndoStep(
            summary: summarize(changes, in: database),
            notes: Dictionary(uniqueKeysWithValues: ids.notes.map { ($0, Values(before: database.anyNote($0))) }),
            categories: Dictionary(uniqueKeysWithValues: ids.categories.map { ($0, Values(before: database.anyCategory($0))) }))
    }

    /// The step completed with the values in `database` (the state after the commit);
    /// values the commit left as they were are dropped.
    func completed(in database: NotesDatabase) -> UndoStep {
        var step = self
        for (id, values) in notes {
            let after = database.anyNote(id)
            step.notes[id] = after == values.before ? nil : Values(before: values.before, after: after)
        }
        for (id, values) in categories {
            let after = database.anyCategory(id)
            step.categories[id] = after == values.before ? nil : Values(before: values.before, after: after)
        }
        return step
    }

    /// Whether a value was edited by field: it existed, live, before and after.
    static func isFieldEdit<Value>(_ values: Values<Value>, deleted: (Value) -> Date?) -> Bool {
        guard let before = values.before, let after = values.after else { return false }
        return deleted(before) == nil && deleted(after) == nil
    }

    /// The first note or category put back whole (not a field edit) that is no longer as
    /// the step left it (for an undo, the "after" values; for a redo, the "before" ones):
    /// a change made meanwhile, described for the status line. Nil if the step can be applied.
    public func conflict(in database: NotesDatabase, direction: Direction) -> String? {
        for (id, values) in notes.sorted(by: { $0.key.uuidString < $1.key.uuidString })
        where !Self.isFieldEdit(values, deleted: \.deleted) {
            let expected = direction == .undo ? values.after : values.before
            if database.anyNote(id) != expected {
                return "note \"\((expected ?? values.before ?? values.after)?.title ?? id.uuidString)\""
            }
        }
        for (id, values) in categories.sorted(by: { $0.key.uuidString < $1.key.uuidString })
        where !Self.isFieldEdit(values, deleted: \.deleted) {
            let expected = direction == .undo ? values.after : values.before
            if database.anyCategory(id) != expected {
                return "category \((expected ?? values.before ?? values.after)?.name ?? id.uuidString)"
            }
        }
        return nil
    }

    /// The edits that set every touched value to its "before" (undo) or "after" (redo)
    /// value in `database` (the store's caught-up contents): first the categories put back
    /// whole that exist there, live or deleted (so notes, live or trashed, can go back into
    /// them), then the categories' field edits, then the notes, then the categories that
    /// are gone. A value edited by field that nobody changed since is put back whole.
    public func edits(_ direction: Direction, in database: NotesDatabase) -> [StoreEdit] {
        func source<Value>(_ values: Values<Value>) -> Value? { direction == .undo ? values.after : values.before }
        func target<Value>(_ values: Values<Value>) -> Value? { direction == .undo ? values.before : values.after }
        var first: [StoreEdit] = [], fields: [StoreEdit] = [], middle: [StoreEdit] = [], last: [StoreEdit] = []
        for id in categories.keys.sorted(by: { $0.uuidString < $1.uuidString }) {
            guard let values = categories[id] else { continue }
            if Self.isFieldEdit(values, deleted: \.deleted), let from = source(values), let to = target(values) {
                fields.append(database.anyCategory(id) == from ? .change(.putCategory(to)) : .category(CategoryEdit(from: from, to: to)))
            } else if let category = target(values) {
                first.append(.change(.putCategory(category)))
            } else {
                last.append(.change(.deleteCategory(id)))
            }
        }
        for id in notes.keys.sorted(by: { $0.uuidString < $1.uuidString }) {
            guard let values = notes[id] else { continue }
            if Self.isFieldEdit(values, deleted: \.deleted), let from = source(values), let to = target(values) {
                middle.append(database.anyNote(id) == from ? .change(.putNote(to)) : .note(NoteEdit(from: from, to: to)))
            } else {
                middle.append(.change(target(values).map { .putNote($0) } ?? .deleteNote(id)))
            }
        }
        return first + fields + middle + last
    }
}
