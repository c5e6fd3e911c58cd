import Foundation
import NotesModel

extension NotesSnapshot {
    /// Commits `edits` through `repository`, resolved against its contents as they are
    /// under the lock (`NotesRepository.commit(derivedFrom:)`, `StoreEdit.resolve`), and
    /// brings the snapshot up to date with the result and with what other processes committed
    /// first (`takeIn`): in place for puts and deletes of notes and categories (a few
    /// milliseconds at 100,000 notes), by a new snapshot for a reload of the store's
    /// files, a note with a huge body, or when the index holds much retired text.
    ///
    /// `underLock` sees the caught-up contents and the resolved changes before they are
    /// written (the runner records undo there, or refuses by throwing).
    ///
    /// While the repository commits, the snapshot lets go of its notes: a store
    /// changes its database in place only when nobody else holds it; else it copies
    /// every note first (about 60 ms at 100,000 notes).
    ///
    /// On error the snapshot is rebuilt from the repository, which may have picked up
    /// other processes' changes on the way.
    @discardableResult
    public mutating func commit(_ edits: [StoreEdit], through repository: any NotesRepository, now: Date,
                                underLock: (_ caughtUp: NotesDatabase, _ changes: [StoreChange]) throws -> Void = { _, _ in })
        throws -> EditResolution {
        try commit(derivingEdits: { _ in edits }, through: repository, now: now, underLock: underLock)
    }

    /// Like `commit(_:through:now:underLock:)`, with edits that depend on the store's
    /// caught-up contents (undo: `UndoStep.edits(_:in:)`); `edits` may throw to commit nothing.
    @discardableResult
    public mutating func commit(derivingEdits edits: (_ caughtUp: NotesDatabase) throws -> [StoreEdit],
                                through repository: any NotesRepository, now: Date,
                                underLock: (_ caughtUp: NotesDatabase, _ changes: [StoreChange]) throws -> Void = { _, _ in })
        throws -> EditResolution {
        release()
        var resolution = EditResolution()
        // The notes about to be replaced (not the database: that would make the store copy
        // it), so that the index can tell which bodies did not change.
        var replaced: [UUID: Note] = [:]
        let result: CommitResult
        do {
            result = try repository.commit(derivedFrom: { caughtUp in
                resolution = try StoreEdit.resolve(try edits(caughtUp), in: caughtUp, now: now)
                for case .putNote(let note) in resolution.changes { replaced[note.id] = caughtUp.notes[note.id] }
                try underLock(caughtUp, resolution.changes)
                return resolution.changes
            })
        } catch {
            self = NotesSnapshot(repository.contents, searchText: .inBackground, order: index.listOrder)
            throw error
        }
        takeIn(result.others, then: result.changes, contents: repository.contents, replacing: replaced)
        return resolution
    }

    /// Commits changes that are not field edits (see `commit(_:through:now:underLock:)`).
    public mutating func commit(_ changes: [StoreChange], through repository: any NotesRepository) throws {
        try commit(changes.map(StoreEdit.change), through: repository, now: Date())
    }

    /// Picks up what other processes committed, applied in place as the snapshot's own
    /// commits are (`takeIn`); a new snapshot only when the store read its files again.
    /// Like `commit`, it lets go of the notes meanwhile. Returns whether anything changed.
    public mutating func refresh(from repository: any NotesRepository) throws -> Bool {
        release()
        let caughtUp: CaughtUp
        do {
            caughtUp = try repository.refreshChanges()
        } catch {
            self = NotesSnapshot(repository.contents, searchText: .inBackground, order: index.listOrder)
            throw error
        }
        takeIn(caughtUp, then: [], contents: repository.contents, replacing: [:])
        return caughtUp.changed
    }

    /// The most changes applied to the index in place: a batch costs a few passes over
    /// the list (a few milliseconds at 1,000,000 notes) and a binary search and the search
    /// text of each note; past this many a new snapshot costs less.
    static func mostChangesInPlace(noteCount: Int) -> Int { max(1_024, noteCount / 50) }

    /// Brings the released snapshot up to `contents`: its database with `others` (other
    /// processes' commits, taken in first) and then `own` applied. The one path for both:
    /// note and category changes are applied to the index in place (a category's name is
    /// not in its notes' search text: `CategoryMatch`); a reload, a note with a huge body
    /// (its search text is then built on another core), too many changes, or an index
    /// holding much retired text builds a new snapshot.
    /// `replaced` holds the notes `own` puts replace, as they were before them.
    private mutating func takeIn(_ others: CaughtUp, then own: [StoreChange], contents: NotesDatabase,
                                 replacing replaced: [UUID: Note]) {
        let all = others.followed(by: own.isEmpty ? .nothing : .changes(own))
        guard case .changes(let changes) = all else {
            if all == .nothing {
                database = contents
                index.restore(database)
            } else {
                self = NotesSnapshot(contents, searchText: .inBackground, order: index.listOrder)
            }
            return
        }
        guard !NoteIndex.putsHugeBody(changes), !index.isWorthRebuilding,
              changes.count <= Self.mostChangesInPlace(noteCount: contents.notes.count) else {
            self = NotesSnapshot(contents, searchText: .inBackground, order: index.listOrder)
            return
        }
        // A note another process changed was not in `replaced`'s state in the index:
        // its folded body must not be reused on the strength of `replaced`.
        var sameBodyCandidates = replaced
        if case .changes(let theirs) = others {
            for id in Self.noteIDs(touchedBy: theirs) { sameBodyCandidates[id] = nil }
        }
        database = contents
        index.apply(changes, resulting: contents, replacing: sameBodyCandidates)
        if changes.contains(where: \.changesCategories) { takeInCategories(of: contents) }
    }

    /// The notes `changes` put, trash, restore or delete.
    static func noteIDs(touchedBy changes: [StoreChange]) -> Set<UUID> {
        var ids = Set<UUID>()
        for change in changes {
            switch change {
            case .putNote(let note): ids.insert(note.id)
            case .deleteNote(let id), .trashNote(let id, _), .restoreNote(let id): ids.insert(id)
            default: break
            }
        }
        return ids
    }

    /// Drops the snapshot's references to the database's notes until they are taken back.
    private mutating func release() {
        database = NotesDatabase()
        index.releaseNotes()
    }
}
