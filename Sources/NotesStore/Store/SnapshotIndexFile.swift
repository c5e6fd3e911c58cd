import Glibc
import Foundation
import NotesBase
import NotesJSON

/// An open `notes.json.index`: its header, category counts and block directory read
/// and checked; entries are read a block at a time (1,024 entries, 28 KiB), each block
/// checked against its CRC-32, so that a lookup costs the same at any size.
final class SnapshotIndexFile {
    let stamp: SnapshotIndex.Stamp
    let headLength: Int
    let headChecksum: UInt32
    let liveCounts: [UUID: Int]
    let entryCount: Int
    private let blockEntries: Int
    /// Per block: the id of its first entry and the CRC-32 of its bytes.
    private let blocks: [(first: UUID, checksum: UInt32)]
    private let fd: Int32
    private let path: String
    private let entriesOffset: Int

    /// Opens and checks the index beside `url`; throws `Unusable` when it is missing or damaged.
    init(for url: URL) throws {
        let path = SnapshotIndex.path(for: url)
        guard let fd = try DurableFile.openRegular(path, O_RDONLY, purpose: "open the index") else {
            throw SnapshotIndex.Unusable(description: "\(path) is missing")
        }
        self.fd = fd
        self.path = path
        do {
            var info = stat()
            guard fstat(fd, &info) == 0, Int(info.st_size) >= SnapshotIndex.headerBytes else {
                throw SnapshotIndex.Unusable(description: "\(path) is too short")
            }
            let header = try Self.read(fd, at: 0, count: SnapshotIndex.headerBytes)[...]
            guard Array(header.prefix(8)) == SnapshotIndex.magic else { throw SnapshotIndex.Unusable(description: "\(path) is not an index") }
            func u64(_ at: Int) -> UInt64 { SnapshotIndex.get(UInt64.self, header, at) }
            func u32(_ at: Int) -> UInt32 { SnapshotIndex.get(UInt32.self, header, at) }
            let categories = Int(u32(60)), entries = Int(u32(64)), blockEntries = Int(u32(68))
            guard blockEntries > 0 else { throw SnapshotIndex.Unusable(description: "\(path) is damaged (no block size)") }
            let blockCount = (entries + blockEntries - 1) / blockEntries
            let tablesBytes = (categories + blockCount) * SnapshotIndex.countBytes
            entriesOffset = SnapshotIndex.headerBytes + tablesBytes
            guard Int(info.st_size) == entriesOffset + entries * SnapshotIndex.entryBytes else {
                throw SnapshotIndex.Unusable(description: "\(path) has the wrong size")
            }
            let tables = try Self.read(fd, at: SnapshotIndex.headerBytes, count: tablesBytes)
            guard CRC32.checksum(Array(header.prefix(72)) + tables) == u32(72) else {
                throw SnapshotIndex.Unusable(description: "\(path) is damaged (its checksum does not match)")
            }
            stamp = SnapshotIndex.Stamp(size: Int(clamping: u64(8)), inode: u64(16), modifiedSeconds: Int64(bitPattern: u64(24)),
                                        modifiedNanoseconds: Int64(bitPattern: u64(32)), sequence: Int(clamping: u64(40)))
            headLength = Int(clamping: u64(48))
            headChecksum = u32(56)
            entryCount = entries
            self.blockEntries = blockEntries
            var liveCounts: [UUID: Int] = [:]
            for index in 0..<categories {
                let at = index * SnapshotIndex.countBytes
                liveCounts[SnapshotIndex.uuid(tables[...], at)] = Int(SnapshotIndex.get(UInt32.self, tables[...], at + 16))
            }
            self.liveCounts = liveCounts
            blocks = (0..<blockCount).map { block in
                let at = (categories + block) * SnapshotIndex.countBytes
                return (SnapshotIndex.uuid(tables[...], at), SnapshotIndex.get(UInt32.self, tables[...], at + 16))
            }
        } catch {
            DurableFile.closeFile(fd)
            throw error
        }
    }

    deinit { DurableFile.closeFile(fd) }

    /// The entries of block `block`, checked against its CRC-32.
    func block(_ block: Int) throws -> [SnapshotIndex.Entry] {
        let bytes = try blockBytes(block)
        return (0..<bytes.count / SnapshotIndex.entryBytes).map { Self.entry(at: $0, of: bytes) }
    }

    /// The bytes of block `block`, checked against its CRC-32 and its listed first id.
    private func blockBytes(_ block: Int) throws -> [UInt8] {
        let first = block * blockEntries
        let count = min(blockEntries, entryCount - first)
        let bytes = try Self.read(fd, at: entriesOffset + first * SnapshotIndex.entryBytes, count: count * SnapshotIndex.entryBytes)
        guard CRC32.checksum(bytes) == blocks[block].checksum else {
            throw SnapshotIndex.Unusable(description: "\(path) is damaged (block \(block + 1) does not match its checksum)")
        }
        guard count > 0, SnapshotIndex.uuid(bytes[...], 0) == blocks[block].first else {
            throw SnapshotIndex.Unusable(description: "\(path) is damaged (block \(block + 1) does not start with its listed id)")
        }
        return bytes
    }

    /// Entry `index` of a block's bytes.
    private static func entry(at index: Int, of bytes: [UInt8]) -> SnapshotIndex.Entry {
        let at = index * SnapshotIndex.entryBytes
        return SnapshotIndex.Entry(id: SnapshotIndex.uuid(bytes[...], at), offset: Int(clamping: SnapshotIndex.get(UInt64.self, bytes[...], at + 16)),
                                   length: Int(SnapshotIndex.get(UInt32.self, bytes[...], at + 24)))
    }

    /// The entry of `id` in a block's bytes (sorted by id, compared byte by byte as
    /// `isOrderedBefore` does), found where the bytes are: a lookup decodes one entry, not
    /// the block's 1,024.
    private static func entry(of id: UUID, in bytes: [UInt8]) -> SnapshotIndex.Entry? {
        let count = bytes.count / SnapshotIndex.entryBytes
        let index: Int? = withUnsafeBytes(of: id.uuid) { key in
            bytes.withUnsafeBytes { raw in
                guard let keyBase = key.baseAddress, let base = raw.baseAddress else { return nil }
                func compare(_ index: Int) -> Int32 { memcmp(base + index * SnapshotIndex.entryBytes, keyBase, 16) }
                var low = 0, high = count
                while low < high {
                    let middle = (low + high) / 2
                    if compare(middle) < 0 { low = middle + 1 } else { high = middle }
                }
                return low < count && compare(low) == 0 ? low : nil
            }
        }
        return index.map { entry(at: $0, of: bytes) }
    }

    /// Every entry, in id order (doctor compares them with the snapshot).
    func allEntries() throws -> [SnapshotIndex.Entry] {
        try blocks.indices.flatMap { try block($0) }
    }

    /// The entries whose ids lie between `low` and `high` (inclusive, in byte order); at
    /// most `limit` + 1 of them (more means "too many").
    func entries(from low: UUID, through high: UUID, limit: Int) throws -> [SnapshotIndex.Entry] {
        // The last block whose first id is not after `low`: the first that may hold it.
        var lower = 0, upper = blocks.count
        while lower < upper {
            let middle = (lower + upper) / 2
            if low.isOrderedBefore(blocks[middle].first) { upper = middle } else { lower = middle + 1 }
        }
        var found: [SnapshotIndex.Entry] = []
        var block = max(lower - 1, 0)
        while block < blocks.count, found.count <= limit {
            if block > max(lower - 1, 0), high.isOrderedBefore(blocks[block].first) { break }
            for entry in try self.block(block) where !entry.id.isOrderedBefore(low) && !high.isOrderedBefore(entry.id) {
                found.append(entry)
            }
            block += 1
        }
        return found
    }

    /// The entries of `ids` that the index has, each block they fall in read (and its
    /// checksum checked) once: what a journal of thousands of lines touches costs one pass
    /// over the blocks those ids share, not a block each.
    func entries(of ids: [UUID]) throws -> [SnapshotIndex.Entry] {
        var found: [SnapshotIndex.Entry] = []
        var current: (block: Int, bytes: [UInt8])?
        for id in ids.sorted(by: { $0.isOrderedBefore($1) }) {
            // The last block whose first id is not after `id`: the only one that may hold it.
            var lower = 0, upper = blocks.count
            while lower < upper {
                let middle = (lower + upper) / 2
                if id.isOrderedBefore(blocks[middle].first) { upper = middle } else { lower = middle + 1 }
            }
            guard lower > 0 else { continue }
            if current?.block != lower - 1 { current = (lower - 1, try blockBytes(lower - 1)) }
            guard let bytes = current?.bytes, let entry = Self.entry(of: id, in: bytes), found.last?.id != id else { continue }
            found.append(entry)
        }
        return found
    }

    static func read(_ fd: Int32, at offset: Int, count: Int) throws -> [UInt8] {
        guard count > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress.map { $0 + done }, count - done, off_t(offset + done)) }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { throw SnapshotIndex.Unusable(description: "a read stopped short (\(got < 0 ? DurableFile.errnoText() : "end of file"))") }
            done += got
        }
        return bytes
    }
}

/// The ids a command names, as ranges of ids to look up: a full id, or a prefix of at
/// least 4 characters (as `NotesDatabase.note(idOrPrefix:)` takes them).
enum NoteIDRange {
    /// The lowest and highest id that `text` can name; nil when it names none.
    static func bounds(of text: String) -> (low: UUID, high: UUID)? {
        let upper = text.uppercased()
        if let id = UUID(uuidString: upper) { return (id, id) }
        guard upper.count >= 4, upper.count <= 36 else { return nil }
        var digits = ""
        for (position, character) in upper.enumerated() {
            if [8, 13, 18, 23].contains(position) {
                guard character == "-" else { return nil }
            } else {
                guard character.isHexDigit else { return nil }
                digits.append(character)
            }
        }
        func id(_ padding: Character) -> UUID? {
            var hex = digits + String(repeating: padding, count: 32 - digits.count)
            for dash in [8, 13, 18, 23] { hex.insert("-", at: hex.index(hex.startIndex, offsetBy: dash)) }
            return UUID(uuidString: hex)
        }
        guard let low = id("0"), let high = id("F") else { return nil }
        return (low, high)
    }
}

extension SnapshotIndexFile {
    /// The index beside `url` when it describes the copied snapshot `file` exactly — the
    /// same size and modification time, and the same CRC-32 of the head — so that
    /// a whole open may take its word for how many notes there are; nil when it is
    /// missing, stale or damaged (the snapshot is then read without its help).
    static func describing(_ file: SnapshotFile, at url: URL) -> SnapshotIndexFile? {
        guard let index = try? SnapshotIndexFile(for: url) else { return nil }
        let status = file.copiedStatus
        let stamp = SnapshotIndex.Stamp(size: Int(status.st_size), inode: UInt64(status.st_ino),
                                        modifiedSeconds: Int64(status.st_mtim.tv_sec),
                                        modifiedNanoseconds: Int64(status.st_mtim.tv_nsec), sequence: index.stamp.sequence)
        guard stamp.describesSameFile(as: index.stamp), stamp.size == file.bytes.count, index.headLength <= file.bytes.count,
              CRC32.checksum(UnsafeBufferPointer(rebasing: file.bytes[0..<index.headLength])) == index.headChecksum
        else { return nil }
        return index
    }
}
