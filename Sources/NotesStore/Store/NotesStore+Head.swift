import Foundation
import NotesModel

/// The first notes of the note list (`NoteListOrder.updated`) and what the whole list's
/// plain lines need, known without reading the whole store (`NotesStore.listHead()`).
public struct ListHead: Sendable {
    /// The first live notes in list order: exactly the whole store's first ones.
    public let notes: [Note]
    /// Whether `notes` is the whole list.
    public let isWholeList: Bool
    /// Live notes in the whole store.
    public let liveCount: Int
    /// `PlainOutput.uniquePrefixLength` of the whole store; nil when only the whole store can tell.
    public let idPrefixLength: Int?
    /// Live notes by category in the whole store (`liveNoteCounts()`); nil when only the whole store can tell.
    public let liveCounts: [UUID: Int]?
}

extension NotesStore {
    /// Opens the store for the first notes of its list: every category, the notes of the
    /// list head (`notes.json.head`, written with each snapshot and its index) and every
    /// note the journal touched, instead of the whole snapshot. When the head or the index
    /// cannot answer (missing, stale, damaged) the whole store is read, as `open(at:options:)`
    /// does; `listHead()` says which happened. Such a store never writes a snapshot.
    public static func open(at url: URL, options: NotesStoreOptions = NotesStoreOptions(), listHead: Void) throws -> NotesStore {
        let store = try NotesStore(url: url, options: options)
        let view = PartialView(requested: [])
        view.wantsHead = true
        store.partial = view
        return try load(store, options: options)
    }

    /// Reads the list head beside the snapshot the index describes and loads its notes
    /// (checking each is live and that they are in list order). Under the lock, before
    /// the journal is read.
    func loadHead(_ view: PartialView) throws {
        func unusable(_ why: String) -> SnapshotIndex.Unusable {
            SnapshotIndex.Unusable(description: why, indexIsBad: false, headIsBad: true)
        }
        guard let index = view.index else { throw SnapshotIndex.Unusable(description: "there is no index") }
        let head = try SnapshotHead.read(for: url)
        guard head.stamp == index.stamp else { throw unusable("the list head describes another snapshot") }
        guard head.entries.count <= head.liveCount, Set(head.entries.map(\.id)).count == head.entries.count else {
            throw unusable("the list head does not add up")
        }
        try loadFromSnapshot(head.entries, view)
        let notes = head.entries.compactMap { contents.notes[$0.id] }
        guard notes.count == head.entries.count, head.entries.allSatisfy({ view.liveInSnapshot.contains($0.id) }),
              zip(notes, notes.dropFirst()).allSatisfy({ NoteListOrder.updated.precedes($0, $1) })
        else { throw unusable("the list head does not match the snapshot") }
        guard !notes.isEmpty || head.liveCount == 0 else { throw unusable("the list head is empty") }
        view.head = (head, notes.last)
    }

    /// The first notes of the list, read from the list head and the journal; nil when the
    /// store was not opened for them (`open(at:options:listHead:)`) or read whole instead.
    ///
    /// A note the head does not hold, untouched by the journal, comes after the head's last
    /// note as the snapshot held it; so every loaded note up to that one is in its place.
    public func listHead() -> ListHead? {
        guard let view = partial, view.wantsHead, let (file, last) = view.head else { return nil }
        let order = NoteListOrder.updated
        var notes = contents.notes.values.sorted(by: order.precedes)
        let whole = file.liveCount == file.entries.count
        if !whole, let last { notes = Array(notes.prefix { !order.precedes(last, $0) }) }
        let prefixLength = try? currentPrefixLength(file, view)
        let liveCount = file.liveCount - view.liveInSnapshot.count + contents.notes.count
        return ListHead(notes: notes, isWholeList: whole, liveCount: liveCount, idPrefixLength: prefixLength ?? nil,
                        liveCounts: liveNoteCounts())
    }

    /// The id prefix length of the whole store now: the snapshot's, unless a note the
    /// journal added shares that many characters with another live note (those notes are
    /// then looked up through the index). Nil when a note that needed the length has left
    /// the list (the length may have shrunk) or too many were added to look up.
    private func currentPrefixLength(_ file: SnapshotHead, _ view: PartialView) throws -> Int? {
        for id in file.criticalIDs where contents.notes[id] == nil && view.lookedUp.contains(id) { return nil }
        let added = contents.notes.keys.filter { !view.liveInSnapshot.contains($0) }
        guard !added.isEmpty else { return file.idPrefixLength }
        guard added.count <= Self.partialMatchLimit, let index = view.index else { return nil }
        for id in added {
            guard let (low, high) = NoteIDRange.bounds(of: String(id.uuidString.prefix(file.idPrefixLength))) else { return nil }
            let entries = try index.entries(from: low, through: high, limit: 64)
            guard entries.count <= 64 else { return nil }
            try loadFromSnapshot(entries.filter { !view.lookedUp.contains($0.id) }, view)
        }
        var ids = contents.notes.keys.map(UUIDBitsPair.init)
        return max(file.idPrefixLength, UUIDBitsPair.prefixLength(of: &ids).length)
    }
}
