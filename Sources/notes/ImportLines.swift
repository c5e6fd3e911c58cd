import Foundation
import NotesModel
import NotesStore
import NotesExchange

/// The lines `notes import` prints: each note of a dry run or an import, the attachments,
/// the files skipped and ignored.
extension Import {
    /// What a dry run would do with one note.
    static func dryRunLine(_ item: Importer.Item) -> String {
        switch item.kind {
        case .new: "would import \(item.file): \(item.title)"
        case .updated: "would update \(item.file): \(item.title)"
        case .conflict:
            "would update \(item.file): \(item.title) (changed in notes too: its version would be kept as \"\(item.copyTitle ?? item.title)\")"
        case .renamed: "would follow the rename of \(item.previousFile ?? "?") to \(item.file): \(item.title)"
        }
    }

    /// What a dry run would do with a note whose file is gone.
    static func dryRunLine(_ gone: Importer.Gone) -> String {
        switch gone.action {
        case .left: "gone from the source \(gone.file): \(gone.title) (would be left as it is)"
        case .trashed: "gone from the source \(gone.file): \(gone.title) (would move to the trash)"
        case .kept: "gone from the source \(gone.file): \(gone.title) (would be kept: changed in notes since imported)"
        }
    }

    /// What an import says of a note whose file is gone: what it did always, the rest when `verbose`.
    static func reportLine(_ gone: Importer.Gone, verbose: Bool) -> String? {
        switch gone.action {
        case .left: verbose ? "gone from the source \(gone.file): \(gone.title) (left as it is)" : nil
        case .trashed: "gone from the source \(gone.file): \(gone.title) moved to the trash (notes restore \(gone.noteID.uuidString))"
        case .kept: "gone from the source \(gone.file): \(gone.title) kept: changed in notes since it was imported"
        }
    }

    /// What an import says of one note it changed (nothing for a new or plainly updated one).
    static func reportLine(_ item: Importer.Item, verbose: Bool) -> String? {
        let replaced = item.replaced.isEmpty ? "" : "; the file's values replaced " + item.replaced.map(\.description).joined(separator: ", ")
            + " set in notes"
        switch item.kind {
        case .new: return nil
        case .updated: return replaced.isEmpty ? nil : "updated \(item.file): \(item.title)" + replaced
        case .renamed:
            return verbose || !replaced.isEmpty ? "renamed \(item.previousFile ?? "?") to \(item.file): \(item.title)" + replaced : nil
        case .conflict:
            return "conflict \(item.file): \(item.title) was changed in notes and in the file; the note now holds the file's "
                + "version, and the version from notes is kept as \"\(item.copyTitle ?? item.title)\" (tagged conflict)" + replaced
        }
    }

    /// The notes the plan adds (their attachments are written; those of notes already in the store are not).
    static func addedIDs(_ plan: Importer.Plan) -> Set<UUID> {
        Set(plan.changes.compactMap { if case .putNote(let note) = $0 { note.id } else { nil } })
    }

    /// Removes, after the commit, the files of updated notes their files no longer name; one
    /// that cannot be removed is a warning (the commit stands; `notes doctor` does not list it).
    static func removeDropped(_ paths: [AttachmentPath], storeFolder: URL) {
        for path in paths {
            do { try AttachmentFiles.remove(path, in: storeFolder) } catch {
                Console.warning("an attachment the imported file no longer has could not be removed: \(error)")
            }
        }
    }

    static func attachments(_ batch: ImportBatch, _ plan: Importer.Plan) -> String {
        let ids = addedIDs(plan)
        let count = batch.attachments.following(plan.attachmentMoves).files.keys.count { path in
            path.relativePath.split(separator: "/").dropFirst().first.flatMap { UUID(uuidString: String($0)) }.map(ids.contains) ?? false
        }
        return count > 0 ? ", saved \(ProgressLine.grouped(count)) \(count == 1 ? "attachment" : "attachments")" : ""
    }

    /// An import this large folds the journal into a fresh snapshot before it returns, so
    /// the next start does not read a journal of megabytes (its one line is past the bound anyway).
    static func isBulk(_ batch: ImportBatch) -> Bool { batch.bundle.notes.count >= 1_000 }

    /// A bulk import is written as a fresh snapshot: its journal line would be folded into
    /// one at once (docs/decisions/0073-bulk-import-writes-a-snapshot.md).
    static func writing(_ batch: ImportBatch) -> CommitWriting { isBulk(batch) ? .snapshot : .journalLine }

    static func files(_ count: Int) -> String { "\(ProgressLine.grouped(count)) \(count == 1 ? "file" : "files")" }

    /// `: a.md, b.enex` — the files an import could not read, so that its last error names them
    /// too (the first five, then how many more).
    static func named(_ skipped: [ImportBatch.Skip]) -> String {
        var seen = Set<String>()
        let files = skipped.map(\.file).filter { seen.insert($0).inserted }
        guard !files.isEmpty else { return "" }
        let more = files.count > 5 ? ", and \(files.count - 5) more" : ""
        return ": " + files.prefix(5).joined(separator: ", ") + more
    }

    static func ignored(_ count: Int) -> String {
        count == 0 ? "" : "; ignored \(files(count)) that \(count == 1 ? "is not a note" : "are not notes")"
    }
}
