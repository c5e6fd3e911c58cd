import NotesCore

/// A repository that another "process" changes: `pending` shows up at the next refresh.
final class OtherProcessRepository: NotesRepository {
    private(set) var contents: NotesDatabase
    var pending: StoreChange?

    init(_ contents: NotesDatabase) { self.contents = contents }

    /// Like a store, a commit first takes in what the other process committed.
    func commit(_ changes: [StoreChange]) throws -> Bool {
        let othersCommitted = try refresh()
        try contents.apply(changes)
        return othersCommitted
    }

    func refresh() throws -> Bool {
        guard let change = pending else { return false }
        pending = nil
        try contents.apply(change)
        return true
    }
}
