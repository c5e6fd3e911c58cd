import Foundation
import NotesCore

extension NotesSnapshot {
    /// Commits `changes` through `repository` and brings the snapshot up to date with
    /// the result: in place for puts and deletes of notes (a few milliseconds at
    /// 100,000 notes), by a new snapshot for category changes, for changes other
    /// processes committed first, for a note with a huge body (its search text is then
    /// built on another core), or when the index holds much retired text.
    ///
    /// While the repository commits, the snapshot lets go of its notes: a store
    /// changes its database in place only when nobody else holds it; else it copies
    /// every note first (about 60 ms at 100,000 notes).
    ///
    /// On error the snapshot is rebuilt from the repository, which may have picked up
    /// other processes' changes on the way.
    public mutating func commit(_ changes: [StoreChange], through repository: any NotesRepository) throws {
        // The notes about to be replaced (not the database: that would make the store copy
        // it), so that the index can tell which bodies did not change.
        var replaced: [UUID: Note] = [:]
        for case .putNote(let note) in changes { replaced[note.id] = database.notes[note.id] }
        release()
        let othersCommitted: Bool
        do {
            othersCommitted = try repository.commit(changes)
        } catch {
            self = NotesSnapshot(repository.contents, searchText: .inBackground)
            throw error
        }
        let contents = repository.contents
        guard !othersCommitted, NoteIndex.canApply(changes), !NoteIndex.putsHugeBody(changes), !index.isWorthRebuilding else {
            self = NotesSnapshot(contents, searchText: .inBackground)
            return
        }
        database = contents
        index.apply(changes, resulting: contents, replacing: replaced)
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
