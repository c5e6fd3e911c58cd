import Foundation
import NotesTestSupport
import Testing
@testable import NotesJSON
@testable import NotesModel
@testable import NotesStore
@testable import NotesUI

/// The app's index, built in the background, first has the store file's copy keep only the
/// bodies (`NotesLoan.keepOnlySnapshotBodies`); search then finds exactly what it finds over
/// the whole copy and what `notes list --search` lists, with accents, case and both
/// Unicode forms.
@Suite struct KeptBodiesSearchTests {
    static let words = ["Café", "CAFE", "cafe\u{301}", "Straße", "STRASSE", "ﬁne", "Ｆｕｌｌ", "İstanbul", "naïve",
                        "NAI\u{308}VE", "会議", "😀", "plain", "Meeting", "notes", "\\", "\"quoted\"", "tab\there"]
    static let queries = ["café", "cafe", "CAFÉ", "strasse", "straße", "fine", "full", "istanbul", "naive", "naïve",
                          "会議", "😀", "meeting notes", "\"quoted", "tab here", "zzz", "e"]

    @Test func searchFindsTheSameOnceOnlyTheBodiesAreKept() throws {
        let seed = TestSeed.seed(for: "KeptBodiesSearchTests.searchFindsTheSame")
        var random = SeededRandom(seed: seed)
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let url = folder.file("notes.json")
        let store = try NotesStore.open(at: url)
        try store.commit((0..<400).map { index in
            let body = (0..<random.int(0...12)).map { _ in random.pick(Self.words) }.joined(separator: random.chance(0.3) ? "\n" : " ")
            return .putNote(Note(title: "\(random.pick(Self.words)) \(index)", body: body,
                                 created: Date(timeIntervalSinceReferenceDate: Double(index))))
        })
        try store.compactNow()
        let written = store.contents
        store.close()

        let opened = try NotesStore.open(at: url)
        defer { opened.close() }
        let snapshot = NotesSnapshot(opened.contents, searchText: .inBackground)
        snapshot.index.waitUntilSearchable()
        let file = opened.contents.notes.values.lazy.compactMap { note -> SnapshotFile? in
            if case .inSnapshot(let string) = note.bodyStorage { return string.file }
            return nil
        }.first
        #expect(try #require(file).keepsOnlyStrings, "the copy keeps only the bodies once the index is built")

        let whole = NotesSnapshot(written)
        for query in Self.queries {
            let shown = CategorySearchTests.shown(query, snapshot)
            #expect(shown == CategorySearchTests.shown(query, whole), "seed \(seed): \(query)")
            let listed = Set(NoteListing(search: query).notes(in: written).map(\.id))
            #expect(shown == listed, "seed \(seed): \(query): the UI and notes list --search differ")
        }
    }
}
