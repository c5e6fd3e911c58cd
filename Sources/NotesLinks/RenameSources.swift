import Foundation
import NotesModel

/// What a rename needs to know of a store without reading its bodies (decision 0070): by
/// title-key hash, the notes with that title (or imported from a file of that name); by
/// target hash (`LinkResolver.hashes`: a path's last component too), the notes with a title
/// link there; by id, what the import records of imported notes say (`LinkImports`: the
/// file's path, whether its links are read label first). Kept beside a snapshot as
/// derived data (`encoded()`), naming the snapshot file it describes (`Stamp`). It only ever
/// adds candidates: every note it names is checked against its real title and links, so a
/// hash that collides, or an entry no longer true, costs a look and never makes an edit.
/// The tables are searched where they are in the file's bytes: reading an index costs its
/// checksum, not a decoding of every entry.
public struct RenameSources: Sendable, Equatable {
    /// The snapshot file described: size, inode and modification time.
    public struct Stamp: Equatable, Sendable {
        public var size: Int64
        public var inode: UInt64
        public var seconds: Int64
        public var nanoseconds: Int64

        public init(size: Int64, inode: UInt64, seconds: Int64, nanoseconds: Int64) {
            self.size = size
            self.inode = inode
            self.seconds = seconds
            self.nanoseconds = nanoseconds
        }
    }

    /// Why bytes are not an index (the caller reads the whole store instead).
    public struct Unreadable: Error, Equatable {
        public let reason: String
    }

    static let magic = Array("NOTESLK3".utf8)  // 2: paths indexed by their last component too; 3: import records
    static let headerBytes = 8 + 32 + 32
    static let entryBytes = 24

    public let stamp: Stamp
    /// The encoded file (see `encoded()`); the title table's entries, then the link table's,
    /// then the import table's and the paths they point into.
    let bytes: [UInt8]
    let titleCount: Int
    let linkCount: Int
    let importCount: Int

    struct Entry: Sendable {
        var hash: UInt64
        var id: UUID
    }

    /// The sorted tables of some notes, before the stamp of the snapshot they describe is
    /// known (made while the snapshot is written).
    public struct Tables: Sendable {
        let titles: [Entry]
        let links: [Entry]
        let imports: ImportTable
        /// The note links of the notes `keepingLinksOf` named, as this scan found them (the
        /// count of an import's missing links reads them instead of scanning the bodies again).
        public let scanned: MissingLinks.Scanned

        /// The tables of `notes` (the live ones), with what `imports` (the store's import
        /// records) say of them. Scans each body once (bodies without `[[` or `](` cost a `memchr`),
        /// keeping the note links of the notes `keepingLinksOf` names (`scanned`).
        public init(notes: some Sequence<Note>, imports: LinkImports = LinkImports(), keepingLinksOf kept: Set<UUID> = []) {
            var titles: [Entry] = [], links: [Entry] = []
            var imported: [UUID] = []
            var scanned: [UUID: MissingLinks.Scanned.Entry] = [:]
            if !kept.isEmpty { scanned.reserveCapacity(kept.count) }
            for note in notes {
                let titleHash = LinkGraph.titleHash(note.title)
                titles.append(Entry(hash: titleHash, id: note.id))
                if let path = imports.paths[note.id] {
                    // A path link names the notes imported from a file of its name, whatever their title.
                    let fileHash = LinkGraph.fileNameHash(path)
                    if fileHash != titleHash { titles.append(Entry(hash: fileHash, id: note.id)) }
                }
                if imports.paths[note.id] != nil || imports.labelFirst.contains(note.id) { imported.append(note.id) }
                var seen = Set<UInt64>()
                let order = imports.order(of: note.id)
                let found = note.withBodyUTF8 { LinkScanner.links(in: $0, order: order) }
                if !kept.isEmpty, kept.contains(note.id) {
                    scanned[note.id] = .init(body: note.body, order: order, links: found.filter(\.target.isNote))
                }
                for link in found {
                    guard case .title = link.target else { continue }
                    for hash in LinkResolver.hashes(link.target) where seen.insert(hash).inserted {
                        links.append(Entry(hash: hash, id: note.id))
                    }
                }
            }
            self.scanned = MissingLinks.Scanned(entries: scanned)
            self.titles = titles.sorted { $0.hash < $1.hash }
            self.links = links.sorted { $0.hash < $1.hash }
            self.imports = ImportTable(notes: imported, imports: imports)
        }
    }

    /// The index of `notes` (the live ones), describing the snapshot of `stamp`.
    public init(stamp: Stamp, notes: some Sequence<Note>, imports: LinkImports = LinkImports()) {
        self.init(stamp: stamp, tables: Tables(notes: notes, imports: imports))
    }

    /// The index of `tables`, describing the snapshot of `stamp`.
    public init(stamp: Stamp, tables: Tables) {
        self.stamp = stamp
        titleCount = tables.titles.count
        linkCount = tables.links.count
        importCount = tables.imports.entries.count
        bytes = Self.encode(stamp: stamp, titles: tables.titles, links: tables.links, imports: tables.imports)
    }

    public static func == (left: RenameSources, right: RenameSources) -> Bool { left.bytes == right.bytes }

    /// The notes whose title may have the key of `title`'s (the same hash), or that were
    /// imported from a file named so.
    public func notes(titled title: String) -> [UUID] {
        ids(in: 0..<titleCount, hash: LinkGraph.titleHash(title))
    }

    /// The notes that may hold a title link to `title` (a target with the same hash).
    public func notes(linkingTo title: String) -> [UUID] {
        ids(in: titleCount..<(titleCount + linkCount), hash: LinkGraph.titleHash(title))
    }

    /// The ids of the entries of `table` (entry numbers, sorted by hash) with `hash`.
    private func ids(in table: Range<Int>, hash: UInt64) -> [UUID] {
        bytes.withUnsafeBytes { raw in
            let hashAt = { (entry: Int) in UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: Self.offset(entry), as: UInt64.self)) }
            var low = table.lowerBound, high = table.upperBound
            while low < high {
                let middle = (low + high) / 2
                if hashAt(middle) < hash { low = middle + 1 } else { high = middle }
            }
            var found: [UUID] = []
            while low < table.upperBound, hashAt(low) == hash {
                found.append(UUID(uuid: raw.loadUnaligned(fromByteOffset: Self.offset(low) + 8, as: uuid_t.self)))
                low += 1
            }
            return found
        }
    }

    static func offset(_ entry: Int) -> Int { headerBytes + entry * entryBytes }
}

/// The file's bytes: `NOTESLK3`, the stamp (four 64-bit numbers), the counts of title, link
/// and import entries and the length of the import table's paths, the title and link entries
/// (a 64-bit hash and the id's 16 bytes each, sorted by hash), the import entries (the id's
/// 16 bytes, a 32-bit offset and a 32-bit length of its path, the top bit of the length set
/// when its links are read label first; sorted by id), the paths' UTF-8 bytes, and a
/// checksum of everything before it (`checksum`: 64 bits); numbers little-endian.
extension RenameSources {
    public func encoded() -> [UInt8] { bytes }

    private static func encode(stamp: Stamp, titles: [Entry], links: [Entry], imports: ImportTable) -> [UInt8] {
        var bytes = magic
        bytes.reserveCapacity(headerBytes + (titles.count + links.count + imports.entries.count) * entryBytes
                              + imports.paths.count + checksumBytes)
        for number in [UInt64(bitPattern: stamp.size), stamp.inode, UInt64(bitPattern: stamp.seconds),
                       UInt64(bitPattern: stamp.nanoseconds), UInt64(titles.count), UInt64(links.count),
                       UInt64(imports.entries.count), UInt64(imports.paths.count)] {
            append(number, to: &bytes)
        }
        for entry in titles + links {
            append(entry.hash, to: &bytes)
            withUnsafeBytes(of: entry.id.uuid) { bytes.append(contentsOf: $0) }
        }
        imports.append(to: &bytes)
        append(bytes.withUnsafeBytes { checksum($0) }, to: &bytes)
        return bytes
    }

    static let checksumBytes = 8

    /// The checksum of `bytes`: each 8-byte word (little-endian; the last one padded with
    /// zeros) folded in by xor and a multiplication by an odd number, then the length. Each
    /// step is one-to-one, so any change within one word changes the sum; a word at a time,
    /// it is cheaper than a CRC-32 of a byte at a time (every rename checks the whole index:
    /// 2.6 MB at 100,000 notes).
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var sum: UInt64 = 0xCBF2_9CE4_8422_2325
        let words = bytes.count / 8
        for index in 0..<words {
            sum = (sum ^ UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self))) &* 0x100_0000_01B3
        }
        var last: UInt64 = 0
        for (shift, byte) in bytes[(words * 8)...].enumerated() { last |= UInt64(byte) << UInt64(8 * shift) }
        sum = (sum ^ last) &* 0x100_0000_01B3
        return (sum ^ UInt64(bytes.count)) &* 0x100_0000_01B3
    }

    /// Takes `encoded()`'s bytes as they are; throws `Unreadable` for anything else (a torn or
    /// damaged file).
    public init(decoding bytes: [UInt8]) throws(Unreadable) {
        guard bytes.count >= Self.headerBytes + Self.checksumBytes, Array(bytes.prefix(8)) == Self.magic else {
            throw Unreadable(reason: "not a link index")
        }
        let body = bytes.count - Self.checksumBytes
        let number = { (offset: Int) in
            bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
        }
        guard bytes.withUnsafeBytes({ Self.checksum(UnsafeRawBufferPointer(rebasing: $0[..<body])) }) == number(body) else {
            throw Unreadable(reason: "its checksum does not match")
        }
        let titleCount = Int(truncatingIfNeeded: number(40)), linkCount = Int(truncatingIfNeeded: number(48))
        let importCount = Int(truncatingIfNeeded: number(56)), pathBytes = Int(truncatingIfNeeded: number(64))
        let counts = [titleCount, linkCount, importCount]
        guard counts.allSatisfy({ $0 >= 0 && $0 <= body / Self.entryBytes }), pathBytes >= 0, pathBytes <= body,
              Self.headerBytes + counts.reduce(0, +) * Self.entryBytes + pathBytes == body else {
            throw Unreadable(reason: "its counts do not match its size")
        }
        stamp = Stamp(size: Int64(bitPattern: number(8)), inode: number(16),
                      seconds: Int64(bitPattern: number(24)), nanoseconds: Int64(bitPattern: number(32)))
        self.bytes = bytes
        self.titleCount = titleCount
        self.linkCount = linkCount
        self.importCount = importCount
        try checkImportTable(pathBytes: pathBytes)
    }

    static func append(_ number: UInt64, to bytes: inout [UInt8]) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: number >> UInt64(shift))) }
    }
}
