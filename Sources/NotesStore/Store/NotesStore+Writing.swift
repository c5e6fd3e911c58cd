import Glibc
import Foundation
import NotesModel

/// Writing: journal lines appended, and the journal compacted into the snapshot.
extension NotesStore {
    /// Appends one journal line for `changes` and `fdatasync`s it. Under the lock,
    /// after `catchUp`. A torn or damaged last line is moved aside first (see
    /// `setAsideJournalTail`). The line is read back before it is written: a commit
    /// that returns is always readable.
    func append(_ changes: [StoreChange]) throws {
        _ = try openJournal(create: true)
        let kept = JournalEntry.keptBodies(of: changes, in: contents, minimumBytes: options.keptBodyMinimumBytes)
        let line = try journalCodec.encodeLine(sequence: sequence + 1, changes: changes, preserved: preserved, keptBodies: kept)
        do { try journalCodec.checkLine(line.dropLast()) } catch {
            throw StoreError.io(file: journalPath, operation: "write the commit",
                                reason: "it holds a value notes could not read back (\(error.reason)); nothing was written")
        }
        try setAsideJournalTail()
        var done = 0
        while done < line.count {
            let count = line.withUnsafeBytes { buffer in
                pwrite(journalFD, buffer.baseAddress.map { $0 + done }, buffer.count - done, off_t(journalOffset + done))
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                let reason = DurableFile.errnoText()
                _ = ftruncate(journalFD, off_t(journalOffset))
                throw StoreError.io(file: journalPath, operation: "append a commit", reason: reason)
            }
            done += count
        }
        guard fdatasync(journalFD) == 0 else {
            let reason = DurableFile.errnoText()
            _ = ftruncate(journalFD, off_t(journalOffset))
            throw StoreError.io(file: journalPath, operation: "fdatasync", reason: reason)
        }
        sequence += 1
        journalOffset += line.count
        journalLines += 1
    }

    /// Moves the journal's bytes after the last good line — a commit torn by a crash,
    /// or a last line damaged on disk — into `notes.json.journal.torn-<date>` and cuts
    /// them off: treating them as never committed is the write-ahead-log rule, but the
    /// bytes are never destroyed. Under the lock, after `catchUp`.
    func setAsideJournalTail() throws {
        guard journalFD >= 0 else { return }
        var info = stat()
        guard fstat(journalFD, &info) == 0 else {
            throw StoreError.io(file: journalPath, operation: "stat", reason: DurableFile.errnoText())
        }
        guard Int(info.st_size) != journalOffset else { return }
        if Int(info.st_size) > journalOffset {
            let tail = try DurableFile.readAll(journalFD, path: journalPath, from: journalOffset)
            let side = Self.unusedBackupURL(for: URL(fileURLWithPath: journalPath), suffix: "torn-\(StoreDoctor.timestamp())")
            try DurableFile.replace(side, with: tail)
            warn("\(journalPath): the incomplete or damaged last commit (\(tail.count) bytes) was moved to \(side.path)")
        }
        guard ftruncate(journalFD, off_t(journalOffset)) == 0 else {
            throw StoreError.io(file: journalPath, operation: "cut off an interrupted commit", reason: DurableFile.errnoText())
        }
    }

    /// Whether the journal has grown enough to fold it into the snapshot: past the minimum,
    /// and past a fraction of the snapshot or the maximum, whichever comes first.
    var shouldCompact: Bool {
        let snapshotSize = snapshotIdentity?.size ?? 0
        return journalOffset > options.compactionMinimumBytes
            && (Double(journalOffset) > Double(snapshotSize) * options.compactionRatio
                || journalOffset > options.compactionMaximumBytes)
    }

    /// Writes the current contents as a new snapshot (durably, with the current
    /// sequence number), then empties the journal. A crash between the two steps is
    /// safe: journal lines numbered up to the snapshot's sequence are skipped.
    func compact() throws {
        try refuseIfPartial()
        try setAsideJournalTail()
        try writeSnapshot()
        if journalFD >= 0 {
            guard ftruncate(journalFD, 0) == 0, fdatasync(journalFD) == 0 else {
                throw StoreError.io(file: journalPath, operation: "empty the journal", reason: DurableFile.errnoText())
            }
        }
        journalOffset = 0
        journalLines = 0
        CompactionFailure.clear(for: url)
    }

    /// The first step of `compact`: replaces the snapshot, leaving the journal as it is.
    /// The snapshot is written to its new file as it is made, through a buffer of a MiB
    /// (`SnapshotOutput`): the store's text is never held whole beside its contents.
    func writeSnapshot() throws {
        try refuseIfPartial()
        let companions = Self.startCompanions(options.snapshotCompanions, on: contents)
        let ledger = ledger(folding: sequence)
        var layout = SnapshotLayout()
        try DurableFile.replace(url) { fd, path in
            var output = SnapshotOutput { piece in try DurableFile.writeAll(fd, piece, path: path) }
            output.progress = snapshotProgress
            try codec.write(contents, sequence: sequence, preserved: preserved, layout: &layout, to: &output)
        }
        try holdSnapshot()
        writeLedger(ledger)
        writeIndex(layout: layout)
        _ = Self.afterSnapshotWritten(companions, at: url.path) { url.path + $0 }
    }

    /// A store that holds only some notes never writes a snapshot (it would lose the others).
    func refuseIfPartial() throws {
        guard partial != nil else { return }
        throw StoreError.io(file: url.path, operation: "write the snapshot",
                            reason: "this store was opened for a few notes only; a compaction is left to 'notes compact'")
    }

    /// Folds the journal into the snapshot now, whatever its size.
    public func compactNow() throws {
        guard !isClosed else { throw StoreError.closed }
        guard !isReadOnly else { return }
        try lock.lock(timeout: options.lockTimeout)
        defer { lock.unlock() }
        _ = try catchUp()
        try checkSnapshotIntact()
        guard partial == nil else { return }
        try compact()
    }
}
