import Glibc
import Foundation

/// `notes doctor`: checks a store and salvages what can be read.
public enum StoreDoctor {
    /// Reads the store without changing anything and lists every problem with its place.
    public static func examine(at url: URL, registry: ValueTransformerRegistry? = nil) -> DoctorReport {
        let url = (try? StoreLocation.realFile(url)) ?? url.standardizedFileURL
        let registry = registry ?? StoreSchema.defaultRegistry(storeFolder: url.deletingLastPathComponent())
        var report = DoctorReport(storePath: url.path)
        let transformers: StoreTransformers
        do { transformers = try StoreSchema.transformers(from: registry) } catch {
            report.problems.append(DoctorProblem(file: url.path, place: nil, message: error.description))
            return report
        }
        var salvage = StoreSalvage(url: url, transformers: transformers)
        salvage.run(registry: registry)
        if !salvage.snapshotExists && !salvage.journalExists {
            report.problems.append(DoctorProblem(file: url.path, place: nil, message: "there is no store here"))
        }
        report.problems = salvage.problems + report.problems
        if salvage.snapshotExists, salvage.tooNew == nil {
            let (problem, notice) = SnapshotIndex.examine(for: url, records: salvage.codec.records)
            if let problem { report.problems.append(problem) }
            if let notice { report.notices.append(notice) }
        }
        report.readableNotes = salvage.database.notes.count
        report.readableCategories = salvage.database.categories.count
        report.readable = salvage.database
        report.tornJournalFiles = tornJournalFiles(of: url)
        // Not a problem of the files (salvaging would not help): the journal keeps growing.
        if let failure = CompactionFailure.warning(for: url) { report.notices.append(failure) }
        if salvage.tooNew == nil, salvage.snapshotExists || salvage.journalExists {
            let attachments = AttachmentCheck.examine(salvage.database, storeFolder: url.deletingLastPathComponent())
            report.problems += attachments.problems
            report.notices += attachments.notices
        }
        return report
    }

    /// The `notes.json.journal.torn-…` files beside the store, sorted.
    static func tornJournalFiles(of url: URL) -> [String] {
        let folder = url.deletingLastPathComponent()
        let prefix = URL(fileURLWithPath: NotesStore.journalPath(for: url)).lastPathComponent + ".torn-"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasPrefix(prefix) }.sorted().map { folder.appendingPathComponent($0).path }
    }

    /// Keeps backups of the store's files, then writes a store of everything
    /// readable (and an empty journal). A healthy store is left alone.
    /// Throws for a newer store, a missing one, or when writing fails.
    public static func salvage(at url: URL, registry: ValueTransformerRegistry? = nil,
                               progress: ((SalvageProgress) -> Void)? = nil) throws -> DoctorReport {
        let url = try StoreLocation.realFile(url)
        let registry = registry ?? StoreSchema.defaultRegistry(storeFolder: url.deletingLastPathComponent())
        let transformers = try StoreSchema.transformers(from: registry)
        let lock = try StoreLock(path: NotesStore.lockPath(for: url), readOnly: false)
        defer { lock.close() }
        try lock.lock(timeout: 5)
        var salvage = StoreSalvage(url: url, transformers: transformers)
        salvage.progress = progress
        salvage.run(registry: registry)
        if let version = salvage.tooNew {
            throw StoreError.tooNew(file: url.path, found: version, supported: StoreSchema.formatVersion)
        }
        guard salvage.snapshotExists || salvage.journalExists else {
            throw StoreError.io(file: url.path, operation: "salvage the store", reason: "there is no store here")
        }
        var report = DoctorReport(storePath: url.path)
        report.problems = salvage.problems
        report.readableNotes = salvage.database.notes.count
        report.readableCategories = salvage.database.categories.count
        report.tornJournalFiles = tornJournalFiles(of: url)
        if report.isHealthy, salvage.snapshotExists,
           let problem = SnapshotIndex.examine(for: url, records: salvage.codec.records).problem {
            // Only the index (derived data) is bad: write it anew from the snapshot, which is fine.
            report.problems = [problem]
            if let snapshot = try DurableFile.read(url.path), SnapshotIndex.write(for: url, snapshot: snapshot, records: salvage.codec.records) {
                report.actions.append("wrote the index \(SnapshotIndex.path(for: url)) anew from \(url.path)")
            } else {
                report.actions.append("removed the index \(SnapshotIndex.path(for: url)); commands read the whole store until a compaction writes one")
                unlink(SnapshotIndex.path(for: url))
            }
            return report
        }
        guard !report.isHealthy else { return report }
        progress?(.writing(done: 0, total: salvage.database.notes.count + salvage.database.trash.count))
        let stamp = timestamp()
        for (path, suffix) in [(url.path, "salvage-\(stamp).backup"), (NotesStore.journalPath(for: url), "salvage-\(stamp).backup")] {
            guard let bytes = try DurableFile.read(path), !bytes.isEmpty else { continue }
            let backup = NotesStore.unusedBackupURL(for: URL(fileURLWithPath: path), suffix: suffix)
            try DurableFile.replace(backup, with: bytes)
            report.actions.append("kept the original \(path) at \(backup.path)")
        }
        let snapshot = try salvage.codec.encode(salvage.database, sequence: salvage.sequence, preserved: salvage.preserved,
                                                progress: progress.map { told in { told(.writing(done: $0, total: $1)) } })
        try DurableFile.replace(url, with: snapshot)
        if SnapshotIndex.write(for: url, snapshot: snapshot, records: salvage.codec.records) {
            report.actions.append("wrote its index \(SnapshotIndex.path(for: url))")
        }
        let journal = NotesStore.journalPath(for: url)
        if salvage.journalExists {
            let fd = try DurableFile.openRegular(journal, O_WRONLY, purpose: "empty the journal") ?? -1
            defer { if fd >= 0 { close(fd) } }
            guard fd >= 0, ftruncate(fd, 0) == 0, fsync(fd) == 0 else {
                throw StoreError.io(file: journal, operation: "empty the journal", reason: DurableFile.errnoText())
            }
        }
        report.actions.append("wrote \(url.path) with \(report.readableNotes) notes and \(report.readableCategories) categories")
        return report
    }

    /// The current UTC time as `20260102-103000`, for the names of kept files.
    static func timestamp() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return formatter.string(from: Date())
    }
}
