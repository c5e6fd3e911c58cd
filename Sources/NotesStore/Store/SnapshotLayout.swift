import Foundation
import NotesBase
import NotesModel

/// Where the snapshot writer put each note, noted while it writes (`SnapshotCodec.encode`):
/// what `notes.json.index` holds, without reading the snapshot again to find it out.
struct SnapshotLayout {
    var sequence = 0
    /// Bytes before the first note: up to and including the `[` of `notes`.
    var headLength = 0
    /// The CRC-32 of those bytes.
    var headChecksum: UInt32 = 0
    /// The bytes of the whole snapshot, once written.
    var size = 0
    var liveCategories = Set<UUID>()
    var liveCounts: [UUID: Int] = [:]
    var entries: [SnapshotIndex.Entry] = []
    /// The first notes of the list and what their lines need (`notes.json.head`).
    var head = SnapshotHeadCollector()

    init(sequence: Int = 0) {
        self.sequence = sequence
    }

    /// Notes the bytes before the first note (`head`, the text written so far).
    mutating func noteHead(_ head: [UInt8]) {
        headLength = head.count
        headChecksum = head.withUnsafeBufferPointer { CRC32.checksum($0) }
    }

    mutating func add(_ note: Note, offset: Int, length: Int) {
        entries.append(SnapshotIndex.Entry(id: note.id, offset: offset, length: length))
        head.add(note, offset: offset, length: length)
        if note.deleted == nil, let category = note.categoryID, liveCategories.contains(category) {
            liveCounts[category, default: 0] += 1
        }
    }

    /// The index of `snapshot` (the bytes this layout was noted for, as written to the file
    /// `stamp` describes); nil when they do not fit the layout or two notes share an id.
    func index(of snapshot: UnsafeBufferPointer<UInt8>, stamp: SnapshotIndex.Stamp) -> SnapshotIndex? {
        guard snapshot.count == size, headLength <= snapshot.count,
              CRC32.checksum(UnsafeBufferPointer(rebasing: snapshot[0..<headLength])) == headChecksum else { return nil }
        return index(stamp: stamp)
    }

    /// The index of the snapshot this layout was noted for, written to the file `stamp`
    /// describes; nil when the file's size is not the layout's, or two notes share an id.
    func index(stamp: SnapshotIndex.Stamp) -> SnapshotIndex? {
        guard headLength > 0, headLength <= size, stamp.size == size,
              entries.allSatisfy({ $0.offset >= headLength && $0.offset + $0.length <= size })
        else { return nil }
        var sorted = entries
        sorted.sort { $0.id.isOrderedBefore($1.id) }
        for index in sorted.indices.dropFirst() where sorted[index - 1].id == sorted[index].id { return nil }
        var stamp = stamp
        stamp.sequence = sequence
        return SnapshotIndex(stamp: stamp, headLength: headLength, headChecksum: headChecksum,
                             liveCounts: liveCounts, entries: sorted)
    }
}
