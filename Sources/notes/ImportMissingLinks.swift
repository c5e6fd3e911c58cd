import Foundation
import Synchronization
import NotesLinks
import NotesModel
import NotesExchange

/// `notes import` counts the links of the notes it imported that lead to no note (they
/// are kept as written): PRODUCT §5.3, a vault's links to notes not in the import.
extension Import {
    /// The missing links of the notes `plan` puts, in `database` as the import leaves it.
    /// `scanned`: their links scanned ahead (`KeptLinks`).
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

/// The note links of the notes an import puts, as the rename index's tables scanned them
/// while the import's snapshot was written (`LinkIndexFile.makeCompanion(keeping:)`): the count
/// of missing links made once they are written reads them instead of scanning every body
/// again (`MissingLinks.Scanned`: a note that is not the one scanned is scanned again then).
final class KeptLinks: Sendable {
    private let state = Mutex<(wanted: Set<UUID>, scanned: MissingLinks.Scanned?)>(([], nil))

    /// The notes whose links are kept (none until `want`).
    var wanted: Set<UUID> { state.withLock { $0.wanted } }

    /// The links kept, once a snapshot's tables were made after `want`.
    var scanned: MissingLinks.Scanned? { state.withLock { $0.scanned } }

    /// Asks for the links of the notes `changes` put.
    func want(_ changes: [StoreChange]) {
        var ids = Set<UUID>()
        ids.reserveCapacity(changes.count)
        for change in changes { if case .putNote(let note) = change { ids.insert(note.id) } }
        state.withLock { $0.wanted = ids }
    }

    func keep(_ scanned: MissingLinks.Scanned) {
        state.withLock { if !$0.wanted.isEmpty { $0.scanned = scanned } }
    }
}
