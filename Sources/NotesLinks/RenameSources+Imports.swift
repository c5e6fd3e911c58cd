import Foundation

/// The rename index's import table: for each imported note of the snapshot, what its import
/// record says (`LinkImports`), so that a rename that opened only a few notes resolves a
/// path link, a tie between folders and a Dendron note's `[[label|target]]` as the link
/// rule does with the whole store.
struct ImportTable: Sendable {
    struct Entry: Sendable {
        var id: UUID
        var offset: UInt32
        /// The path's length, the top bit set when the note's links are read label first.
        var length: UInt32
    }

    /// Sorted by the ids' bytes.
    let entries: [Entry]
    /// The paths' UTF-8 bytes, one after the other.
    let paths: [UInt8]

    static let labelFirstBit: UInt32 = 1 << 31

    /// The table of the notes `notes` (each has a path or is read label first) from `imports`.
    init(notes: [UUID], imports: LinkImports) {
        var entries: [Entry] = [], paths: [UInt8] = []
        for id in notes.sorted(by: Self.precedes) {
            let path = Array((imports.paths[id] ?? "").utf8)
            guard path.count < Int(Self.labelFirstBit), paths.count + path.count <= Int(UInt32.max) else { continue }
            let flag = imports.labelFirst.contains(id) ? Self.labelFirstBit : 0
            entries.append(Entry(id: id, offset: UInt32(paths.count), length: UInt32(path.count) | flag))
            paths += path
        }
        self.entries = entries
        self.paths = paths
    }

    /// Whether `left`'s bytes sort before `right`'s.
    static func precedes(_ left: UUID, _ right: UUID) -> Bool {
        withUnsafeBytes(of: left.uuid) { a in withUnsafeBytes(of: right.uuid) { b in a.lexicographicallyPrecedes(b) } }
    }

    func append(to bytes: inout [UInt8]) {
        for entry in entries {
            withUnsafeBytes(of: entry.id.uuid) { bytes.append(contentsOf: $0) }
            RenameSources.append(UInt64(entry.offset) | UInt64(entry.length) << 32, to: &bytes)
        }
        bytes += paths
    }
}

extension RenameSources {
    /// Where the import table's entries start, and its paths.
    private var importStart: Int { Self.offset(titleCount + linkCount) }
    private var pathStart: Int { Self.offset(titleCount + linkCount + importCount) }

    /// What the import records of the notes `ids` say (the ones the index has: imported notes).
    public func imports(of ids: some Sequence<UUID>) -> LinkImports {
        var imports = LinkImports()
        for id in ids {
            guard imports.paths[id] == nil, !imports.labelFirst.contains(id), let (path, labelFirst) = importRecord(of: id) else { continue }
            if !path.isEmpty { imports.paths[id] = path }
            if labelFirst { imports.labelFirst.insert(id) }
        }
        return imports
    }

    /// The entry of `id` in the import table (binary search by the id's bytes).
    private func importRecord(of id: UUID) -> (path: String, labelFirst: Bool)? {
        bytes.withUnsafeBytes { raw in
            let idAt = { (entry: Int) in UUID(uuid: raw.loadUnaligned(fromByteOffset: importStart + entry * Self.entryBytes, as: uuid_t.self)) }
            var low = 0, high = importCount
            while low < high {
                let middle = (low + high) / 2
                if ImportTable.precedes(idAt(middle), id) { low = middle + 1 } else { high = middle }
            }
            guard low < importCount, idAt(low) == id else { return nil }
            let (offset, length) = field(low, raw)
            let start = pathStart + offset
            let path = String(decoding: raw[start..<(start + Int(length & ~ImportTable.labelFirstBit))], as: UTF8.self)
            return (path, length & ImportTable.labelFirstBit != 0)
        }
    }

    /// The offset and the flagged length of import entry `entry`.
    private func field(_ entry: Int, _ raw: UnsafeRawBufferPointer) -> (offset: Int, length: UInt32) {
        let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: importStart + entry * Self.entryBytes + 16, as: UInt64.self))
        return (Int(UInt32(truncatingIfNeeded: word)), UInt32(truncatingIfNeeded: word >> 32))
    }

    /// Throws when an import entry's path is not within the paths' `pathBytes` bytes.
    func checkImportTable(pathBytes: Int) throws(Unreadable) {
        let fits = bytes.withUnsafeBytes { raw in
            (0..<importCount).allSatisfy { entry in
                let (offset, length) = field(entry, raw)
                return offset + Int(length & ~ImportTable.labelFirstBit) <= pathBytes
            }
        }
        guard fits else { throw Unreadable(reason: "an import entry's path is outside the file") }
    }
}
