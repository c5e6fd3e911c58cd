import Glibc
import Foundation
import NotesBase

/// The snapshot a store was opened from, copied into memory (see `SnapshotBytes`)
/// and kept for as long as notes read from it still hold their bodies there (see
/// `SnapshotString`): opening decodes every title, date and tag, but leaves each
/// body as a range of bytes, checked and decoded only when the body is asked for.
///
/// The bytes are private to the process, so they stay as they were whatever happens
/// to the file. notes never changes a snapshot in place — it writes a new file and
/// renames it over the old one. A program that rewrites the file in place while it
/// is open changes its size or modification time; `isIntact` notices that, and the
/// store reads its files again before it writes anything.
///
/// When an index that describes this very file vouches for it (`checksBodiesLazily`),
/// opening only finds where each body ends and leaves checking it to its first read
/// (see `SnapshotString.problem`): the file was written by notes' own writer, and the
/// bodies are two thirds of its bytes.
package final class SnapshotFile: @unchecked Sendable {
    package let path: String
    /// The file's size and modification time when it was copied.
    package let copiedStatus: stat
    /// Whether notes read in the snapshot's own layout leave their bodies unchecked until
    /// they are read. Set before the notes are read, never after.
    package var checksBodiesLazily = false
    /// Bodies left unchecked at open that have since checked good: one bit for each 128
    /// bytes of the file, for the body that starts there (two bodies in the snapshot's
    /// layout start hundreds of bytes apart). Guarded by `checkedLock`: the search text is
    /// built on another thread.
    private var checkedBodies: [UInt64]
    /// Bodies that did not check, by where they start (rare; finding a line costs a scan).
    private var damagedBodies: [Int: JSONError] = [:]
    /// How many times `problem(in:)` has scanned a body: once a body, good or damaged
    /// (twice only if two threads ask for one at the same moment).
    private var scannedBodies = 0
    private let checkedLock = NSLock()
    /// The whole copy until `keepOnly` replaces it with the strings still wanted (see
    /// `SnapshotKeptStrings`); the switch happens under `access`'s write lock, every read
    /// of a string under its read lock.
    private var copy: SnapshotBytes?
    private var kept: SnapshotKeptStrings?
    private let access = ReadWriteLock()
    /// A descriptor of its own on the copied file, for `isIntact` (and strings read
    /// from the file once the copy is gone: see `withString`).
    let fd: Int32
    let size: Int
    private let modified: timespec

    /// Copies the snapshot open as `fd` (which stays owned by the caller).
    package init(fd: Int32, path: String) throws(FileOperationError) {
        let copy = try SnapshotBytes(fd: fd, path: path)
        self.copy = copy
        self.path = path
        let own = fcntl(fd, F_DUPFD_CLOEXEC, 0)  // not inherited by $EDITOR or other children
        guard own >= 0 else { throw .errno(file: path, operation: "duplicate a descriptor") }
        self.fd = own
        copiedStatus = copy.copiedStatus
        size = Int(copy.copiedStatus.st_size)
        modified = copy.copiedStatus.st_mtim
        checkedBodies = [UInt64](repeating: 0, count: copy.bytes.count >> 13 + 1)
    }

    deinit { close(fd) }

    /// The whole copied file, for reading it at open; empty once only the strings still
    /// wanted are kept (`keepOnly`).
    package var bytes: UnsafeBufferPointer<UInt8> {
        access.read { copy?.bytes ?? UnsafeBufferPointer(start: nil, count: 0) }
    }

    /// Whether the whole copy was replaced by the strings still wanted (`keepOnly`).
    package var keepsOnlyStrings: Bool { access.read { copy == nil } }

    /// Calls `read` with a buffer holding the string at `raw` (file offsets) between its
    /// quotes, and how far to shift `raw` to find it there: the whole copy (shift 0), the
    /// kept strings, or, for a string not kept, those bytes read again from the file.
    /// Nil when the string lies outside the file or cannot be read.
    func withString<Result>(_ raw: RawJSONString, _ read: (UnsafeBufferPointer<UInt8>, Int) -> Result) -> Result? {
        guard raw.range.lowerBound > 0, raw.range.upperBound < size else { return nil }
        return access.read { () -> Result? in
            if let copy { return read(copy.bytes, 0) }
            if let (buffer, shift) = kept?.locate(raw) { return read(buffer, shift) }
            // Read from the file only while it is still the file that was copied.
            guard isIntact else { return nil }
            return SnapshotKeptStrings.reread(raw, fd: fd, read)
        }
    }

    /// Replaces the whole copy with a copy of `strings` (with their quotes; the list is
    /// sorted and emptied), so that only what notes still read from the snapshot stays in
    /// memory: the titles, dates, tags and layout around the bodies (a third of the file,
    /// or more) are decoded at open and never read from it again. A string left out is read
    /// from the file when asked for. Check each string first (`SnapshotString.isValid`): a
    /// damage found later is placed by reading the file. Does nothing once done.
    package func keepOnly(_ strings: inout [RawJSONString]) {
        let made = access.read { copy.map { SnapshotKeptStrings(&strings, from: $0.bytes) } ?? nil }
        guard let made else { return }
        let whole = access.write { () -> SnapshotBytes? in
            let whole = copy
            kept = made
            copy = nil
            return whole
        }
        // Unmapped here, outside the lock: a reader waits only for the switch.
        withExtendedLifetime(whole) {}
    }

    /// Why the string between the quotes at `raw` is not a valid JSON string, with its line
    /// and column; nil when it is. Checked at most once while it is good.
    func problem(in raw: RawJSONString) -> JSONError? {
        let slot = raw.range.lowerBound >> 7
        let (word, bit) = (slot >> 6, UInt64(1) << UInt64(slot & 63))
        guard raw.range.lowerBound > 0, raw.range.upperBound < size else {
            return JSONError(reason: "a string outside the file", offset: raw.range.lowerBound, line: 0, column: 0)
        }
        checkedLock.lock()
        let known = checkedBodies[word] & bit != 0
        let damaged = damagedBodies[raw.range.lowerBound]
        checkedLock.unlock()
        if known { return nil }
        if let damaged { return damaged }
        let found = withString(raw) { bytes, shift in check(raw, in: bytes, shift: shift) }
            ?? JSONError(reason: "the file changed after notes read it", offset: raw.range.lowerBound, line: 0, column: 0)
        checkedLock.lock()
        if let found { damagedBodies[raw.range.lowerBound] = found } else { checkedBodies[word] |= bit }
        scannedBodies += 1
        checkedLock.unlock()
        return found
    }

    /// Scans the string at `raw`, found in `bytes` shifted by `shift`; an error names its
    /// place in the file (found by reading the file when `bytes` is not the whole copy).
    private func check(_ raw: RawJSONString, in bytes: UnsafeBufferPointer<UInt8>, shift: Int) -> JSONError? {
        var reader = JSONReader(bytes: bytes, position: raw.range.lowerBound - 1 - shift)
        reader.locatesLines = shift == 0
        var found: JSONError?
        do throws(JSONError) {
            let checked = try reader.scanString()
            if checked.range != (raw.range.lowerBound - shift)..<(raw.range.upperBound - shift) || checked.hasEscapes != raw.hasEscapes {
                found = reader.error("the string does not end where it was found to end", at: raw.range.lowerBound - shift)
            }
        } catch {
            found = error
        }
        guard var found, shift != 0 else { return found }
        found.offset += shift
        (found.line, found.column) = SnapshotKeptStrings.place(of: found.offset, fd: fd)
        return found
    }

    /// How many bodies left unchecked at open have been checked since: a body is scanned
    /// once, whatever reads it again (an export's check, then its write; for tests).
    package var bodiesScanned: Int {
        checkedLock.lock()
        defer { checkedLock.unlock() }
        return scannedBodies
    }

    /// Whether the file still has the size and modification time it had when it was copied.
    package var isIntact: Bool {
        var info = stat()
        return fstat(fd, &info) == 0 && Int(info.st_size) == size
            && info.st_mtim.tv_sec == modified.tv_sec && info.st_mtim.tv_nsec == modified.tv_nsec
    }
}

/// A JSON string still in the copied snapshot: the bytes between its quotes, checked
/// to be a valid string by `JSONReader.scanString` either at open (`checked`) or, for a
/// snapshot its index vouches for, the first time it is read (`problem`). One that does
/// not check reads as a message saying so, and is never written back (see
/// `RecordCodec.write`).
package struct SnapshotString: Sendable {
    package let file: SnapshotFile
    package let raw: RawJSONString
    /// Whether the bytes were checked when the snapshot was read.
    package var checked = true

    package init(file: SnapshotFile, raw: RawJSONString, checked: Bool = true) {
        self.file = file
        self.raw = raw
        self.checked = checked
    }

    /// Why the bytes are not a valid JSON string; nil when they are (see `SnapshotFile.problem`).
    var problem: JSONError? { checked ? nil : file.problem(in: raw) }

    /// Whether the bytes are a valid JSON string.
    package var isValid: Bool { problem == nil }

    /// Where and why the bytes are not a valid JSON string; nil when they are.
    package var damage: BodyDamage? { problem.map { BodyDamage(file: file.path, problem: $0) } }

    /// The decoded text.
    package var text: String {
        guard raw.range.lowerBound > 0, raw.range.upperBound < file.size else { return "" }
        if let damage { return damage.text }
        return file.withString(raw) { bytes, shift in
            let range = (raw.range.lowerBound - shift)..<(raw.range.upperBound - shift)
            guard raw.hasEscapes else { return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
            var reader = JSONReader(bytes: bytes, position: range.lowerBound - 1)
            do throws(JSONError) { return try reader.readString() } catch {
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
            }
        } ?? ""
    }

    /// Calls `read` with the string's bytes as they stand in the snapshot (with their
    /// escapes, if any); nil when they do not check or cannot be read. The bytes are
    /// valid only during `read`.
    package func withRawBytes<Result>(_ read: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        guard isValid else { return nil }
        return file.withString(raw) { bytes, shift in
            read(UnsafeBufferPointer(rebasing: bytes[(raw.range.lowerBound - shift)..<(raw.range.upperBound - shift)]))
        }
    }

    /// Calls `read` with the decoded text as UTF-8, unescaped into a scratch buffer
    /// without building a `String`; nil if the bytes do not decode.
    package func withDecodedUTF8<Result>(_ read: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        guard isValid else { return nil }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(raw.range.count, 1)) { output -> Result? in
            guard let count = decodeUTF8(into: output) else { return nil }
            return read(UnsafeBufferPointer(rebasing: output[0..<count]))
        }
    }

    /// Unescapes the text into `output`, which must hold at least `raw.range.count` bytes
    /// (decoding only ever shortens); returns the count, nil if the bytes do not decode.
    package func decodeUTF8(into output: UnsafeMutableBufferPointer<UInt8>) -> Int? {
        guard output.count >= raw.range.count, isValid else { return nil }
        return file.withString(raw) { bytes, shift -> Int? in
            let start = raw.range.lowerBound - shift
            var reader = JSONReader(bytes: bytes, position: start)
            return try? reader.unescape(from: start, to: raw.range.upperBound - shift, into: output).count
        } ?? nil
    }

    /// Whether both are the same bytes of the same copied file.
    package func isSame(as other: SnapshotString) -> Bool {
        file === other.file && raw.range == other.raw.range
    }
}
