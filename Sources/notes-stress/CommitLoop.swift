#if canImport(Glibc)
import Glibc
#endif
import Foundation
import NotesTestSupport
import NotesStore

/// `notes-stress commit --store PATH --seed N [--owner NAME] [--count N] [--compact-bytes N] [--compaction inline|background]`
///
/// Commits edits in a loop (forever when `--count` is 0, the default: the test
/// kills it), printing `pending …` before and `ok …` after each commit (see
/// `StressReport`). Small compaction thresholds make kills land in compaction too, and
/// a zero kept-body threshold in lines that keep a note's body (`JournalEntry.keptBodies`).
enum CommitLoop {
    static func run(_ options: Options) {
        guard let path = options.string("store") else { Output.fail("commit needs --store PATH") }
        let seed = UInt64(clamping: options.int("seed", default: 1))
        let owner = options.string("owner") ?? "solo"
        let count = options.int("count", default: 0)
        var storeOptions = NotesStoreOptions(lockTimeout: 30, compactionMinimumBytes: options.int("compact-bytes", default: 4096))
        // Every unchanged body is kept (not written again) by default, so kills land in
        // lines that keep a body too (the program keeps only bodies of 64 KiB and more).
        storeOptions.keptBodyMinimumBytes = options.int("kept-body-bytes", default: 0)
        // `background`: compactions run on a thread of their own and are swapped in by a
        // later commit, so kills land while one is being written and while one is swapped in.
        if options.string("compaction") == "background" { storeOptions.compaction = .background }
        let url = URL(fileURLWithPath: path)
        let store: NotesStore
        do { store = try NotesStore.open(at: url, options: storeOptions) } catch { Output.fail("open: \(error)") }
        var picker = EditPicker(owner: owner, seed: seed, mayTouchSharedState: owner == "solo")
        var number = 0
        while count == 0 || number < count {
            number += 1
            do {
                // Pick from what is current, including other processes' commits.
                _ = try store.refresh()
                let changes = picker.next(store.contents)
                Output.line(StressReport.pending(number, changes).line)
                let journalBefore = journalSize(url)
                try store.commit(changes)
                Output.line(StressReport.ok(number, compacted: journalSize(url) < journalBefore).line)
            } catch {
                Output.fail("commit \(number): \(error)")
            }
        }
        store.close()
    }

    private static func journalSize(_ url: URL) -> Int {
        var info = stat()
        guard stat(NotesStore.journalPath(for: url), &info) == 0 else { return 0 }
        return Int(info.st_size)
    }
}
