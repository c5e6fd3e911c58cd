import Foundation
import Synchronization
import NotesLinks
import NotesModel
import NotesExchange

/// `notes import` counts the links of the notes it imported that lead to no note (they
/// are kept as written): PRODUCT §5.3, a vault's links to notes not in the import.
extension Import {
    /// The missing links of the notes `plan` puts, in `database` as the import leaves it.
    /// `scanned`: their links scanned ahead (`MissingLinksScan`).
    static func missingLinks(_ plan: Importer.Plan, in database: NotesDatabase,
                             scanned: MissingLinks.Scanned? = nil) -> (links: Int, targets: Int) {
        let ids = plan.changes.compactMap { change -> UUID? in if case .putNote(let note) = change { note.id } else { nil } }
        return MissingLinks.count(from: ids, in: database, scanned: scanned)
    }

    /// `database` with `plan` applied, for a dry run (nil when it cannot be applied: no count then).
    static func planned(_ plan: Importer.Plan, on database: NotesDatabase) -> NotesDatabase? {
        var after = database
        do { try after.apply(plan.changes) } catch { return nil }
        return after
    }

    /// The line about missing links, or nil when there are none.
    static func missingLinksLine(_ missing: (links: Int, targets: Int), dryRun: Bool) -> String? {
        guard missing.links > 0 else { return nil }
        let links = missing.links == 1 ? "1 link points" : "\(ProgressLine.grouped(missing.links)) links point"
        let notes = missing.targets == 1 ? "1 note" : "\(ProgressLine.grouped(missing.targets)) notes"
        return "\(links) at \(notes) not in the import or the store\(dryRun ? " (would be kept" : " (kept") as written; "
            + "notes links --dead lists them)"
    }
}

/// The links of the notes an import puts, scanned on another thread while the store
/// applies and writes them (that thread is otherwise idle then), for the count of missing
/// links made once they are written (`MissingLinks.Scanned`: a note that is not the one
/// scanned is scanned again then).
final class MissingLinksScan: Sendable {
    private let group = DispatchGroup()
    private let result = Mutex<MissingLinks.Scanned?>(nil)

    /// Starts scanning the notes `changes` put, read in the order `database` with
    /// `changes` applied gives them. Everything is done on the other thread.
    init(_ changes: [StoreChange], in database: NotesDatabase) {
        let before = database.importSources
        DispatchQueue.global(qos: .userInitiated).async(group: group) { [self] in
            var sources = before
            var notes: [Note] = []  // every note put, in the order `missingLinks` counts them
            for change in changes {
                switch change {
                case .putNote(let note): notes.append(note)
                case .putImportSource(let source): sources[source.key] = source
                case .dropImportSource(let key): sources[key] = nil
                default: continue
                }
            }
            let scanned = MissingLinks.Scanned(notes: notes, labelFirst: WikiLinkOrder.labelFirstNotes(of: sources))
            result.withLock { $0 = scanned }
        }
    }

    /// The links scanned, once the scan has ended.
    func wait() -> MissingLinks.Scanned? {
        group.wait()
        return result.withLock { $0 }
    }
}
