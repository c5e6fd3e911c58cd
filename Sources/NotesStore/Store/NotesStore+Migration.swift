import Foundation

/// Migration: an older store's journal folded into its migrated snapshot.
extension NotesStore {
    /// The first format with a journal beside the snapshot.
    static let firstJournaledFormat = 3
    /// The first format whose snapshot today's reader reads as it is (format 5 changed
    /// only what a journal line may hold; format 6 added an optional member; format 7 only a
    /// journal change; format 8 and 9 optional members of a note; format 10 an optional
    /// member of an import record).
    static let firstFormatWithTodaysSnapshotLayout = 4

    /// Folds the journal of an older journaled store (format 3 on) into its migrated
    /// snapshot, so that emptying the journal after a migration loses no commit; the
    /// journal's bytes are kept first as `notes.json.journal.v<N>.backup`. Its lines
    /// read with today's codec: a format-3 record is a format-4 one without `deleted`.
    func foldOlderJournal(of version: Int, into decoded: inout DecodedSnapshot) throws {
        guard version >= Self.firstJournaledFormat, try openJournal(create: false) else { return }
        let bytes = try DurableFile.readAll(journalFD, path: journalPath, from: 0)
        guard !bytes.isEmpty else { return }
        let backup = Self.unusedBackupURL(for: URL(fileURLWithPath: journalPath), suffix: "v\(version).backup")
        try DurableFile.replace(backup, with: bytes)
        let scan = try JournalScan.scan(bytes, offset: 0, firstLine: 1, codec: journalCodec, file: journalPath)
        for (line, read) in scan.entries where read.sequence > decoded.sequence {
            var entry = read
            do {
                try entry.fillKeptBodies(from: decoded.database)
                try decoded.database.apply(entry.changes)
            } catch {
                throw StoreError.migrationFailed(file: journalPath, step: "fold the format-\(version) journal",
                                                 reason: "line \(line): its change cannot be applied: \(error)")
            }
            decoded.sequence = entry.sequence
            decoded.warnings.append(contentsOf: entry.warnings)
            decoded.preserved.merge(entry.preserved) { _, new in new }
        }
    }
}
