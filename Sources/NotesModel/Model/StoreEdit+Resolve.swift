import Foundation

/// The one set of rules by which an edit meets what other processes changed meanwhile
/// (PRODUCT §5.1), for every path: the UI's keys, undo and redo, queued commits,
/// `notes set`, the editor.
///
/// Each edit is put on the note or category as the store holds it now, so fields it does
/// not touch keep whatever they hold. For a field it touches:
/// - nobody else changed it (the store holds `from`), or the same change was made
///   elsewhere: this edit's value;
/// - tags: the added and removed tags, on the current set (sets merge);
/// - title, category, kind, a category's name or color changed elsewhere to something
///   else: this edit's value wins (it is the later one) and the outcome names the value
///   it replaced;
/// - the body changed elsewhere to something else: this edit's body, and the other
///   version kept as a conflict copy (a new note named by `ConflictCopyNaming`).
///
/// A note in the trash or deleted meanwhile is not edited (`EditError`), unless the edit
/// kept the note it began from (`NoteEdit.seen`: the editor): then it comes back, with the
/// edit. A category deleted meanwhile is not edited, and nothing moves into it.
extension StoreEdit {
    public static let conflictTag = ConflictCopyNaming.tag

    /// The changes `edits` come to on `database` (the store's caught-up contents), dated
    /// `now`, and what each met. All or none: an edit that cannot apply throws.
    public static func resolve(_ edits: [StoreEdit], in database: NotesDatabase, now: Date) throws -> EditResolution {
        // Later edits see what earlier ones did, on a small copy (every category, and
        // only the notes the edits name).
        var working = database.validationProxy(for: edits.compactMap {
            if case .change(let change) = $0 { return change }
            if case .note(let edit) = $0, let note = database.anyNote(edit.noteID) { return .putNote(note) }
            return nil
        })
        var resolution = EditResolution()
        for edit in edits {
            let changes: [StoreChange]
            switch edit {
            case .note(let noteEdit):
                let resolved = try resolve(noteEdit, in: working, now: now)
                changes = resolved.changes
                resolution.outcomes.append(resolved.outcome)
            case .category(let categoryEdit):
                let resolved = try resolve(categoryEdit, in: working)
                changes = resolved.changes
                resolution.outcomes.append(resolved.outcome)
            case .pickedColor(let color):
                let recent = [color] + working.recentColors.filter { $0 != color }
                changes = [.setRecentColors(Array(recent.prefix(NotesDatabase.recentColorLimit)))]
            case .change(let change):
                changes = [change]
            case .derived(let derived):
                var derivedChanges: [StoreChange] = []
                // Derived from the whole store; each note joins the small working copy first.
                for noteEdit in derived.edits(in: database) {
                    if working.notes[noteEdit.noteID] == nil, let current = database.notes[noteEdit.noteID] {
                        try working.apply([.putNote(current)])
                    }
                    let resolved = try resolve(noteEdit, in: working, now: now)
                    try working.apply(resolved.changes)
                    derivedChanges += resolved.changes
                    resolution.outcomes.append(resolved.outcome)
                }
                resolution.changes += derivedChanges
                continue
            }
            try working.apply(changes)
            resolution.changes += changes
        }
        return resolution
    }

    /// One note's edit on `database`.
    static func resolve(_ edit: NoteEdit, in database: NotesDatabase, now: Date) throws(EditError)
        -> (changes: [StoreChange], outcome: EditOutcome) {
        var outcome = EditOutcome(subject: .note(edit.noteID))
        guard let current = database.notes[edit.noteID] else {
            let title = database.anyNote(edit.noteID)?.title ?? edit.seen?.title ?? edit.title?.from ?? edit.noteID.uuidString
            guard let seen = edit.seen else {
                throw database.trash[edit.noteID] != nil ? .noteInTrash(title: title) : .noteDeleted(title: title)
            }
            var back = edit.applied(to: seen)
            back.deleted = nil
            back.updated = now
            if let category = back.categoryID, database.categories[category] == nil { back.categoryID = nil }
            outcome.broughtBack = true
            return ([.putNote(back)], outcome)
        }
        if let seen = edit.seen { outcome.changedElsewhere = NoteField.changed(from: seen, to: current) }
        var saved = current
        var copy: Note?
        for field in edit.fields {
            switch field {
            case .title:
                guard let title = edit.title, current.title != title.to else { continue }
                if current.title != title.from { outcome.replaced.append(ReplacedValue(field: .note(.title), value: current.title)) }
                saved.title = title.to
            case .body:
                guard let body = edit.body, !current.bodyStorage.hasSameBytes(as: body.to) else { continue }
                if !current.bodyStorage.hasSameBytes(as: body.from) {
                    let other = ConflictCopyNaming.copy(of: current, id: edit.conflictCopyID)
                    copy = other
                    outcome.conflictCopy = .init(id: other.id, title: other.title)
                }
                saved.bodyStorage = body.to
            case .category:
                guard let category = edit.category, current.categoryID != category.to else { continue }
                if let target = category.to, database.categories[target] == nil {
                    throw .categoryDeleted(name: database.anyCategory(target)?.name ?? target.uuidString)
                }
                if current.categoryID != category.from {
                    let name = current.categoryID.flatMap { database.anyCategory($0)?.name } ?? ""
                    outcome.replaced.append(ReplacedValue(field: .note(.category), value: name))
                }
                saved.categoryID = category.to
            case .tags:
                saved.tags = current.tags.union(edit.addedTags).subtracting(edit.removedTags)
            case .kind:
                guard let kind = edit.kind, current.kind != kind.to else { continue }
                if current.kind != kind.from { outcome.replaced.append(ReplacedValue(field: .note(.kind), value: current.kind.name)) }
                saved.kind = kind.to
            case .pinned:
                if let pinned = edit.pinned { saved.pinned = pinned.to }
            case .aliases:
                guard let aliases = edit.aliases, current.aliases != aliases.to else { continue }
                if current.aliases != aliases.from { outcome.replaced.append(.init(field: .note(.aliases), value: current.aliases.joined(separator: ", "))) }
                saved.aliases = aliases.to
            }
        }
        guard !NoteField.changed(from: current, to: saved).isEmpty else { return ([], outcome) }
        saved.updated = now
        return ([.putNote(saved)] + (copy.map { [.putNote($0)] } ?? []), outcome)
    }

    /// One category's edit on `database`.
    static func resolve(_ edit: CategoryEdit, in database: NotesDatabase) throws(EditError)
        -> (changes: [StoreChange], outcome: EditOutcome) {
        var outcome = EditOutcome(subject: .category(edit.categoryID))
        guard let current = database.categories[edit.categoryID] else {
            throw .categoryDeleted(name: database.anyCategory(edit.categoryID)?.name ?? edit.name?.from ?? edit.categoryID.uuidString)
        }
        var saved = current
        if let name = edit.name, current.name != name.to {
            if current.name != name.from { outcome.replaced.append(ReplacedValue(field: .category(.name), value: current.name)) }
            saved.name = name.to
        }
        if let color = edit.color, current.color != color.to {
            if current.color != color.from { outcome.replaced.append(ReplacedValue(field: .category(.color), value: current.color.hex)) }
            saved.color = color.to
        }
        guard !CategoryField.changed(from: current, to: saved).isEmpty else { return ([], outcome) }
        return ([.putCategory(saved)], outcome)
    }
}
