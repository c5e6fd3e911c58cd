import Foundation
import NotesStore

/// `notes-stress undo-purge --store PATH [--count N]`
///
/// What `D` in the UI's trash and its undo do, in a loop (forever when `--count` is 0: the
/// test kills it): each trashed note with attachments is deleted for good by a store that
/// holds deleted attachments for undo (`NotesStoreOptions.holdsDeletedAttachments`), then
/// put back as it was, printing `deleted ID` and `restored ID` after each commit.
enum UndoPurgeLoop {
    static func run(_ options: Options) {
        guard let path = options.string("store") else { Output.fail("undo-purge needs --store PATH") }
        let count = options.int("count", default: 0)
        var storeOptions = NotesStoreOptions(lockTimeout: 30)
        storeOptions.holdsDeletedAttachments = true
        let store: NotesStore
        do { store = try NotesStore.open(at: URL(fileURLWithPath: path), options: storeOptions) } catch { Output.fail("open: \(error)") }
        let notes = store.contents.trash.values.filter { !$0.attachments.isEmpty }.sorted { $0.id.uuidString < $1.id.uuidString }
        guard !notes.isEmpty else { Output.fail("no trashed note with attachments in \(path)") }
        var round = 0
        while count == 0 || round < count {
            round += 1
            for note in notes {
                do {
                    try store.commit(.deleteNote(note.id))
                    Output.line("deleted \(note.id.uuidString)")
                    try store.commit(.putNote(note))
                    Output.line("restored \(note.id.uuidString)")
                } catch {
                    Output.fail("round \(round): \(error)")
                }
            }
        }
        store.close()
    }
}
