import Glibc
import Foundation
import NotesBase
import NotesJSON

/// `notes.json.index`: where each note sits in the snapshot, and how many live notes
/// each category has there, so that a command touching a few notes reads those notes
/// and not the whole store (format: docs/store-format.md, "Index").
///
/// It is derived data: written beside every snapshot a compaction writes, rebuilt from
/// the snapshot when missing, stale or damaged, and never trusted alone. It names the
/// snapshot it describes (size, inode, modification time, sequence, a CRC-32 of the
/// snapshot's head); each note read through it must decode as one whole note with the
/// id looked up; an id or prefix it does not have sends the caller to the whole store.
struct SnapshotIndex: Equatable {
    static let magic = Array("NOTESIX1".utf8)
    static let headerBytes = 76
    static let countBytes = 20
    static let entryBytes = 28

    /// The snapshot file an index describes.
    struct Stamp: Equatable {
        var size: Int
        var inode: UInt64
        var modifiedSeconds: Int64
        var modifiedNanoseconds: Int64
        var sequence: Int

        /// The stamp of the snapshot open as `fd`, which holds the contents as of `sequence`.
        init?(snapshotFD fd: Int32, sequence: Int) {
            var info = stat()
            guard fd >= 0, fstat(fd, &info) == 0 else { return nil }
            self.init(size: Int(info.st_size), inode: UInt64(info.st_ino), modifiedSeconds: Int64(info.st_mtim.tv_sec),
                      modifiedNanoseconds: Int64(info.st_mtim.tv_nsec), sequence: sequence)
        }

        init(size: Int, inode: UInt64, modifiedSeconds: Int64, modifiedNanoseconds: Int64, sequence: Int) {
            self.size = size
            self.inode = inode
            self.modifiedSeconds = modifiedSeconds
            self.modifiedNanoseconds = modifiedNanoseconds
            self.sequence = sequence
        }

        /// The same file, unchanged (the sequence is checked against the snapshot's head):
        /// the same size and modification time to the nanosecond. The inode is not compared:
        /// a copy that keeps the times (`cp -a`, `rsync -a`, a restored backup) holds the
        /// same bytes and is read through the same index, and a snapshot written anew
        /// (a compaction, an import, another program) has a time of its own; ext4 hands a
        /// freed inode out again, so the inode never told two snapshots apart alone.
        func describesSameFile(as other: Stamp) -> Bool {
            size == other.size && modifiedSeconds == other.modifiedSeconds
                && modifiedNanoseconds == other.modifiedNanoseconds
        }
    }

    /// One note: its id and the bytes of its object in the snapshot.
    struct Entry: Equatable {
        var id: UUID
        var offset: Int
        var length: Int
    }

    var stamp: Stamp
    /// Bytes of the snapshot before its first note: everything up to and including the `[` of `notes`.
    var headLength: Int
    var headChecksum: UInt32
    /// Live notes by live category, as the snapshot holds them.
    var liveCounts: [UUID: Int]
    /// Sorted by id bytes (the order of `uuidString`).
    var entries: [Entry]

    /// Why an index cannot be used; the caller reads the whole store instead.
    struct Unusable: Error, CustomStringConvertible {
        let description: String
        /// Whether the index itself is at fault (missing, stale, damaged), so that the
        /// whole read should write it anew; not for an id it simply does not have.
        var indexIsBad = true
        /// Whether the list head (`notes.json.head`) is at fault (missing, stale, damaged),
        /// the index being fine: the whole read writes both anew.
        var headIsBad = false
    }


    static func path(for url: URL) -> String { url.path + ".index" }

    // MARK: Building

    /// Scans a snapshot in today's format whose last member is `notes` (as the writer lays
    /// it out); nil for any other shape (such a store is always read whole). The stamp's
    /// sequence is the snapshot's own.
    static func build(snapshot bytes: UnsafeBufferPointer<UInt8>, stamp: Stamp, records: RecordCodec) -> SnapshotIndex? {
        var listHead = SnapshotHeadCollector()
        return build(snapshot: bytes, stamp: stamp, records: records, listHead: &listHead)
    }

    /// `build`, handing each note read to `listHead` as the writer's layout does: the list
    /// head of this snapshot (`notes.json.head`) comes from the same one pass.
    static func build(snapshot bytes: UnsafeBufferPointer<UInt8>, stamp: Stamp, records: RecordCodec,
                      listHead: inout SnapshotHeadCollector) -> SnapshotIndex? {
        var headLength: Int?
        var afterNotes = false
        var liveCategories = Set<UUID>()
        var liveCounts: [UUID: Int] = [:]
        var entries: [Entry] = []
        var sequence: Int?
        do throws(JSONError) {
            try JSONReader.read(bytes) { (reader: inout JSONReader) throws(JSONError) in
                try reader.readObject { (reader: inout JSONReader, key: String) throws(JSONError) in
                    // Only `imports` may follow the notes: import reads the whole store, and a
                    // partial store never writes a snapshot, so it needs nothing from there.
                    if headLength != nil, key != "imports" { afterNotes = true }
                    switch key {
                    case "sequence": sequence = try reader.readInteger(in: 0...Int(Int64.max >> 11))
                    case "categories":
                        try reader.readArray { (reader: inout JSONReader, _: Int) throws(JSONError) in
                            let category = try records.readCategoryFields(&reader)
                            if category.deleted == nil { liveCategories.insert(category.id) }
                        }
                    case "notes":
                        reader.skipWhitespace()
                        headLength = reader.position + 1
                        try reader.readArray { (reader: inout JSONReader, _: Int) throws(JSONError) in
                            reader.skipWhitespace()
                            let start = reader.position
                            let note = try records.readNote(&reader)
                            entries.append(Entry(id: note.id, offset: start, length: reader.position - start))
                            listHead.add(note, offset: start, length: reader.position - start)
                            if note.deleted == nil, let category = note.categoryID, liveCategories.contains(category) {
                                liveCounts[category, default: 0] += 1
                            }
                        }
                    default: try reader.skipValue()
                    }
                }
                try reader.expectEnd()
            }
        } catch {
            return nil
        }
        guard let headLength, !afterNotes, let sequence else { return nil }
        var stamp = stamp
        stamp.sequence = sequence
        entries.sort { $0.id.isOrderedBefore($1.id) }
        for index in entries.indices.dropFirst() where entries[index - 1].id == entries[index].id { return nil }
        let head = UnsafeBufferPointer(rebasing: bytes[0..<headLength])
        return SnapshotIndex(stamp: stamp, headLength: headLength, headChecksum: CRC32.checksum(head),
                             liveCounts: liveCounts, entries: entries)
    }

    // MARK: Bytes

    /// Entries a block: each block has its own CRC-32, so that a lookup checks just the
    /// blocks it reads (one or two) and a damaged entry is never used.
    static let blockEntries = 1024

    /// The file (all little-endian): a header, the category counts, a directory of the
    /// entry blocks (first id, CRC-32 of the block), the entries.
    func encoded() -> [UInt8] {
        var bytes = Self.magic
        Self.put(UInt64(stamp.size), &bytes)
        Self.put(stamp.inode, &bytes)
        Self.put(UInt64(bitPattern: stamp.modifiedSeconds), &bytes)
        Self.put(UInt64(bitPattern: stamp.modifiedNanoseconds), &bytes)
        Self.put(UInt64(stamp.sequence), &bytes)
        Self.put(UInt64(headLength), &bytes)
        Self.put(headChecksum, &bytes)
        Self.put(UInt32(liveCounts.count), &bytes)
        Self.put(UInt32(entries.count), &bytes)
        Self.put(UInt32(Self.blockEntries), &bytes)
        var entryBytes: [UInt8] = []
        entryBytes.reserveCapacity(entries.count * Self.entryBytes)
        for entry in entries {
            withUnsafeBytes(of: entry.id.uuid) { entryBytes.append(contentsOf: $0) }
            Self.put(UInt64(entry.offset), &entryBytes)
            Self.put(UInt32(entry.length), &entryBytes)
        }
        var tables: [UInt8] = []
        for (id, count) in liveCounts.sorted(by: { $0.key.isOrderedBefore($1.key) }) {
            withUnsafeBytes(of: id.uuid) { tables.append(contentsOf: $0) }
            Self.put(UInt32(count), &tables)
        }
        for first in stride(from: 0, to: entries.count, by: Self.blockEntries) {
            let end = min(first + Self.blockEntries, entries.count)
            withUnsafeBytes(of: entries[first].id.uuid) { tables.append(contentsOf: $0) }
            Self.put(CRC32.checksum(entryBytes[(first * Self.entryBytes)..<(end * Self.entryBytes)]), &tables)
        }
        Self.put(CRC32.checksum(bytes + tables), &bytes)
        return bytes + tables + entryBytes
    }

    static func put<Value: FixedWidthInteger>(_ value: Value, _ bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    static func get<Value: FixedWidthInteger>(_ type: Value.Type, _ bytes: ArraySlice<UInt8>, _ at: Int) -> Value {
        var value = Value.zero
        withUnsafeMutableBytes(of: &value) { target in
            for index in 0..<MemoryLayout<Value>.size { target[index] = bytes[bytes.startIndex + at + index] }
        }
        return Value(littleEndian: value)
    }

    static func uuid(_ bytes: ArraySlice<UInt8>, _ at: Int) -> UUID {
        var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)  // not UUID(): that reads /dev/urandom
        withUnsafeMutableBytes(of: &value) { target in
            for index in 0..<16 { target[index] = bytes[bytes.startIndex + at + index] }
        }
        return UUID(uuid: value)
    }
}

extension UUID {
    /// Byte order, which is the order of `uuidString`.
    func isOrderedBefore(_ other: UUID) -> Bool {
        withUnsafeBytes(of: uuid) { left in
            withUnsafeBytes(of: other.uuid) { right in
                for index in 0..<16 where left[index] != right[index] { return left[index] < right[index] }
                return false
            }
        }
    }
}

extension SnapshotIndex {
    /// Builds and writes the index of the snapshot at `url`, whose bytes are `snapshot`
    /// (just written, under the lock), and its list head. Returns whether it wrote the index.
    static func write(for url: URL, snapshot: [UInt8], records: RecordCodec) -> Bool {
        let fd = open(url.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        guard let stamp = Stamp(snapshotFD: fd, sequence: 0) else { return false }
        return snapshot.withUnsafeBufferPointer { write(for: url, snapshot: $0, stamp: stamp, records: records) }
    }

    /// Builds the index of `snapshot` (the file `stamp` describes, beside `url`) and its
    /// list head from one read of its notes, and writes both: the index, then the head
    /// (as a snapshot's writer does). Derived data: returns whether it wrote the index.
    static func write(for url: URL, snapshot: UnsafeBufferPointer<UInt8>, stamp: Stamp, records: RecordCodec) -> Bool {
        var listHead = SnapshotHeadCollector()
        guard stamp.size == snapshot.count,
              let index = build(snapshot: snapshot, stamp: stamp, records: records, listHead: &listHead) else { return false }
        do { try DurableFile.replace(URL(fileURLWithPath: path(for: url)), with: index.encoded()) } catch { return false }
        try? DurableFile.replace(URL(fileURLWithPath: SnapshotHead.path(for: url)), with: listHead.head(stamp: index.stamp).encoded())
        return true
    }

    /// `notes doctor`'s look at the index beside `url`: a problem when it is damaged or
    /// names the snapshot as it is but does not match it; a notice when it is stale (it
    /// describes an earlier snapshot: the next command that reads through it rebuilds it).
    static func examine(for url: URL, records: RecordCodec) -> (problem: DoctorProblem?, notice: String?) {
        let indexPath = path(for: url)
        guard access(indexPath, F_OK) == 0 else { return (nil, nil) }
        let file: SnapshotIndexFile
        do { file = try SnapshotIndexFile(for: url) } catch {
            return (DoctorProblem(file: indexPath, place: nil, message: "\(error); \(damageConsequence)"), nil)
        }
        guard let bytes = try? DurableFile.read(url.path) else { return (nil, nil) }
        let fd = open(url.path, O_RDONLY | O_CLOEXEC)
        defer { if fd >= 0 { close(fd) } }
        guard let stamp = Stamp(snapshotFD: fd, sequence: 0), stamp.describesSameFile(as: file.stamp), stamp.size == bytes.count else {
            return (nil, "\(indexPath) describes an earlier snapshot; the next command that reads through it rebuilds it")
        }
        let expected = bytes.withUnsafeBufferPointer { build(snapshot: $0, stamp: stamp, records: records) }
        let entries: [Entry]
        do { entries = try file.allEntries() } catch {
            return (DoctorProblem(file: indexPath, place: nil, message: "\(error); \(damageConsequence)"), nil)
        }
        guard let expected, expected.stamp.sequence == file.stamp.sequence, expected.headLength == file.headLength,
              expected.headChecksum == file.headChecksum, expected.liveCounts == file.liveCounts, expected.entries == entries else {
            return (DoctorProblem(file: indexPath, place: nil, message: "it does not match the snapshot it names; \(damageConsequence)"), nil)
        }
        return (nil, nil)
    }

    /// What a damaged index means for the user, and the way out.
    static let damageConsequence = "a command that reads a damaged part (or a note it lacks) reads the whole store instead and writes the index anew; 'notes doctor --salvage' rebuilds it now"
}
