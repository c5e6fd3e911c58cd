import Foundation

/// What the UI and the commands need of a store: the current contents, and a
/// durable commit. `NotesStore` is the real one; `InMemoryNotesRepository` serves tests.
///
/// There is one way to write: `commit(derivedFrom:)`, which builds the changes from the
/// contents as they are under the lock, after taking in what other processes committed.
/// Field edits (`StoreEdit`) are resolved there (`commit(_:now:)`), so a change made
/// elsewhere to a field the user did not touch is never erased.
public protocol NotesRepository: AnyObject {
    /// The database as of the last commit or refresh.
    var contents: NotesDatabase { get }
    /// Takes in what other processes committed, then commits what `build` derives from the
    /// contents as they are then, all or none, holding the store's lock throughout. When this
    /// returns, the changes survive a crash. `build` may run again only if the commit is
    /// tried again; it must not keep the database it is given. No changes: nothing is written.
    @discardableResult
    func commit(derivedFrom build: (NotesDatabase) throws -> [StoreChange]) throws -> CommitResult
    /// Picks up changes committed by other processes since the last look. Returns true if anything changed.
    func refresh() throws -> Bool
    /// Like `refresh()`, saying which changes it took in (`CaughtUp`). A repository that
    /// cannot tell says `.reloaded` whenever anything changed.
    func refreshChanges() throws -> CaughtUp
    /// The notes deleted for good whose attachments are held so that an undo can bring them
    /// back with their note (`NotesStoreOptions.holdsDeletedAttachments`).
    var heldAttachmentNoteIDs: Set<UUID> { get }
    /// Lets go of (removes) the held attachments of `ids`: no undo can reach their notes any more.
    func releaseHeldAttachments(of ids: Set<UUID>)
}

extension NotesRepository {
    public func refreshChanges() throws -> CaughtUp { try refresh() ? .reloaded : .nothing }
    public var heldAttachmentNoteIDs: Set<UUID> { [] }
    public func releaseHeldAttachments(of ids: Set<UUID>) {}
}

/// What `commit(derivedFrom:)` did.
public struct CommitResult: Equatable, Sendable {
    /// The changes committed (none: nothing was written).
    public let changes: [StoreChange]
    /// What other processes had committed, taken in first (`contents` then holds more
    /// than `changes`).
    public let others: CaughtUp
    /// Whether changes other processes had committed were taken in first.
    public var othersCommitted: Bool { others.changed }

    public init(changes: [StoreChange], others: CaughtUp) {
        self.changes = changes
        self.others = others
    }

    /// A result whose other processes' changes, if any, are not known one by one.
    public init(changes: [StoreChange], othersCommitted: Bool) {
        self.init(changes: changes, others: othersCommitted ? .reloaded : .nothing)
    }
}

extension NotesRepository {
    /// Commits changes that do not depend on what the store holds (a new note, trash,
    /// restore). Returns whether other processes' changes were taken in first.
    @discardableResult
    public func commit(_ changes: [StoreChange]) throws -> Bool {
        try commit(derivedFrom: { _ in changes }).othersCommitted
    }

    @discardableResult
    public func commit(_ change: StoreChange) throws -> Bool { try commit([change]) }

    /// Resolves `edits` against the caught-up contents under the lock (`StoreEdit.resolve`)
    /// and commits the result. Returns what the edits met; nothing is written when they
    /// change nothing, or when one cannot apply (it throws).
    @discardableResult
    public func commit(_ edits: [StoreEdit], now: Date) throws -> EditResolution {
        var resolution = EditResolution()
        try commit(derivedFrom: { database in
            resolution = try StoreEdit.resolve(edits, in: database, now: now)
            return resolution.changes
        })
        return resolution
    }
}

/// A repository that keeps everything in memory: for tests and the benchmark's baselines.
public final class InMemoryNotesRepository: NotesRepository {
    public private(set) var contents: NotesDatabase
    /// Every commit made, in order.
    public private(set) var commits: [[StoreChange]] = []

    public init(_ contents: NotesDatabase = NotesDatabase()) {
        self.contents = contents
    }

    /// No other process writes here: `build` gets the contents as they are.
    @discardableResult
    public func commit(derivedFrom build: (NotesDatabase) throws -> [StoreChange]) throws -> CommitResult {
        let changes = try build(contents)
        guard !changes.isEmpty else { return CommitResult(changes: [], othersCommitted: false) }
        try contents.apply(changes)
        commits.append(changes)
        return CommitResult(changes: changes, othersCommitted: false)
    }

    public func refresh() throws -> Bool { false }
}

extension NotesRepository {
    /// Commits one note's edit (see `commit(_:now:)`) and returns what it met.
    @discardableResult
    public func commit(_ edit: NoteEdit, now: Date) throws -> EditOutcome {
        try commit([.note(edit)], now: now).outcomes.first ?? EditOutcome(subject: .note(edit.noteID))
    }
}
