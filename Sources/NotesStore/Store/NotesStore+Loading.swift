import Glibc
import Foundation
import NotesJSON
import NotesModel

/// Loading: the snapshot read (and migrated), the journal replayed, under the lock.
extension NotesStore {
    /// Reads the snapshot (migrating an older one) and replays the journal; for a partial
    /// store, what it needs through the index, or everything if the index cannot answer.
    /// Called under the lock.
    func loadAll() throws {
        if let view = partial {
            do { try loadPartial(view) } catch let reason as SnapshotIndex.Unusable { try loadWholeInstead(reason) }
            return
        }
        try loadWhole()
    }

    /// Closes the journal and clears what an earlier load read, before a load starts anew.
    func forgetLoadedState() {
        if journalFD >= 0 { DurableFile.closeFile(journalFD) }
        journalFD = -1
        journalOffset = 0
        journalLines = 0
        warnings = []
        preserved = [:]
        handedOffCompaction = false
    }

    /// Reads the whole snapshot (migrating an older one) and replays the journal. Under the lock.
    func loadWhole() throws {
        forgetLoadedState()
        let path = url.path
        guard let fd = try DurableFile.openRegular(path, O_RDONLY, purpose: "open the store") else {
            contents = NotesDatabase()
            snapshotFile = nil
            sequence = 0
            touches.reset(at: 0)
            if !isReadOnly {
                try DurableFile.replace(url, with: try codec.encode(contents, sequence: 0, preserved: [:]))
            }
            try holdSnapshot()
            _ = try readJournal()
            return
        }
        var decoded = try decodeSnapshot(fd: fd, path: path)
        contents = decoded.database
        decoded.database = NotesDatabase()  // so that `contents` is the only reference and replaying does not copy it
        sequence = decoded.sequence
        touches.reset(at: sequence)
        warnings = decoded.warnings
        preserved = decoded.preserved
        _ = try readJournal()
    }

    /// Decodes (or migrates) the snapshot open as `fd`, from a private copy (`SnapshotFile`). The
    /// descriptor is kept as the held snapshot (see `snapshotFD`), unless it was migrated.
    private func decodeSnapshot(fd: Int32, path: String) throws -> DecodedSnapshot {
        let file: SnapshotFile
        do { file = try SnapshotFile(fd: fd, path: path) } catch {
            DurableFile.closeFile(fd)
            throw StoreError.io(file: error.file, operation: error.operation, reason: error.reason)
        }
        holdSnapshot(fd)
        snapshotFile = file
        let version: Int
        do { version = try SnapshotCodec.readVersion(file.bytes) } catch { throw corrupt(error, file: path) }
        guard version <= StoreSchema.formatVersion else {
            throw StoreError.tooNew(file: path, found: version, supported: StoreSchema.formatVersion)
        }
        if version < StoreSchema.formatVersion {
            snapshotFile = nil
            let decoded = try migrate(Array(file.bytes), from: version)
            try holdSnapshot()
            return decoded
        }
        // An index that describes this very file says how many notes it holds, and that
        // notes' own writer wrote it: its bodies are then checked when first read.
        let index = SnapshotIndexFile.describing(file, at: url)
        file.checksBodiesLazily = index != nil
        do { return try codec.decode(file, noteCount: index?.entryCount) } catch { throw corrupt(error, file: path) }
    }

    /// Applies what other processes committed since we last read: the new journal
    /// lines, or everything if the snapshot was replaced (compacted). Under the lock.
    /// Says which changes it applied (`CaughtUp`).
    func catchUp() throws -> CaughtUp {
        let current = try DurableFile.identity(url.path)
        let held = FileIdentity(openFile: snapshotFD)
        // The same file, not rewritten in place by another program since it was read.
        let sameSnapshot = (held.map { $0.isSameFile(as: current) && $0.size == snapshotIdentity?.size } ?? (current == nil))
            && snapshotFile?.isIntact != false && partialSnapshotIntact
        var journalShrank = false
        var journalReplaced = false
        if sameSnapshot, journalFD >= 0 {
            var info = stat()
            if fstat(journalFD, &info) == 0, Int(info.st_size) < journalOffset { journalShrank = true }
            let atPath = try DurableFile.identity(journalPath)
            journalReplaced = FileIdentity(openFile: journalFD)?.isSameFile(as: atPath) != true
        }
        if journalReplaced {
            // Appending to the journal we hold would write into a file nobody reads again.
            try loadAll()
            warn("\(journalPath) was removed or replaced by another program while notes had it open; notes read the store again from its files")
            return .reloaded
        }
        guard sameSnapshot, !journalShrank else {
            // Another process compacted: when it left a record that it compacted the very
            // snapshot held here, up to a line this store has applied, only the held files
            // change (no reading of the whole store on a key); otherwise everything is read
            // again, taken as a change without comparing every note.
            if !sameSnapshot, partial == nil, try adoptCompaction() { return try readJournal() }
            try loadAll()
            return .reloaded
        }
        do { return try readJournal() } catch let reason as SnapshotIndex.Unusable {
            try loadWholeInstead(reason)
            return .reloaded
        }
    }

    /// For a partial store: whether the snapshot it reads notes from is still the file its
    /// index describes (not rewritten in place); true for a whole store.
    var partialSnapshotIntact: Bool {
        guard let index = partial?.index else { return true }
        return SnapshotIndex.Stamp(snapshotFD: snapshotFD, sequence: 0)?.describesSameFile(as: index.stamp) == true
    }

    /// Opens the snapshot file now at the store's path and keeps it open (see `snapshotFD`),
    /// closing the one held before. Called under the lock, right after reading or writing it.
    func holdSnapshot() throws(StoreError) {
        guard let fd = try DurableFile.openRegular(url.path, O_RDONLY, purpose: "open the store") else {
            holdSnapshot(-1)
            return
        }
        holdSnapshot(fd)
    }

    /// Keeps `fd` (already open on the snapshot, or -1 for none) as the held snapshot, closing the one held before.
    func holdSnapshot(_ fd: Int32) {
        if snapshotFD >= 0 { DurableFile.closeFile(snapshotFD) }
        snapshotFD = fd
        snapshotIdentity = fd >= 0 ? FileIdentity(openFile: fd) : nil
    }

    /// Opens the journal; with `create`, creates it (0600) if missing. Returns whether it is open.
    func openJournal(create: Bool) throws(StoreError) -> Bool {
        if journalFD >= 0 { return true }
        let path = journalPath
        let existed = access(path, F_OK) == 0
        guard let fd = try DurableFile.openRegular(path, O_RDWR | (create ? O_CREAT : 0), purpose: "open the journal") else {
            return false
        }
        journalFD = fd
        if !existed { try DurableFile.syncFolder(of: url) }
        return true
    }

    /// Reads journal lines after `journalOffset` and applies those newer than `sequence`;
    /// returns their changes as applied (kept bodies filled in).
    func readJournal() throws -> CaughtUp {
        let opened = isReadOnly ? try openJournalReadOnly() : try openJournal(create: false)
        guard opened else { return .nothing }
        let offset = journalOffset
        let bytes = try DurableFile.readAll(journalFD, path: journalPath, from: offset)
        guard !bytes.isEmpty else { return .nothing }
        let scan = try JournalScan.scan(bytes, offset: offset, firstLine: journalLines + 1, codec: journalCodec, file: journalPath)
        if partial != nil { try prepareTouched(by: scan.entries.filter { $0.entry.sequence > sequence }.map(\.entry)) }
        var applied: [StoreChange] = []
        for (line, read) in scan.entries where read.sequence > sequence {
            var entry = read
            do {
                try entry.fillKeptBodies(from: contents)
                try Self.validate(entry.changes, against: contents)
            } catch {
                throw StoreError.corrupt(file: journalPath, place: "line \(line)", reason: "its change cannot be applied: \(error)")
            }
            for change in entry.changes { try contents.apply(change) }
            sequence = entry.sequence
            touches.record(entry.changes, sequence: sequence)
            warnings.append(contentsOf: entry.warnings)
            preserved.merge(entry.preserved) { _, new in new }
            forgetReplacedColors(entry.changes)
            noteEmptiedCategories(entry.changes)
            applied.append(contentsOf: entry.changes)
        }
        journalOffset = scan.goodLength
        journalLines += scan.linesRead
        if scan.tornTail {
            warn("\(journalPath): line \(journalLines + 1): the last commit is incomplete or damaged (\(bytes.count - (scan.goodLength - offset)) bytes), so it is not part of the store; the next commit moves these bytes to \(journalPath).torn-<date>, and 'notes doctor' shows them")
        }
        return applied.isEmpty ? .nothing : .changes(applied)
    }

    private func openJournalReadOnly() throws(StoreError) -> Bool {
        if journalFD >= 0 { return true }
        guard let fd = try DurableFile.openRegular(journalPath, O_RDONLY, purpose: "open the journal") else { return false }
        journalFD = fd
        return true
    }

    /// Migrates an older snapshot: keeps the original as `notes.json.v<N>.backup`,
    /// writes the migrated snapshot and empties the journal (folded in first when the
    /// older format had one: see `foldOlderJournal`).
    func migrate(_ bytes: [UInt8], from version: Int) throws -> DecodedSnapshot {
        let path = url.path
        let migrated: [UInt8]
        do {
            if version >= Self.firstFormatWithTodaysSnapshotLayout {
                // Only the journal changed since (see `MigrationSteps.keepBodiesInJournal`):
                // today's reader reads the snapshot as it is, however large, without a JSON tree.
                migrated = bytes
            } else {
                let document = try JSONValue.parse(bytes)
                migrated = try Migrator(registry: registry).migrate(document, upTo: StoreSchema.formatVersion).jsonBytes(pretty: false)
            }
        } catch let error as JSONError {
            throw corrupt(error, file: path)
        } catch let error as MigrationError {
            throw StoreError.migrationFailed(file: path, step: error.step, reason: error.reason)
        }
        var decoded: DecodedSnapshot
        do { decoded = try codec.decode(migrated) } catch {
            throw StoreError.migrationFailed(file: path, step: "read the migrated store", reason: error.description)
        }
        guard !isReadOnly else {
            migrationReport = "\(path) is format \(version); opening it will migrate it to format \(StoreSchema.formatVersion)"
            return decoded
        }
        let backup = Self.unusedBackupURL(for: url, suffix: "v\(version).backup")
        try DurableFile.replace(backup, with: bytes)
        try foldOlderJournal(of: version, into: &decoded)
        try DurableFile.replace(url, with: try codec.encode(decoded.database, sequence: decoded.sequence, preserved: decoded.preserved))
        if try openJournal(create: false) {
            guard ftruncate(journalFD, 0) == 0, fsync(journalFD) == 0 else {
                throw StoreError.io(file: journalPath, operation: "empty the journal", reason: DurableFile.errnoText())
            }
        }
        migrationReport = "migrated \(path) from format \(version) to \(StoreSchema.formatVersion); the original is kept at \(backup.path)"
        return decoded
    }

    /// `notes.json.<suffix>`, or `notes.json.<suffix>.2`, … if that exists.
    static func unusedBackupURL(for url: URL, suffix: String) -> URL {
        let base = url.path + "." + suffix
        var candidate = base
        var number = 2
        while access(candidate, F_OK) == 0 {
            candidate = "\(base).\(number)"
            number += 1
        }
        return URL(fileURLWithPath: candidate)
    }
}
