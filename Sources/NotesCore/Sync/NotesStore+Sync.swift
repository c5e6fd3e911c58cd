import Foundation

extension NotesStore {
    /// Commits the changes `build` derives from the store's contents as they are under the
    /// lock, after catching up with other processes, so that nothing committed meanwhile
    /// is overwritten unseen. Sync applies a merge so, holding the lock only for this.
    /// Returns the changes committed (none: nothing was written).
    @discardableResult
    public func commit(derivedFrom build: (NotesDatabase) throws -> [StoreChange]) throws -> [StoreChange] {
        guard !isClosed else { throw StoreError.closed }
        try refuseIfReadOnly()
        try lock.lock(timeout: options.lockTimeout)
        defer { lock.unlock() }
        _ = try catchUp()
        let changes = try build(contents)
        guard !changes.isEmpty else { return [] }
        try commitCaughtUp(changes)
        return changes
    }
}
