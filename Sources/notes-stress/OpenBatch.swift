import Foundation
import NotesModel
import NotesStore

/// `notes-stress open-batch DIR [--after NAME]`: for each case folder `DIR/NAME`
/// (sorted by name, those after `--after` only) opens `DIR/NAME/notes.json` and prints
///
///     NAME<TAB>ok<TAB>notes=… categories=… migrated=… warnings=…
///     NAME<TAB>error<TAB><the error's description>
///     NAME<TAB>recommit-failed<TAB><what went wrong>
///
/// A store that opens is then copied to a scratch folder, given one more commit
/// and reopened: the reopened contents must be what was read plus that commit.
/// `StoreDoctor.examine` is also run on every case (it must not crash either).
enum OpenBatch {
    static func run(_ options: Options) {
        guard let folder = options.positional.first else { Output.fail("open-batch needs a folder") }
        for name in CaseList.names(in: folder, after: options.string("after")) {
            let url = URL(fileURLWithPath: folder).appendingPathComponent(name).appendingPathComponent("notes.json")
            Output.line("\(name)\t" + result(url))
            _ = StoreDoctor.examine(at: url).description
        }
    }

    private static func result(_ url: URL) -> String {
        let store: NotesStore
        do { store = try NotesStore.open(at: url) } catch {
            return "error\t" + Output.oneLine(String(describing: error))
        }
        let contents = store.contents
        let detail = "notes=\(contents.notes.count) categories=\(contents.categories.count) "
            + "migrated=\(store.migrationReport != nil) warnings=" + Output.oneLine(store.warnings.map(\.message).joined(separator: " | "))
        store.close()
        if let problem = recommit(url, expected: contents) { return "recommit-failed\t" + Output.oneLine(problem) + "\t" + detail }
        return "ok\t" + detail
    }

    /// Commits one note to a copy of the store and checks that nothing read is lost on reopening.
    private static func recommit(_ url: URL, expected: NotesDatabase) -> String? {
        let manager = FileManager.default
        let scratch = manager.temporaryDirectory.appendingPathComponent("notes-stress-\(UUID().uuidString)")
        defer { try? manager.removeItem(at: scratch) }
        let copy = scratch.appendingPathComponent("notes.json")
        do {
            try manager.createDirectory(at: scratch, withIntermediateDirectories: true)
            try manager.copyItem(at: url, to: copy)
            let journal = URL(fileURLWithPath: NotesStore.journalPath(for: url))
            if manager.fileExists(atPath: journal.path) {
                try manager.copyItem(at: journal, to: URL(fileURLWithPath: NotesStore.journalPath(for: copy)))
            }
            let store = try NotesStore.open(at: copy)
            let note = Note(title: "recommit", created: Date(timeIntervalSinceReferenceDate: 1))
            try store.commit(.putNote(note))
            var wanted = store.contents
            try store.compactNow()
            store.close()
            let reopened = try NotesStore.open(at: copy)
            defer { reopened.close() }
            var before = expected
            try before.apply(.putNote(note))
            if wanted != before { return "the commit changed other things than the new note" }
            wanted = reopened.contents
            if wanted != before { return "after a commit and compaction the store reads differently: \(difference(before, wanted))" }
        } catch {
            return "\(error)"
        }
        return nil
    }

    private static func difference(_ old: NotesDatabase, _ new: NotesDatabase) -> String {
        let notes = Set(old.notes.keys).symmetricDifference(new.notes.keys).count
            + old.notes.filter { new.notes[$0.key] != nil && new.notes[$0.key] != $0.value }.count
        let categories = Set(old.categories.keys).symmetricDifference(new.categories.keys).count
            + old.categories.filter { new.categories[$0.key] != nil && new.categories[$0.key] != $0.value }.count
        return "\(notes) notes and \(categories) categories differ; recent colors \(old.recentColors == new.recentColors ? "equal" : "differ")"
    }
}

/// The case names in a batch folder, sorted, after `after` if given.
enum CaseList {
    static func names(in folder: String, after: String?) -> [String] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        guard let after else { return names }
        return names.filter { $0 > after }
    }
}
