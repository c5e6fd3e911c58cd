import Foundation
import Testing
@testable import NotesColor
@testable import NotesModel
@testable import NotesExchange
@testable import NotesSync

/// The fingerprint sync keeps for each note's file covers every field that goes into it:
/// a field it missed would let an edit stay behind on one machine.
@Suite struct SyncFingerprintTests {
    static let categoryID = UUID()
    let category = Category(id: categoryID, name: "Home", color: SerializableColor(RGB8(red: 10, green: 20, blue: 30)))
    let note =
        Note(title: "Title", body: "line one\nline two", created: Date(timeIntervalSinceReferenceDate: 1_000),
             updated: Date(timeIntervalSinceReferenceDate: 2_000), categoryID: categoryID, tags: ["a", "b"],
             kind: .note, attachments: [], deleted: nil)

    func fingerprint(_ note: Note, category: Category? = nil) -> SyncFingerprint {
        SyncFingerprint.of(note, category: SyncFingerprint.categoryDigest(category ?? self.category))
    }

    @Test func everyFieldOfANoteChangesItsFingerprint() throws {
        // A new field of `Note` must go into `SyncFingerprint.of` (and into this list).
        #expect(Mirror(reflecting: note).children.count == 11)
        let base = fingerprint(note)
        #expect(fingerprint(note) == base)
        let edits: [(String, (inout Note) throws -> Void)] = [
            ("id", { $0.id = UUID() }),
            ("title", { $0.title = "Title!" }),
            ("body", { $0.body = "line one\nline twO" }),
            ("body moved between lines", { $0.body = "line one \nline two".replacingOccurrences(of: " \n", with: "\n ") }),
            ("created", { $0.created = $0.created.addingTimeInterval(0.001) }),
            ("updated", { $0.updated = $0.updated.addingTimeInterval(-0.001) }),
            ("category", { $0.categoryID = UUID() }),
            ("no category", { $0.categoryID = nil }),
            ("tag added", { $0.tags.insert("c") }),
            ("tags regrouped", { $0.tags = ["ab"] }),
            ("kind", { $0.kind = .checklist }),
            ("attachment", { $0.attachments = [try AttachmentPath("attachments/x.png")] }),
            ("trashed", { $0.deleted = Date(timeIntervalSinceReferenceDate: 3_000) }),
            ("pinned", { $0.pinned = true }),
        ]
        var seen: Set<SyncFingerprint> = [base]
        for (name, edit) in edits {
            var edited = note
            try edit(&edited)
            let value = fingerprint(edited)
            #expect(!seen.contains(value), "\(name)")
            seen.insert(value)
        }
    }

    @Test func whatAFileTakesFromItsCategoryChangesTheFingerprint() throws {
        let base = fingerprint(note)
        var renamed = category
        renamed.name = "House"
        var recolored = category
        recolored.color = SerializableColor(RGB8(red: 10, green: 20, blue: 31))
        #expect(fingerprint(note, category: renamed) != base)
        #expect(fingerprint(note, category: recolored) != base)
        #expect(SyncFingerprint.of(note, category: nil) != base)
    }

    @Test func theCacheReadsBackWhatItWroteAndRefusesAnyDamage() throws {
        var cache = SyncBlobCache()
        cache.notes[UUID()] = .init(fingerprint: fingerprint(note), inTrash: false, blob: String(repeating: "a", count: 40))
        cache.notes[UUID()] = .init(fingerprint: fingerprint(note, category: nil), inTrash: true, blob: String(repeating: "b", count: 40))
        cache.categories = (SyncFingerprint.of(Data("{}".utf8)), String(repeating: "c", count: 40))
        cache.trees = ["notes": String(repeating: "d", count: 40), "notes/3F": String(repeating: "e", count: 40)]
        let bytes = cache.encoded()
        #expect(try SyncBlobCache.decode(bytes) == cache)
        for index in stride(from: 0, to: bytes.count, by: 7) {
            var damaged = bytes
            damaged[index] ^= 0x01
            #expect(throws: (any Error).self) { try SyncBlobCache.decode(damaged) }
        }
        #expect(throws: (any Error).self) { try SyncBlobCache.decode(Array(bytes.dropLast())) }
    }

    /// A cache written before layout 2 (format 1: two flat trees) keeps its notes, not its trees.
    @Test func aFormatOneCacheKeepsItsNotes() throws {
        var cache = SyncBlobCache()
        cache.notes[UUID()] = .init(fingerprint: fingerprint(note), inTrash: false, blob: String(repeating: "a", count: 40))
        cache.trees = ["notes": String(repeating: "d", count: 40)]
        var bytes = cache.encoded()
        // Format 1: its magic, and the two trees as texts where format 2 has a list.
        let magic = Array("notes-sync-cache 2\n".utf8), start = magic.count + 8 + 8 + ExactMarkdownReader.formatValue.utf8.count
        var old = Array("notes-sync-cache\n".utf8) + bytes[magic.count..<start]
        for tree in [String(repeating: "d", count: 40), ""] {
            old += withUnsafeBytes(of: UInt64(tree.utf8.count).littleEndian, Array.init) + Array(tree.utf8)
        }
        let treeList = 8 + (8 + 5) + (8 + 40)
        old += bytes[(start + treeList)..<(bytes.count - 16)]
        var hasher = SyncHasher()
        old.withUnsafeBufferPointer { hasher.add($0) }
        let check = hasher.finish()
        old += withUnsafeBytes(of: check.high.littleEndian, Array.init) + withUnsafeBytes(of: check.low.littleEndian, Array.init)
        bytes = old

        let read = try SyncBlobCache.decode(bytes)
        #expect(read.notes == cache.notes)
        #expect(read.trees.isEmpty)
    }
}
