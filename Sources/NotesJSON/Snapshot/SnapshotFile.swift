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
    package let copy: SnapshotBytes
    package let path: String
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
    /// A descriptor of its own on the copied file, for `isIntact`.
    private let fd: Int32
    private let size: Int
    private let modified: timespec

    /// Copies the snapshot open as `fd` (which stays owned by the caller).
    package init(fd: Int32, path: String) throws(FileOperationError) {
        copy = try SnapshotBytes(fd: fd, path: path)
        self.path = path
        let own = fcntl(fd, F_DUPFD_CLOEXEC, 0)  // not inherited by $EDITOR or other children
        guard own >= 0 else { throw .errno(file: path, operation: "duplicate a descriptor") }
        self.fd = own
        size = Int(copy.copiedStatus.st_size)
        modified = copy.copiedStatus.st_mtim
        checkedBodies = [UInt64](repeating: 0, count: copy.bytes.count >> 13 + 1)
    }

    deinit { close(fd) }

    package var bytes: UnsafeBufferPointer<UInt8> { copy.bytes }

    /// Why the string between the quotes at `raw` is not a valid JSON string, with its line
    /// and column; nil when it is. Checked at most once while it is good.
    func problem(in raw: RawJSONString) -> JSONError? {
        let slot = raw.range.lowerBound >> 7
        let (word, bit) = (slot >> 6, UInt64(1) << UInt64(slot & 63))
        guard raw.range.lowerBound > 0, raw.range.upperBound < bytes.count else {
            return JSONError(reason: "a string outside the file", offset: raw.range.lowerBound, line: 0, column: 0)
        }
        checkedLock.lock()
        let known = checkedBodies[word] & bit != 0
        let damaged = damagedBodies[raw.range.lowerBound]
        checkedLock.unlock()
        if known { return nil }
        if let damaged { return damaged }
        var reader = JSONReader(bytes: bytes, position: raw.range.lowerBound - 1)
        var found: JSONError?
        do throws(JSONError) {
            let checked = try reader.scanString()
            if checked != raw { found = reader.error("the string does not end where it was found to end", at: raw.range.lowerBound) }
        } catch {
            found = error
        }
        checkedLock.lock()
        if let found { damagedBodies[raw.range.lowerBound] = found } else { checkedBodies[word] |= bit }
        scannedBodies += 1
        checkedLock.unlock()
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
        let bytes = file.bytes
        guard raw.range.lowerBound > 0, raw.range.upperBound < bytes.count else { return "" }
        if let damage { return damage.text }
        guard raw.hasEscapes else { return String(decoding: UnsafeBufferPointer(rebasing: bytes[raw.range]), as: UTF8.self) }
        var reader = JSONReader(bytes: bytes, position: raw.range.lowerBound - 1)
        do throws(JSONError) { return try reader.readString() } catch {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[raw.range]), as: UTF8.self)
        }
    }

    /// The text's bytes in the copied file, when they are the text as they stand (no
    /// escapes); valid while this value is kept.
    package var plainBytes: UnsafeBufferPointer<UInt8>? {
        guard !raw.hasEscapes, raw.range.upperBound < file.bytes.count, isValid else { return nil }
        return UnsafeBufferPointer(rebasing: file.bytes[raw.range])
    }

    /// The text's bytes in the copied file with their escapes, when it has any; valid
    /// while this value is kept.
    package var escapedBytes: UnsafeBufferPointer<UInt8>? {
        guard raw.hasEscapes, raw.range.lowerBound > 0, raw.range.upperBound < file.bytes.count, isValid else { return nil }
        return UnsafeBufferPointer(rebasing: file.bytes[raw.range])
    }

    /// Calls `read` with the decoded text as UTF-8, unescaped into a scratch buffer
    /// without building a `String`; nil if the bytes do not decode.
    package func withDecodedUTF8<Result>(_ read: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        guard raw.range.lowerBound > 0, raw.range.upperBound < file.bytes.count, isValid else { return nil }
        var reader = JSONReader(bytes: file.bytes, position: raw.range.lowerBound)
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(raw.range.count, 1)) { output -> Result? in
            guard let (count, _) = try? reader.unescape(from: raw.range.lowerBound, to: raw.range.upperBound, into: output) else {
                return nil
            }
            return read(UnsafeBufferPointer(rebasing: output[0..<count]))
        }
    }

    /// Unescapes the text into `output`, which must hold at least `raw.range.count` bytes
    /// (decoding only ever shortens); returns the count, nil if the bytes do not decode.
    package func decodeUTF8(into output: UnsafeMutableBufferPointer<UInt8>) -> Int? {
        guard raw.range.lowerBound > 0, raw.range.upperBound < file.bytes.count, output.count >= raw.range.count, isValid else { return nil }
        var reader = JSONReader(bytes: file.bytes, position: raw.range.lowerBound)
        return try? reader.unescape(from: raw.range.lowerBound, to: raw.range.upperBound, into: output).count
    }

    /// Whether both are the same bytes of the same copied file.
    package func isSame(as other: SnapshotString) -> Bool {
        file === other.file && raw.range == other.raw.range
    }
}
