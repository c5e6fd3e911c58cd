import NotesModel
import NotesTerminal
import NotesUI

/// A repository that another "process" changes: `pending` shows up at the next refresh.
final class OtherProcessRepository: NotesRepository {
    private(set) var contents: NotesDatabase
    var pending: StoreChange?

    init(_ contents: NotesDatabase) { self.contents = contents }

    /// Like a store, a commit first takes in what the other process committed.
    func commit(derivedFrom build: (NotesDatabase) throws -> [StoreChange]) throws -> CommitResult {
        let othersCommitted = try refresh()
        let changes = try build(contents)
        try contents.apply(changes)
        return CommitResult(changes: changes, othersCommitted: othersCommitted)
    }

    func refresh() throws -> Bool {
        guard let change = pending else { return false }
        pending = nil
        try contents.apply(change)
        return true
    }
}

extension OtherProcessRepository {
    /// The app over `UIFixtures.database` held by another "process", on a `width`×20 memory
    /// terminal; the editor applies `editBody`.
    static func runner(width: Int = 80, editBody: @escaping @Sendable (String) -> String = { $0 })
        -> (AppRunner, MemoryTerminal, OtherProcessRepository) {
        let repository = OtherProcessRepository(UIFixtures.database)
        let terminal = MemoryTerminal(size: TerminalSize(width: width, height: 20))
        let runner = AppRunner(terminal: terminal, repository: repository, timeZone: UIFixtures.utc,
                               now: { UIFixtures.now }, editBody: editBody)
        return (runner, terminal, repository)
    }
}
