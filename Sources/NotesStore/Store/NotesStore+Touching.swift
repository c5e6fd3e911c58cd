import Foundation

/// More notes for a store opened for a few (`open(at:options:touching:)`).
extension NotesStore {
    /// Loads the notes `ids` name into a partial store too, read from the snapshot through
    /// its index, after catching up (under the lock): a command that learns which notes it
    /// needs from the first ones it read (a rename, from the link index) then has them as a
    /// whole store would. Ids the snapshot does not hold are passed over. A whole store has
    /// every note already; when the index cannot answer, the whole store is read instead.
    public func load(touching ids: [UUID]) throws {
        guard !isClosed else { throw StoreError.closed }
        guard partial != nil, !ids.isEmpty else { return }
        try lock.lock(timeout: options.lockTimeout, writingName: false)
        defer { lock.unlock() }
        _ = try catchUp()
        guard let current = partial, let index = current.index else { return }
        let wanted = ids.filter { !current.lookedUp.contains($0) && contents.anyNote($0) == nil }
        // A later reload (the journal replaced, another process's compaction) loads them again.
        current.requested += wanted.map(\.uuidString)
        do {
            try loadFromSnapshot(try index.entries(of: wanted), current)
            current.lookedUp.formUnion(wanted)
        } catch let reason as SnapshotIndex.Unusable {
            try loadWholeInstead(reason)
        }
    }
}

extension NotesStore {
    /// Reads every note into a store opened for a few (`open(at:options:touching:)`), after
    /// catching up: for a command that finds out that it needs them all (a sync that has
    /// something to merge). A whole store is left as it is.
    public func loadAllNotes() throws {
        guard !isClosed else { throw StoreError.closed }
        guard partial != nil else { return }
        try lock.lock(timeout: options.lockTimeout, writingName: false)
        defer { lock.unlock() }
        partial = nil
        try loadWhole()
    }
}

extension NotesStore {
    /// Whether `contents` says of each of `ids` what the whole store would: always for a
    /// whole store; for one opened for a few, when the note is loaded, or was looked up in
    /// the snapshot (`load(touching:)`, the journal's notes) and is not there.
    public func holdsNotes(_ ids: some Sequence<UUID>) -> Bool {
        guard let partial else { return true }
        return ids.allSatisfy { contents.anyNote($0) != nil || partial.lookedUp.contains($0) }
    }
}
