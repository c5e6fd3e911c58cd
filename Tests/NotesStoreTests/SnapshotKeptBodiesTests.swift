#if canImport(Glibc)
import Glibc
#endif
import Foundation
import NotesTestData
import Testing
@testable import NotesJSON
@testable import NotesModel
@testable import NotesStore

/// Once the app has its notes, the copy of the store file keeps only the bodies
/// (`SnapshotFile.keepOnly`, gathered by `SnapshotBodies`): every body then reads, is
/// compared and is written back exactly as from the whole copy, a body left out is read
/// from the file, and a damaged one reads as the same message naming the same place.
@Suite struct SnapshotKeptBodiesTests {
    /// Bodies with escapes, quotes after backslashes, accents in both Unicode forms, case.
    static let bodies = [
        "", "\"", "\\", "\\\"", "a\\\"b\"c", "line\nbreak\ttab\u{1}", "Café CAFÉ cafe\u{301}", "Straße STRASSE",
        "ünïcödé 😀 会議", "\u{2028}\u{2029}\u{7F}", "plain ascii words", "ﬁne Ｆｕｌｌ", "İstanbul ıi",
    ]

    /// A compacted store (snapshot and index) of `bodies` and `count` seeded random ones.
    static func compactedStore(randomBodies count: Int, seed: UInt64) throws -> (TemporaryFolder, URL, NotesDatabase) {
        let (folder, url) = try TemporaryFolder.forStore()
        var random = SeededRandom(seed: seed)
        let pieces = ["\\", "\"", "a", "B", " ", "\n", "é", "E\u{301}", "😀", "ß", "\u{0}", ",\n      \"created\": "]
        var bodies = Self.bodies
        for _ in 0..<count {
            bodies.append((0..<random.int(0...23)).map { _ in random.pick(pieces) }.joined())
        }
        let store = try NotesStore.open(at: url)
        try store.commit(bodies.enumerated().map { index, body in
            .putNote(Note(title: "Body \(index)", body: body, created: Date(timeIntervalSinceReferenceDate: Double(index))))
        })
        try store.compactNow()
        let expected = store.contents
        store.close()
        return (folder, url, expected)
    }

    /// The snapshot `store`'s bodies are in.
    static func snapshotFile(of store: NotesStore) throws -> SnapshotFile {
        let string = store.contents.notes.values.lazy.compactMap { note -> SnapshotString? in
            if case .inSnapshot(let string) = note.bodyStorage { return string }
            return nil
        }.first
        return try #require(string).file
    }

    /// Keeps the bodies of the notes `keeping` picks (all by default) in `store`'s snapshot.
    static func keepBodies(of store: NotesStore, keeping: (Note) -> Bool = { _ in true }) {
        var bodies = SnapshotBodies()
        for note in store.contents.notes.values where keeping(note) { bodies.add(note) }
        bodies.keepOnlyThese()
    }

    @Test func bodiesReadExactlyAsFromTheWholeCopy() throws {
        let seed = TestSeed.seed(for: "SnapshotKeptBodiesTests.bodiesRead")
        let (folder, url, expected) = try Self.compactedStore(randomBodies: 300, seed: seed)
        defer { folder.remove() }
        let store = try NotesStore.open(at: url)
        defer { store.close() }
        let file = try Self.snapshotFile(of: store)
        // Every third note is left out: its body is read from the file.
        Self.keepBodies(of: store) { note in (Int(note.title.dropFirst(5)) ?? 0) % 3 != 0 }
        #expect(file.keepsOnlyStrings)
        #expect(file.bytes.isEmpty, "the whole copy is gone")
        for note in store.contents.notes.values {
            let wanted = try #require(expected.notes[note.id])
            #expect(note.body == wanted.body, "seed \(seed): \(note.title)")
            #expect(note.withBodyUTF8 { Array($0) } == Array(wanted.body.utf8), "seed \(seed): \(note.title)")
            #expect(note.hasSameBody(as: wanted) && wanted.hasSameBody(as: note), "seed \(seed): \(note.title)")
            #expect(SearchableNote.text(of: note, categoryName: nil) == SearchableNote.text(of: wanted, categoryName: nil),
                    "seed \(seed): the search text of \(note.title)")
        }
        #expect(store.contents == expected)
    }

    @Test func keptBodiesAreWrittenBackUnchanged() throws {
        let (folder, url, expected) = try Self.compactedStore(randomBodies: 60, seed: 11)
        defer { folder.remove() }
        let store = try NotesStore.open(at: url)
        Self.keepBodies(of: store) { note in note.title != "Body 3" }
        // A rename keeps the body (read from the kept bodies, or from the file for "Body 3").
        var renamed = try #require(store.contents.notes.values.first { $0.title == "Body 3" })
        renamed.title = "Renamed"
        var other = try #require(store.contents.notes.values.first { $0.title == "Body 4" })
        other.title = "Renamed too"
        try store.commit([.putNote(renamed), .putNote(other)])
        try store.compactNow()
        store.close()

        let reopened = try NotesStore.open(at: url)
        defer { reopened.close() }
        var titles = expected.notes.mapValues(\.title)
        titles[renamed.id] = renamed.title
        titles[other.id] = other.title
        #expect(reopened.contents.notes.mapValues(\.title) == titles)
        #expect(reopened.contents.notes.mapValues(\.body) == expected.notes.mapValues(\.body))
    }

    /// Overwrites the first byte of `marker` in the snapshot with a byte that is not UTF-8 and
    /// puts the modification time back: the index still describes the file.
    static func damage(_ url: URL, at marker: String) throws {
        var info = stat()
        #expect(stat(url.path, &info) == 0)
        var bytes = try [UInt8](Data(contentsOf: url))
        let needle = Array(marker.utf8)
        let at = try #require((0...(bytes.count - needle.count)).first { Array(bytes[$0..<($0 + needle.count)]) == needle })
        bytes[at] = 0xFF
        let handle = try FileHandle(forWritingTo: url)
        try handle.write(contentsOf: bytes)
        try handle.close()
        var times = [info.st_atim, info.st_mtim]
        #expect(utimensat(AT_FDCWD, url.path, &times, 0) == 0)
    }

    @Test func aDamagedBodyNamesTheSamePlaceKeptOrLeftOut() throws {
        let (folder, url) = try TemporaryFolder.forStore()
        defer { folder.remove() }
        let kept = Note(title: "kept", body: "first line\nKEPTMARK two")
        let leftOut = Note(title: "left out", body: "x\n\nOUTMARK three")
        let store = try NotesStore.open(at: url)
        try store.commit([.putNote(kept), .putNote(leftOut), .putNote(Note(title: "sound", body: "fine é"))])
        try store.compactNow()
        store.close()
        try Self.damage(url, at: "KEPTMARK")
        try Self.damage(url, at: "OUTMARK")

        let whole = try NotesStore.open(at: url)
        defer { whole.close() }
        let wanted = whole.contents.notes.mapValues(\.body)
        #expect(wanted[kept.id]?.contains("invalid UTF-8") == true)
        #expect(wanted[leftOut.id]?.contains("invalid UTF-8") == true)

        let opened = try NotesStore.open(at: url)
        defer { opened.close() }
        Self.keepBodies(of: opened) { $0.id != leftOut.id }
        #expect(try Self.snapshotFile(of: opened).keepsOnlyStrings)
        for (id, body) in wanted { #expect(opened.contents.notes[id]?.body == body) }
        #expect(opened.contents.notes[leftOut.id]?.bodyDamage == whole.contents.notes[leftOut.id]?.bodyDamage)
    }

    @Test func aBodyLeftOutOfAFileChangedSinceReadsAsAMessage() throws {
        let (folder, url, expected) = try Self.compactedStore(randomBodies: 0, seed: 1)
        defer { folder.remove() }
        let store = try NotesStore.open(at: url)
        defer { store.close() }
        let leftOut = try #require(store.contents.notes.values.first { $0.title == "Body 6" })
        Self.keepBodies(of: store) { $0.id != leftOut.id }
        // Another program rewrites the file in place (a backup copied over it): its size changes.
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 10)
        try handle.close()
        let read = try #require(store.contents.notes[leftOut.id])
        #expect(read.body.contains("cannot read this body"))
        #expect(read.bodyDamage?.contains("changed") == true)
        #expect(store.contents.notes.values.first { $0.title == "Body 7" }?.body == expected.notes.values.first { $0.title == "Body 7" }?.body)
    }
}
