import Foundation

extension NotesStore {
    /// Commits the changes `build` derives from the store's contents as they are under the
    /// lock, after catching up with other processes, so that nothing committed meanwhile
    /// is overwritten unseen. Sync applies a merge so, holding the lock only for this.
    /// Returns the changes committed (none: nothing was written).
    @discardableResult
    public func commit(derivedFrom build: (NotesDatabase) throws -> [StoreChange]) throws -> [StoreChange] {
        guard !isClosed else { throw StoreError.closed }
        guard !options.readOnly else {
            throw StoreError.io(file: url.path, operation: "commit", reason: "the store was opened read-only")
        }
        try lock.lock(timeout: options.lockTimeout)
        defer { lock.unlock() }
        _ = try catchUp()
        let changes = try build(contents)
        guard !changes.isEmpty else { return [] }
        try checkSnapshotIntact()
        try Self.validate(changes, against: contents)
        try append(changes)
        try applyValidated(changes)
        if shouldCompact {
            do { try compact() } catch {
                warnings.append(StoreWarning("the journal could not be folded into \(url.path) (\(error)); commits are safe in the journal"))
            }
        }
        return changes
    }
}
