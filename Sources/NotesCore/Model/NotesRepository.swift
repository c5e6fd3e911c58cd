import Foundation

/// What the UI and the commands need of a store: the current contents, and a
/// durable commit. `NotesStore` is the real one; `InMemoryNotesRepository` serves tests.
public protocol NotesRepository: AnyObject {
    /// The database as of the last commit or refresh.
    var contents: NotesDatabase { get }
    /// Validates and durably commits the changes, all or none. When this returns, they survive a crash.
    /// Returns whether changes other processes had committed were taken in first, so that
    /// `contents` holds more than these changes.
    @discardableResult
    func commit(_ changes: [StoreChange]) throws -> Bool
    /// Picks up changes committed by other processes since the last look. Returns true if anything changed.
    func refresh() throws -> Bool
}

extension NotesRepository {
    @discardableResult
    public func commit(_ change: StoreChange) throws -> Bool { try commit([change]) }
}

/// A repository that keeps everything in memory: for tests and the benchmark's baselines.
public final class InMemoryNotesRepository: NotesRepository {
    public private(set) var contents: NotesDatabase
    /// Every commit made, in order.
    public private(set) var commits: [[StoreChange]] = []

    public init(_ contents: NotesDatabase = NotesDatabase()) {
        self.contents = contents
    }

    @discardableResult
    public func commit(_ changes: [StoreChange]) throws -> Bool {
        try contents.apply(changes)
        commits.append(changes)
        return false
    }

    public func refresh() throws -> Bool { false }
}
