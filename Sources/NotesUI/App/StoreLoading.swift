import Foundation
import NotesModel

/// The whole store's counts, drawn while the app shows only the first notes of its list.
public struct WholeStoreCounts: Equatable, Sendable {
    /// Live notes in the store.
    public var live: Int
    /// Live notes by category (a category missing here has none).
    public var byCategory: [UUID: Int]
    /// Live notes in no category.
    public var uncategorized: Int { max(0, live - byCategory.values.reduce(0, +)) }

    public init(live: Int, byCategory: [UUID: Int]) {
        self.live = live
        self.byCategory = byCategory
    }
}

/// An early start (`AppRunner.init(…, loading:)`): the app draws the first notes of the
/// list at once and reads the whole store on another thread meanwhile; the runner takes
/// the store in (`AppRunner+Loading`) when it is there.
///
/// `@unchecked Sendable`: the loader thread and the runner meet only in `outcome`, under
/// `condition`; the repository the loader made is touched by no other thread after it
/// hands it over (the runner alone uses it from then on).
public final class StoreLoading: @unchecked Sendable {
    /// The first notes of the list in default order with every category, exactly as the
    /// whole store has them (the store's list head and its journal).
    public let firstNotes: NotesDatabase
    public let counts: WholeStoreCounts
    private let load: @Sendable () throws -> any NotesRepository
    private let condition = NSCondition()
    private var outcome: Result<Loaded, any Error>?
    private var started = false

    /// The whole store and the snapshot the app draws from it.
    struct Loaded {
        let repository: any NotesRepository
        let snapshot: NotesSnapshot
    }

    /// - Parameter load: reads the whole store; runs once, on a thread of its own.
    public init(firstNotes: NotesDatabase, counts: WholeStoreCounts, load: @escaping @Sendable () throws -> any NotesRepository) {
        self.firstNotes = firstNotes
        self.counts = counts
        self.load = load
    }

    /// The snapshot of the first screen: the first notes, drawn with the whole store's counts.
    func firstSnapshot(order: NoteListOrder) -> NotesSnapshot {
        var snapshot = NotesSnapshot(firstNotes, searchText: .now, order: order)
        snapshot.wholeCounts = counts
        return snapshot
    }

    /// Starts reading the whole store, and building its snapshot (as `AppRunner.init` does), on another thread.
    func start(order: NoteListOrder) {
        condition.lock()
        defer { condition.unlock() }
        guard !started else { return }
        started = true
        let thread = Thread { [self] in
            let result = Result { () throws -> Loaded in
                let repository = try load()
                return Loaded(repository: repository,
                              snapshot: NotesSnapshot(repository.contents, searchText: .inBackground, order: order))
            }
            condition.lock()
            outcome = result
            condition.broadcast()
            condition.unlock()
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// The whole store once it is read (or why it could not be); nil while it is being
    /// read, unless `waiting`, which waits for it.
    func take(waiting: Bool) -> Result<Loaded, any Error>? {
        condition.lock()
        defer { condition.unlock() }
        while waiting && outcome == nil { condition.wait() }
        return outcome
    }
}

/// What the status line says while keys wait: for the whole store, read behind the first
/// screen (`AppState.loadingStore`), or, once it is in, for its link index, which a
/// rename's `Enter` needs (`AppRunner+LinkIndexWait`).
public struct LoadingStore: Equatable, Sendable {
    /// What the keys wait for.
    public enum Stage: Equatable, Sendable {
        case wholeStore
        case linkIndex
    }

    /// Live notes in the store.
    public var notes: Int
    /// Keys typed that wait for the whole store.
    public var waitingKeys = 0
    public var stage = Stage.wholeStore

    public init(notes: Int, waitingKeys: Int = 0, stage: Stage = .wholeStore) {
        self.notes = notes
        self.waitingKeys = waitingKeys
        self.stage = stage
    }

    /// `loading 1,000,000 notes… (3 keys wait)`, `building the link index of 1,000,000 notes… (1 key waits)`.
    public var text: String {
        let keys = waitingKeys == 1 ? "1 key waits" : "\(waitingKeys) keys wait"
        switch stage {
        case .wholeStore: return "loading \(ProgressLine.grouped(notes)) notes… (\(keys))"
        case .linkIndex: return "building the link index of \(ProgressLine.grouped(notes)) notes… (\(keys))"
        }
    }
}
