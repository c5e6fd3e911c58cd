import Foundation
import NotesModel
import NotesExchange

/// A 128-bit fingerprint of everything that goes into a note's sync file: when two notes
/// have the same fingerprint, `MarkdownExchange.document` renders them to the same bytes.
/// Sync keeps the blob each fingerprint produced (`SyncBlobCache`), so an unchanged note
/// is neither rendered nor written again.
///
/// Every field of `Note` is in it, the body as the bytes the store holds (escaped JSON
/// text or plain UTF-8, marked which), and the category the file names (name, id, color
/// text). Err on the side of difference: holding the same text another way only costs a
/// new rendering; a field left out would lose an edit.
struct SyncFingerprint: Hashable, Sendable {
    var high: UInt64
    var low: UInt64

    /// Bumped whenever what a fingerprint covers, or how a file is rendered, changes.
    static let version: UInt64 = 1

    /// The fingerprint of `note`'s file, given the digest of its category (see `categoryDigest`).
    static func of(_ note: Note, category: SyncFingerprint?) -> SyncFingerprint {
        var hasher = SyncHasher()
        hasher.add(version)
        hasher.add(note.id)
        hasher.add(note.title)
        hasher.add(note.created)
        hasher.add(note.updated)
        hasher.add(note.deleted)
        hasher.add(note.categoryID)
        if let category {
            hasher.add(1 as UInt64)
            hasher.add(category.high)
            hasher.add(category.low)
        } else {
            hasher.add(0 as UInt64)
        }
        hasher.add(UInt64(note.tags.count))
        for tag in note.tags.sorted() { hasher.add(tag) }
        hasher.add(UInt64(bitPattern: Int64(note.kind.rawValue)))
        if note.pinned { hasher.add(4 as UInt64) }  // only when set: unpinned notes keep their fingerprints
        if !note.aliases.isEmpty {  // only when set: notes without aliases keep their fingerprints
            hasher.add(5 as UInt64)
            hasher.add(UInt64(note.aliases.count))
            for alias in note.aliases { hasher.add(alias) }
        }
        hasher.add(UInt64(note.attachments.count))
        for attachment in note.attachments { hasher.add(attachment.relativePath) }
        note.withBodyBytes { bytes in
            hasher.add(bytes.isEscaped ? 2 : 3 as UInt64)
            hasher.add(bytes.source)
        }
        return hasher.finish()
    }

    /// What a note's file takes from its category: name, id and color as written.
    static func categoryDigest(_ category: Category) -> SyncFingerprint {
        var hasher = SyncHasher()
        hasher.add(category.name)
        hasher.add(category.id)
        hasher.add(MarkdownColor.text(category.color))
        return hasher.finish()
    }

    /// The fingerprint of some bytes (`categories.json`).
    static func of(_ data: Data) -> SyncFingerprint {
        var hasher = SyncHasher()
        data.withUnsafeBytes { hasher.add($0.bindMemory(to: UInt8.self)) }
        return hasher.finish()
    }
}

/// A fast 128-bit hash (two multiply–rotate lanes over 8-byte words, then a full
/// avalanche of both): not cryptographic, but any accidental difference changes it.
/// Every value is added with its length, so that no two sequences of values run together.
struct SyncHasher {
    private var first: UInt64 = 0x9E37_79B9_7F4A_7C15
    private var second: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private var count: UInt64 = 0

    private static func rotate(_ value: UInt64, _ bits: UInt64) -> UInt64 { (value << bits) | (value >> (64 - bits)) }

    mutating func add(_ word: UInt64) {
        first = Self.rotate(first ^ (word &* 0x87C3_7B91_1142_53D5), 31) &* 0x4CF5_AD43_2745_937F
        second = Self.rotate(second ^ (word &* 0x52DC_E729_DA3E_D3B3), 29) &* 0x9FB2_1C65_1E98_DF25
        second = second &+ first
        count &+= 1
    }

    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) {
        add(UInt64(bytes.count))
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index + 8 <= bytes.count {
            add(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            index += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while index < bytes.count {
            tail |= UInt64(base[index]) << shift
            shift += 8
            index += 1
        }
        add(tail)
    }

    mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { add($0) }
    }

    mutating func add(_ id: UUID) {
        var id = id.uuid
        withUnsafeBytes(of: &id) { raw in
            add(raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self))
            add(raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        }
    }

    mutating func add(_ id: UUID?) {
        guard let id else { return add(0 as UInt64) }
        add(1 as UInt64)
        add(id)
    }

    mutating func add(_ date: Date) { add(date.timeIntervalSinceReferenceDate.bitPattern) }

    mutating func add(_ date: Date?) {
        guard let date else { return add(0 as UInt64) }
        add(1 as UInt64)
        add(date)
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        var value = value
        value ^= value >> 33
        value &*= 0xFF51_AFD7_ED55_8CCD
        value ^= value >> 33
        value &*= 0xC4CE_B9FE_1A85_EC53
        value ^= value >> 33
        return value
    }

    func finish() -> SyncFingerprint {
        let one = Self.mix(first ^ count), two = Self.mix(second ^ Self.rotate(count, 17))
        return SyncFingerprint(high: Self.mix(one &+ two), low: Self.mix(two ^ Self.rotate(one, 23)))
    }
}
