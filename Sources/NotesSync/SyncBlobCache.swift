import Foundation
import NotesExchange

/// What the last tree sync built holds, kept in `.git/notes-sync-cache` beside the sync
/// repository: for each note its fingerprint (`SyncFingerprint`), its folder and the
/// blob its rendering gave; the same for `categories.json`; and the trees those entries
/// made (`notes`, `trash` and each of their folders, `notes/3F`).
///
/// Each entry states a fact that stays true: a note with that fingerprint renders to that
/// blob. So a note whose fingerprint matches needs no rendering and no write. The file is
/// only ever a shortcut: a missing, torn, stale or corrupt one (checked by a hash over its
/// bytes) reads as empty and costs one rendering of every note; a blob it names that git
/// no longer has is found by `mktree`, and the tree is built again without the cache.
struct SyncBlobCache: Equatable {
    struct Entry: Equatable {
        var fingerprint: SyncFingerprint
        var inTrash: Bool
        var blob: String
    }

    var notes: [UUID: Entry] = [:]
    var categories: (fingerprint: SyncFingerprint, blob: String)?
    /// The trees made of exactly `notes`, by repository path: `notes`, `trash`, and their
    /// folders (`notes/3F`). A folder with no note has no tree (git keeps no empty folder).
    var trees: [String: String] = [:]

    static func == (left: SyncBlobCache, right: SyncBlobCache) -> Bool {
        left.notes == right.notes && left.categories?.fingerprint == right.categories?.fingerprint
            && left.categories?.blob == right.categories?.blob && left.trees == right.trees
    }

    static let fileName = "notes-sync-cache"
    /// Format 2 (trees by path); format 1 (the two flat trees of layout 1) is still read for
    /// its notes, so the first sync of a new version renders nothing again.
    private static let magic = Array("notes-sync-cache 2\n".utf8)
    private static let magicVersion1 = Array("notes-sync-cache\n".utf8)

    /// The cache in `gitFolder`, or an empty one when it is missing or unreadable.
    static func load(from gitFolder: URL) -> SyncBlobCache {
        guard let data = WorkTreeEntry.regularFileContents(gitFolder.appendingPathComponent(fileName)) else { return SyncBlobCache() }
        return (try? decode([UInt8](data))) ?? SyncBlobCache()
    }

    /// Writes the cache into `gitFolder` (a new file renamed over the old one). A failure is
    /// ignored: the next sync only renders more.
    func save(to gitFolder: URL) {
        let url = gitFolder.appendingPathComponent(Self.fileName)
        try? Data(encoded()).write(to: url, options: .atomic)
    }

    // MARK: - Format: magic, version, body, then a fingerprint of everything before it.

    private struct Malformed: Error {}

    func encoded() -> [UInt8] {
        var bytes = Self.magic
        func word(_ value: UInt64) { for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) } }
        func text(_ value: String?) {
            let utf8 = Array((value ?? "").utf8)
            word(UInt64(utf8.count))
            bytes += utf8
        }
        word(SyncFingerprint.version)
        text(ExactMarkdownReader.formatValue)
        word(UInt64(trees.count))
        for (path, tree) in trees.sorted(by: { $0.key < $1.key }) {
            text(path)
            text(tree)
        }
        word(categories == nil ? 0 : 1)
        if let categories {
            word(categories.fingerprint.high)
            word(categories.fingerprint.low)
            text(categories.blob)
        }
        word(UInt64(notes.count))
        for (id, entry) in notes {
            withUnsafeBytes(of: id.uuid) { bytes += $0 }
            word(entry.fingerprint.high)
            word(entry.fingerprint.low)
            word(entry.inTrash ? 1 : 0)
            text(entry.blob)
        }
        let check = bytes.withUnsafeBufferPointer { buffer -> SyncFingerprint in
            var hasher = SyncHasher()
            hasher.add(buffer)
            return hasher.finish()
        }
        word(check.high)
        word(check.low)
        return bytes
    }

    static func decode(_ bytes: [UInt8]) throws -> SyncBlobCache {
        let isVersion1 = bytes.starts(with: magicVersion1)
        guard isVersion1 || bytes.starts(with: magic) else { throw Malformed() }
        var position = isVersion1 ? magicVersion1.count : magic.count
        guard bytes.count >= position + 16 else { throw Malformed() }
        let bodyEnd = bytes.count - 16
        func word() throws -> UInt64 {
            guard position + 8 <= bodyEnd else { throw Malformed() }
            var value: UInt64 = 0
            for offset in 0..<8 { value |= UInt64(bytes[position + offset]) << UInt64(8 * offset) }
            position += 8
            return value
        }
        func text() throws -> String {
            let count = try word()
            guard count <= UInt64(bodyEnd - position) else { throw Malformed() }
            let value = String(decoding: bytes[position..<position + Int(count)], as: UTF8.self)
            position += Int(count)
            return value
        }
        guard checksumMatches(bytes, bodyEnd: bodyEnd) else { throw Malformed() }
        guard try word() == SyncFingerprint.version, try text() == ExactMarkdownReader.formatValue else { throw Malformed() }
        var cache = SyncBlobCache()
        if isVersion1 {
            // The flat trees of layout 1: of no use to layout 2, only their notes are kept.
            _ = try text()
            _ = try text()
        } else {
            let count = try word()
            guard count <= UInt64(bodyEnd - position) else { throw Malformed() }
            for _ in 0..<count {
                let path = try text(), tree = try text()
                guard isObjectID(tree) else { throw Malformed() }
                cache.trees[path] = tree
            }
        }
        if try word() == 1 {
            let fingerprint = SyncFingerprint(high: try word(), low: try word())
            let blob = try text()
            guard isObjectID(blob) else { throw Malformed() }
            cache.categories = (fingerprint, blob)
        }
        let count = try word()
        guard count <= UInt64(bodyEnd - position) else { throw Malformed() }
        cache.notes.reserveCapacity(Int(count))
        for _ in 0..<count {
            guard position + 16 <= bodyEnd else { throw Malformed() }
            let id = bytes.withUnsafeBytes { [position] in UUID(uuid: $0.loadUnaligned(fromByteOffset: position, as: uuid_t.self)) }
            position += 16
            let fingerprint = SyncFingerprint(high: try word(), low: try word())
            let inTrash = try word() == 1
            let blob = try text()
            guard isObjectID(blob) else { throw Malformed() }
            cache.notes[id] = Entry(fingerprint: fingerprint, inTrash: inTrash, blob: blob)
        }
        guard position == bodyEnd else { throw Malformed() }
        return cache
    }

    /// Whether the 16 bytes after `bodyEnd` are the fingerprint of the bytes before it.
    private static func checksumMatches(_ bytes: [UInt8], bodyEnd: Int) -> Bool {
        let expected = bytes.withUnsafeBufferPointer { buffer -> SyncFingerprint in
            var hasher = SyncHasher()
            hasher.add(UnsafeBufferPointer(rebasing: buffer[0..<bodyEnd]))
            return hasher.finish()
        }
        var tail = bodyEnd
        var high: UInt64 = 0, low: UInt64 = 0
        for offset in 0..<8 { high |= UInt64(bytes[tail + offset]) << UInt64(8 * offset) }
        tail += 8
        for offset in 0..<8 { low |= UInt64(bytes[tail + offset]) << UInt64(8 * offset) }
        return expected == SyncFingerprint(high: high, low: low)
    }

    /// A git object id in hex (SHA-1 or SHA-256).
    static func isObjectID(_ text: String) -> Bool {
        (text.utf8.count == 40 || text.utf8.count == 64) && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
