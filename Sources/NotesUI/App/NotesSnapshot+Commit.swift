import Foundation
import NotesCore

extension NotesSnapshot {
    /// Commits `edits` through `repository`, resolved against its contents as they are
    /// under the lock (`NotesRepository.commit(derivedFrom:)`, `StoreEdit.resolve`), and
    /// brings the snapshot up to date with the result: in place for puts and deletes of
    /// notes (a few milliseconds at 100,000 notes), by a new snapshot for category changes,
    /// for changes other processes committed first, for a note with a huge body (its search
    /// text is then built on another core), or when the index holds much retired text.
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
            self = NotesSnapshot(repository.contents, searchText: .inBackground)
            throw error
        }
        let contents = repository.contents
        if result.changes.isEmpty && !result.othersCommitted {
            database = contents
            index.restore(database)
            return resolution
        }
        guard !result.othersCommitted, NoteIndex.canApply(result.changes), !NoteIndex.putsHugeBody(result.changes),
              !index.isWorthRebuilding else {
            self = NotesSnapshot(contents, searchText: .inBackground)
            return resolution
        }
        database = contents
        index.apply(result.changes, resulting: contents, replacing: replaced)
        return resolution
    }

    /// Commits changes that are not field edits (see `commit(_:through:now:underLock:)`).
    public mutating func commit(_ changes: [StoreChange], through repository: any NotesRepository) throws {
        try commit(changes.map(StoreEdit.change), through: repository, now: Date())
    }

    /// Picks up what other processes committed: a new snapshot when there is any.
    /// Like `commit`, it lets go of the notes meanwhile. Returns whether anything changed.
    public mutating func refresh(from repository: any NotesRepository) throws -> Bool {
        release()
        let changed: Bool
        do {
            changed = try repository.refresh()
        } catch {
            self = NotesSnapshot(repository.contents, searchText: .inBackground)
            throw error
        }
        if changed {
            self = NotesSnapshot(repository.contents, searchText: .inBackground)
        } else {
            database = repository.contents
            index.restore(database)
        }
        return changed
    }

    /// Drops the snapshot's references to the database's notes until they are taken back.
    private mutating func release() {
        database = NotesDatabase()
        index.releaseNotes()
    }
}
