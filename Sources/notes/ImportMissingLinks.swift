import Foundation
import NotesLinks
import NotesModel
import NotesExchange

/// `notes import` counts the links of the notes it imported that lead to no note (they
/// are kept as written): PRODUCT §5.3, a vault's links to notes not in the import.
extension Import {
    /// The missing links of the notes `plan` puts, in `database` as the import leaves it.
    static func missingLinks(_ plan: Importer.Plan, in database: NotesDatabase) -> (links: Int, targets: Int) {
        let ids = plan.changes.compactMap { change -> UUID? in if case .putNote(let note) = change { note.id } else { nil } }
        return MissingLinks.count(from: ids, in: database)
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
        let links = missing.links == 1 ? "1 link points" : "\(missing.links) links point"
        let notes = missing.targets == 1 ? "1 note" : "\(missing.targets) notes"
        return "\(links) at \(notes) not in the import or the store\(dryRun ? " (would be kept" : " (kept") as written; "
            + "notes links --dead lists them)"
    }
}
