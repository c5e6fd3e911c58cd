#if canImport(Glibc)
import Glibc
#endif
import Foundation
import NotesTestSupport
import Testing
@testable import NotesModel
@testable import NotesStore
@testable import NotesExchange
@testable import NotesSync

/// A whole open of a snapshot that its index describes (`SnapshotIndexFile.describing`)
/// only finds where each body ends and checks it when it is first read. The bodies read
/// exactly as a checking open reads them; a body damaged on disk after notes wrote it
/// (the index still naming the file) reads as a message, and is never written back.
@Suite struct SnapshotLazyBodyTests {
    /// Bodies whose end is hard to find without decoding: quotes after runs of backslashes.
    static let trickyBodies = [
        "", "\"", "\\", "\\\\", "\\\"", "a\\\"b\"c", "ends with a backslash \\", "\"\"\"", "\\\\\\\"\\\\",
        "line\nbreak\ttab\u{1}\u{1F}", "ünïcödé 😀 会議 e\u{301}", "\u{2028}\u{2029}\u{7F}", "/\\/\\/",
    ]

    /// A compacted store (snapshot and index) of the tricky bodies and `count` seeded random ones.
    private func compactedStore(randomBodies count: Int, seed: UInt64) throws -> (TemporaryFolder, URL, NotesDatabase) {
        let (folder, url) = try TemporaryFolder.forStore()
        var random = seed
        func next() -> UInt64 {
            random &+= 0x9E37_79B9_7F4A_7C15
            var mixed = random
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return mixed ^ (mixed >> 31)
        }
        let pieces = ["\\", "\"", "a", " ", "\n", "é", "😀", "\\\"", "\u{0}", "}", ",\n      \"created\": "]
        var bodies = Self.trickyBodies
        for _ in 0..<count {
            bodies.append((0..<Int(next() % 24)).map { _ in pieces[Int(next() % UInt64(pieces.count))] }.joined())
        }
        let store = try NotesStore.open(at: url)
        try store.commit(bodies.enumerated().map { index, body in
            .putNote(Note(title: "body \(index)", body: body, created: Date(timeIntervalSinceReferenceDate: Double(index))))
        })
        try store.compactNow()
        let expected = store.contents
        store.close()
        #expect(FileManager.default.fileExists(atPath: SnapshotIndex.path(for: url)))
        return (folder, url, expected)
    }

    @Test func bodiesLeftUncheckedReadExactlyAsCheckedOnes() throws {
        let seed = TestSeed.seed(for: "SnapshotLazyBodyTests.bodiesLeftUnchecked")
        let (folder, url, expected) = try compactedStore(randomBodies: 300, seed: seed)
        defer { folder.remove() }

        let lazy = try NotesStore.open(at: url)
        var unchecked = 0
        for note in lazy.contents.notes.values {
            if case .inSnapshot(let string) = note.bodyStorage, !string.checked { unchecked += 1 }
            let wanted = try #require(expected.notes[note.id]).body
            #expect(note.body == wanted, "seed \(seed): note '\(note.title)'")
            #expect(note.withBodyUTF8 { Array($0) } == Array(wanted.utf8), "seed \(seed): note '\(note.title)'")
        }
        #expect(unchecked == expected.notes.count, "the index vouched for the snapshot: every body is checked on first read")
        #expect(lazy.contents == expected)
        lazy.close()

        // Without the index the same snapshot is checked whole at open, and reads the same.
        try FileManager.default.removeItem(atPath: SnapshotIndex.path(for: url))
        let checked = try NotesStore.open(at: url)
        defer { checked.close() }
        for note in checked.contents.notes.values {
            if case .inSnapshot(let string) = note.bodyStorage { #expect(string.checked) }
        }
        #expect(checked.contents == expected)
    }

    /// An export checks each body once: its refusal of a damaged body (`checkBodies`, before
    /// anything is written) scans every body, and writing the note only reads what was found.
    @Test func anExportChecksEachBodyOnce() throws {
        let (folder, url, expected) = try compactedStore(randomBodies: 40, seed: 7)
        defer { folder.remove() }
        let store = try NotesStore.open(at: url)
        defer { store.close() }
        guard case .inSnapshot(let string) = try #require(store.contents.notes.values.first).bodyStorage else {
            Issue.record("the bodies are not left in the snapshot")
            return
        }
        let file = string.file
        #expect(file.bodiesScanned == 0)

        let document = try JSONExchange.document(of: store.contents)
        #expect(file.bodiesScanned == expected.notes.count)
        let bodies = try #require(document["notes"]?.arrayValue).compactMap { $0["body"]?.stringValue }
        #expect(bodies.sorted() == expected.notes.values.map(\.body).sorted())

        let out = folder.file("export")
        #expect(try MarkdownExchange.export(store.contents, to: out) == expected.notes.count)
        #expect(file.bodiesScanned == expected.notes.count, "a second export reads what the first one checked")
    }

    /// Overwrites one byte of the snapshot in place and puts its modification time back,
    /// as a disk that damages a file does: the index still describes it.
    private func damage(_ url: URL, inBodyContaining marker: String) throws {
        var info = stat()
        #expect(stat(url.path, &info) == 0)
        var bytes = try [UInt8](Data(contentsOf: url))
        let needle = Array(marker.utf8)
        let at = try #require((0...(bytes.count - needle.count)).first { Array(bytes[$0..<($0 + needle.count)]) == needle })
        bytes[at] = 0xFF  // not UTF-8
        let handle = try FileHandle(forWritingTo: url)
        try handle.write(contentsOf: bytes)
        try handle.close()
        var times = [info.st_atim, info.st_mtim]
        #expect(utimensat(AT_FDCWD, url.path, &times, 0) == 0)
    }

    @Test func aBodyDamagedUnderAValidIndexReadsAsAMessageAndIsNeverWrittenBack() throws {
        let (folder, url) = try TemporaryFolder.forStore()
        defer { folder.remove() }
        let damaged = Note(title: "damaged", body: "MARKER one two\nthree")
        let sound = Note(title: "sound", body: "fine \"text\" é")
        let store = try NotesStore.open(at: url)
        try store.commit([.putNote(damaged), .putNote(sound)])
        try store.compactNow()
        store.close()
        try damage(url, inBodyContaining: "MARKER")
        let snapshotBefore = try Data(contentsOf: url)

        let opened = try NotesStore.open(at: url)
        defer { opened.close() }
        let read = try #require(opened.contents.notes[damaged.id])
        #expect(read.title == "damaged")
        #expect(read.body.contains("cannot read this body"))
        #expect(read.body.contains("invalid UTF-8"))
        #expect(read.withBodyUTF8 { String(validating: $0, as: UTF8.self) } == read.body)
        #expect(opened.contents.notes[sound.id]?.body == sound.body)
        // An editor saved without a change gives back the message: not a change to write.
        var unchanged = read
        unchanged.body = read.body
        #expect(read.hasSameBody(as: unchanged))
        #expect(unchanged.hasSameBody(as: read))

        // Renaming it would copy the damaged bytes into the journal: refused, naming the note.
        var renamed = read
        renamed.title = "renamed"
        let journal = URL(fileURLWithPath: NotesStore.journalPath(for: url))
        let journalBefore = try? Data(contentsOf: journal)
        #expect {
            try opened.commit(.putNote(renamed))
        } throws: { error in
            guard case StoreError.corrupt(_, _, let reason) = error else { return false }
            return reason.contains(damaged.id.uuidString) && reason.contains("does not write it back")
        }
        #expect((try? Data(contentsOf: journal)) == journalBefore)

        // A compaction would copy them into the new snapshot: refused, the file unchanged.
        try opened.commit(.putNote(Note(title: "another", body: "x")))
        #expect(throws: StoreError.self) { try opened.compactNow() }
        #expect(try Data(contentsOf: url) == snapshotBefore)

        // Replacing the body makes the note whole again.
        var replaced = read
        replaced.body = "written anew"
        try opened.commit(.putNote(replaced))
        try opened.compactNow()
        let reopened = try NotesStore.open(at: url)
        defer { reopened.close() }
        #expect(reopened.contents.notes[damaged.id]?.body == "written anew")
        #expect(reopened.contents.notes[sound.id]?.body == sound.body)
    }

    /// What copies a note out of the store never passes on the message a damaged body reads
    /// as: both exports and a sync refuse by the note's id, and write nothing.
    @Test func exportsAndSyncRefuseADamagedBodyAndWriteNothing() throws {
        let sandbox = try SyncSandbox()
        let url = sandbox.storeURL("a")
        let damaged = Note(title: "damaged", body: "MARKER one two")
        let store = try sandbox.machine("a")
        try store.commit([.putNote(damaged), .putNote(Note(title: "sound", body: "fine"))])
        try store.compactNow()
        store.close()
        try damage(url, inBodyContaining: "MARKER")

        let opened = try NotesStore.open(at: url)
        defer { opened.close() }
        #expect(opened.contents.notes[damaged.id]?.bodyDamage?.contains("invalid UTF-8") == true)
        let isRefusal = { (error: any Error) -> Bool in
            switch error {
            case ExchangeError.damagedBody(let id, _, _), SyncError.damagedBody(let id, _, _): id == damaged.id
            default: false
            }
        }
        #expect(performing: { try JSONExchange.document(of: opened.contents) }, throws: isRefusal)
        let out = sandbox.folder.file("export")
        #expect(performing: { try MarkdownExchange.export(opened.contents, to: out) }, throws: isRefusal)
        #expect(!FileManager.default.fileExists(atPath: out.path))
        #expect(performing: { try sandbox.sync(opened) }, throws: isRefusal)
        let pushed = (try? sandbox.remoteFiles()) ?? [:]  // no branch at all when nothing was pushed
        #expect(!pushed.keys.contains { $0.hasPrefix("notes/") })
    }

    /// The three places that name a damaged body (what it reads as, `Note.bodyDamage`, and
    /// the refusal to write it back) give the same file, line, column and reason.
    @Test func everyPlaceNamesTheDamageInTheSameWords() throws {
        let (folder, url) = try TemporaryFolder.forStore()
        defer { folder.remove() }
        let store = try NotesStore.open(at: url)
        try store.commit(.putNote(Note(title: "first", body: "fine")))
        try store.commit(.putNote(Note(title: "damaged", body: "one\ntwo MARKER three")))
        try store.compactNow()
        store.close()
        try damage(url, inBodyContaining: "MARKER")

        let opened = try NotesStore.open(at: url)
        defer { opened.close() }
        let note = try #require(opened.contents.notes.values.first { $0.title == "damaged" })
        let damage = try #require(note.bodyDamage)
        #expect(note.body.contains(damage))
        var renamed = note
        renamed.title = "renamed"
        #expect {
            try opened.commit(.putNote(renamed))
        } throws: { error in
            guard case StoreError.corrupt(let file, let place, let reason) = error else { return false }
            let whereItIs = "\(file), \(place): "
            #expect(place.hasPrefix("line ") && damage.hasPrefix(whereItIs), "\(damage) | \(error)")
            let why = damage.dropFirst(whereItIs.count)
            return !why.isEmpty && reason.contains("is damaged (\(why))")
        }
    }

    @Test func withoutAValidIndexTheSameDamageIsAnErrorAtOpen() throws {
        let (folder, url) = try TemporaryFolder.forStore()
        defer { folder.remove() }
        let store = try NotesStore.open(at: url)
        try store.commit(.putNote(Note(title: "damaged", body: "MARKER one two")))
        try store.compactNow()
        store.close()
        try damage(url, inBodyContaining: "MARKER")
        try FileManager.default.removeItem(atPath: SnapshotIndex.path(for: url))
        #expect {
            _ = try NotesStore.open(at: url)
        } throws: { error in
            guard case StoreError.corrupt(_, let place, let reason) = error else { return false }
            return place.contains("line") && reason.contains("invalid UTF-8")
        }
    }
}
