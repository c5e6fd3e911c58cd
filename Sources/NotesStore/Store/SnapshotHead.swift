import Glibc
import Foundation
import NotesBase
import NotesModel

/// `notes.json.head`: the first notes of the note list (`NoteListOrder.updated`, the
/// default: pinned first, then most recently updated) as the snapshot holds them, with
/// where each sits in the snapshot, and what the whole list's plain lines need (how many
/// live notes, the id prefix length that tells them apart). The app's first frame and
/// `notes list`'s first lines are read from it instead of the whole snapshot.
///
/// Derived data like `notes.json.index`, written at the same moment (`writeIndex`) and
/// stamped with the same snapshot: a head whose stamp is not the index's, or whose
/// CRC-32 does not match, is not used (the whole store is read, as without it).
struct SnapshotHead: Equatable {
    static let magic = Array("NOTESHD1".utf8)
    /// Notes the head holds: more than the tallest terminal's first screen.
    static let capacity = 512

    var stamp: SnapshotIndex.Stamp
    /// Live notes in the snapshot.
    var liveCount: Int
    /// `PlainOutput.uniquePrefixLength` of the snapshot's live notes.
    var idPrefixLength: Int
    /// The live notes that share `idPrefixLength - 1` characters with another: when one of
    /// them leaves the list, the length may shrink (only the whole store can tell).
    var criticalIDs: [UUID]
    /// The first live notes in list order (at most `capacity`).
    var entries: [SnapshotIndex.Entry]

    static func path(for url: URL) -> String { url.path + ".head" }

    // MARK: Bytes

    /// All little-endian: magic, stamp (5 × 8 bytes), live count (8), prefix length (4),
    /// critical and entry counts (4 each), the critical ids (16 each), the entries (28
    /// each, as in the index), then a CRC-32 of everything before it.
    func encoded() -> [UInt8] {
        var bytes = Self.magic
        for value in [UInt64(stamp.size), stamp.inode, UInt64(bitPattern: stamp.modifiedSeconds),
                      UInt64(bitPattern: stamp.modifiedNanoseconds), UInt64(stamp.sequence), UInt64(liveCount)] {
            SnapshotIndex.put(value, &bytes)
        }
        SnapshotIndex.put(UInt32(idPrefixLength), &bytes)
        SnapshotIndex.put(UInt32(criticalIDs.count), &bytes)
        SnapshotIndex.put(UInt32(entries.count), &bytes)
        for id in criticalIDs { withUnsafeBytes(of: id.uuid) { bytes.append(contentsOf: $0) } }
        for entry in entries {
            withUnsafeBytes(of: entry.id.uuid) { bytes.append(contentsOf: $0) }
            SnapshotIndex.put(UInt64(entry.offset), &bytes)
            SnapshotIndex.put(UInt32(entry.length), &bytes)
        }
        SnapshotIndex.put(CRC32.checksum(bytes), &bytes)
        return bytes
    }

    static let fixedBytes = 8 + 6 * 8 + 3 * 4

    /// Reads and checks the head beside `url`; throws `Unusable` (the index itself is not
    /// at fault) when it is missing, damaged or of another shape.
    static func read(for url: URL) throws -> SnapshotHead {
        let path = path(for: url)
        func unusable(_ why: String) -> SnapshotIndex.Unusable {
            SnapshotIndex.Unusable(description: "\(path) \(why)", indexIsBad: false, headIsBad: true)
        }
        guard let fd = try DurableFile.openRegular(path, O_RDONLY, purpose: "open the list head") else { throw unusable("is missing") }
        defer { DurableFile.closeFile(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, Int(info.st_size) >= fixedBytes + 4, Int(info.st_size) <= 1 << 20 else {
            throw unusable("has the wrong size")
        }
        let all = try SnapshotIndexFile.read(fd, at: 0, count: Int(info.st_size))
        let bytes = all[..<(all.count - 4)]
        guard Array(bytes.prefix(8)) == magic else { throw unusable("is not a list head") }
        guard CRC32.checksum(Array(bytes)) == SnapshotIndex.get(UInt32.self, all[...], all.count - 4) else {
            throw unusable("is damaged (its checksum does not match)")
        }
        func u64(_ at: Int) -> UInt64 { SnapshotIndex.get(UInt64.self, bytes, at) }
        func u32(_ at: Int) -> Int { Int(SnapshotIndex.get(UInt32.self, bytes, at)) }
        let critical = u32(60), count = u32(64)
        guard bytes.count == fixedBytes + critical * 16 + count * SnapshotIndex.entryBytes else { throw unusable("has the wrong size") }
        let stamp = SnapshotIndex.Stamp(size: Int(clamping: u64(8)), inode: u64(16), modifiedSeconds: Int64(bitPattern: u64(24)),
                                        modifiedNanoseconds: Int64(bitPattern: u64(32)), sequence: Int(clamping: u64(40)))
        let criticalIDs = (0..<critical).map { SnapshotIndex.uuid(bytes, fixedBytes + $0 * 16) }
        let entriesStart = fixedBytes + critical * 16
        let entries = (0..<count).map { index in
            let at = entriesStart + index * SnapshotIndex.entryBytes
            return SnapshotIndex.Entry(id: SnapshotIndex.uuid(bytes, at), offset: Int(clamping: u64(at + 16)), length: u32(at + 24))
        }
        return SnapshotHead(stamp: stamp, liveCount: Int(clamping: u64(48)), idPrefixLength: u32(56),
                            criticalIDs: criticalIDs, entries: entries)
    }
}

/// Gathers `SnapshotHead` while the snapshot writer lays out its notes (`SnapshotLayout.add`),
/// in one pass: the first notes in list order, kept to a few times the capacity between
/// prunings, and the live ids for the prefix length. Notes are compared by their list key
/// (`NoteListOrder.key(pinned:date:)`, read in place), and by `tieBreak` only when two keys
/// are equal: handing each note to `precedes` in another module copied it (every field
/// retained and released), for every note written and at every comparison of a pruning.
struct SnapshotHeadCollector {
    private static let order = NoteListOrder.updated

    private struct Candidate {
        var key: UInt64
        var note: Note
        var entry: SnapshotIndex.Entry

        /// Whether this candidate is listed before `other` (`NoteListOrder.precedes`).
        func precedes(_ other: Candidate) -> Bool {
            key != other.key ? key < other.key : SnapshotHeadCollector.order.tieBreak(note, other.note)
        }
    }

    private var candidates: [Candidate] = []
    /// Once pruned: the last note kept; a note not before it cannot be in the head.
    private var threshold: Candidate?
    private var liveIDs: [UUIDBitsPair] = []

    mutating func add(_ note: Note, offset: Int, length: Int) {
        guard note.deleted == nil else { return }
        liveIDs.append(UUIDBitsPair(note.id))
        let key = NoteListOrder.key(pinned: note.pinned, date: note.updated)
        if let threshold, key >= threshold.key, key > threshold.key || !Self.order.tieBreak(note, threshold.note) { return }
        candidates.append(Candidate(key: key, note: note, entry: SnapshotIndex.Entry(id: note.id, offset: offset, length: length)))
        if candidates.count >= 4 * SnapshotHead.capacity { prune() }
    }

    private mutating func prune() {
        candidates.sort { $0.precedes($1) }
        candidates.removeLast(max(0, candidates.count - SnapshotHead.capacity))
        if candidates.count == SnapshotHead.capacity { threshold = candidates.last }
    }

    /// The head of the snapshot `stamp` names.
    func head(stamp: SnapshotIndex.Stamp) -> SnapshotHead {
        var collected = self
        collected.prune()
        let prefix = UUIDBitsPair.prefixLength(of: &collected.liveIDs)
        return SnapshotHead(stamp: stamp, liveCount: collected.liveIDs.count, idPrefixLength: prefix.length,
                            criticalIDs: prefix.critical, entries: collected.candidates.map(\.entry))
    }
}

extension SnapshotLayout {
    /// Writes the list head of the snapshot `index` describes (these notes, just laid out)
    /// to `path`: right after that index is written, and in the same way (`replace` beside
    /// the store, `writeNew` for a compaction's file renamed into place later). Derived
    /// data: returns whether it did.
    func writeHead(describedBy index: SnapshotIndex, to path: String, replacing: Bool) -> Bool {
        let bytes = head.head(stamp: index.stamp).encoded()
        do {
            if replacing { try DurableFile.replace(URL(fileURLWithPath: path), with: bytes) } else { try DurableFile.writeNew(path, bytes) }
        } catch { return false }
        return true
    }
}
