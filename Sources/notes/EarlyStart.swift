import Foundation
import NotesModel
import NotesStore
import NotesUI

/// How the app opens the store: in the default list order, from the list head
/// (`notes.json.head`) and the journal, so that the first screen does not wait for the
/// whole store, which is read behind it (`StoreLoading`); anything else, or a head that
/// cannot answer (missing, stale, damaged), the whole store at once, as before.
enum EarlyStart {
    /// The store the app starts with, and the loading of the whole store when the first
    /// screen comes from the list head (then the store holds only the first notes).
    /// - Parameter options: the app's store options (called again on the loading thread).
    static func open(at url: URL, options: @escaping @Sendable () -> NotesStoreOptions,
                     order: NoteListOrder) throws -> (store: NotesStore, loading: StoreLoading?) {
        guard order == .updated else { return (try NotesStore.open(at: url, options: options()), nil) }
        let first = try NotesStore.open(at: url, options: options(), listHead: ())
        guard first.isPartial else { return (first, nil) }  // the head could not answer: the whole store was read
        guard let head = first.listHead(), let counts = head.liveCounts else {
            first.close()
            return (try NotesStore.open(at: url, options: options()), nil)
        }
        let loading = StoreLoading(firstNotes: firstNotes(head, first.contents),
                                   counts: WholeStoreCounts(live: head.liveCount, byCategory: counts)) {
            try NotesStore.open(at: url, options: options())
        }
        return (first, loading)
    }

    /// The first notes of the list with every category, recent color and import source:
    /// what the first screen is drawn from.
    static func firstNotes(_ head: ListHead, _ contents: NotesDatabase) -> NotesDatabase {
        NotesDatabase(notesByID: Dictionary(head.notes.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last }),
                      categories: Array(contents.categories.values) + Array(contents.deletedCategories.values),
                      recentColors: contents.recentColors, importSources: Array(contents.importSources.values))
    }
}
