import Foundation
import NotesModel

extension Importer {
    /// The updates of notes imported before, gathered while the bundle is read and resolved
    /// together at its end, by the one set of rules every edit follows.
    struct PendingUpdates {
        var edits: [(edit: NoteEdit, item: Item)] = []
        /// The dates each updated note's file gives it.
        var dates: [UUID: (created: Date, updated: Date)] = [:]
        /// The attachments of the updated notes whose list changed.
        var attachmentLists: [UUID: [AttachmentPath]] = [:]
        var follows: [UUID: AttachmentFollow] = [:]

        /// `imported`, read again from a file `current` was made from (`made`): an update when
        /// its fields, dates or attachments changed; else `item` is listed when the file was
        /// renamed, and counted unchanged when not.
        mutating func add(_ imported: Note, over current: Note, made: ImportSource.Made, modified: Date?, item: Item,
                          follow: AttachmentFollow, renamed: Bool, plan: inout Plan) {
            let edit = Importer.update(from: made, to: imported, on: current)
            let fromFile = Importer.fileDates(of: imported, modified: modified, current: current, made: made)
            let fieldsChange = !NoteField.changed(from: current, to: edit.applied(to: current)).isEmpty
            let datesChange = fromFile.created != current.created || fromFile.updated != current.updated
            let attachmentsChange = imported.attachments != current.attachments
            if fieldsChange || datesChange || attachmentsChange {
                edits.append((edit, item))
                dates[current.id] = fromFile
                if attachmentsChange { attachmentLists[current.id] = imported.attachments }
                follows[current.id] = follow
            } else if renamed {
                plan.items.append(item)
            } else {
                plan.notesUnchanged += 1
            }
        }

        /// The changes of the updates, resolved against the notes as they are after
        /// `categoryChanges`; each update is listed in `plan` (a conflict with its copy's
        /// title) with the attachment files it moves and drops.
        func resolved(after categoryChanges: [StoreChange], in database: NotesDatabase, now: Date,
                      plan: inout Plan) throws -> [StoreChange] {
            let resolution = try StoreEdit.resolve(categoryChanges.map { .change($0) } + edits.map { .note($0.edit) },
                                                   in: database, now: now)
            for (pending, outcome) in zip(edits, resolution.outcomes.suffix(edits.count)) {
                var item = pending.item
                item.replaced = outcome.replaced
                if let copy = outcome.conflictCopy {
                    if item.kind == .updated { item.kind = .conflict }
                    item.copyTitle = copy.title
                    plan.conflicts += 1
                } else if item.kind == .updated {
                    plan.notesUpdated += 1
                }
                plan.items.append(item)
                if let follow = follows[pending.edit.noteID] {
                    plan.attachmentMoves.merge(follow.moves) { _, new in new }
                    // A conflict copy keeps the note's own body, whose links name the old files: they stay.
                    if outcome.conflictCopy == nil { plan.attachmentsDropped += follow.dropped }
                }
            }
            return Importer.dated(resolution.changes, dates, attachments: attachmentLists, in: database)
        }
    }

    /// `changes` with each updated note dated as its file says (`dates`) and naming the
    /// attachments its file has now (`attachments`); a note whose dates or attachments alone
    /// changed gets a `putNote` of its own.
    fileprivate static func dated(_ changes: [StoreChange], _ dates: [UUID: (created: Date, updated: Date)],
                              attachments: [UUID: [AttachmentPath]], in database: NotesDatabase) -> [StoreChange] {
        var pending = dates
        var result = changes.map { change -> StoreChange in
            guard case .putNote(var note) = change, let date = pending.removeValue(forKey: note.id) else { return change }
            (note.created, note.updated) = (date.created, date.updated)
            if let paths = attachments[note.id] { note.attachments = paths }
            return .putNote(note)
        }
        for (id, date) in pending.sorted(by: { $0.key.uuidString < $1.key.uuidString }) {
            guard var note = database.notes[id] else { continue }
            (note.created, note.updated) = (date.created, date.updated)
            if let paths = attachments[id] { note.attachments = paths }
            result.append(.putNote(note))
        }
        return result
    }
}
