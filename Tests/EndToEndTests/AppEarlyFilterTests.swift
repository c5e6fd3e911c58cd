import Foundation
import NotesModel
import NotesStore
import NotesTerminal
import NotesUI
import Testing
@testable import notes

/// A filter typed during an early start of a large store: when the whole store comes in,
/// its search text is still being built on another thread (`NoteFilter.waitsForText`);
/// the rows found among the first notes stay on the list meanwhile (`NoteFilter.carry`),
/// and the pauses find the rest after them once the text is built.
@Suite struct AppEarlyFilterTests {
    typealias Early = AppEarlyStartTests

    /// A compacted store (so it has a list head) large enough that its search text is
    /// built in the background: every seventh note mentions milk.
    static func largeStore() throws -> (folder: URL, url: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("early-filter-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("notes.json")
        let store = try NotesStore.open(at: url)
        defer { store.close() }
        let notes = (0..<(NoteIndex.parallelThreshold + 500)).map { number in
            let updated = Date(timeIntervalSinceReferenceDate: Early.base - Double(number))
            return Note(title: "Note \(number)", body: number % 7 == 0 ? "buy milk" : "nothing", created: updated, updated: updated)
        }
        try store.commit(notes.map { .putNote($0) })
        try store.compactNow()
        return (folder, url)
    }

    @Test func theRowsFoundAmongTheFirstNotesStayWhenTheWholeStoreComesIn() throws {
        let (folder, url) = try Self.largeStore()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (runner, _, loading) = try Early.runner(url)
        #expect(loading != nil)
        for key in [Key.character("/")] + "milk".map({ Key.character($0) }) { runner.handle(.key(key)) }
        #expect(Early.isEarly(runner))
        let early = try #require(runner.state.filter.matches)
        #expect(!early.isEmpty)
        runner.finishLoading()
        #expect(!Early.isEarly(runner))
        // Not blank while the whole store's text is built: the same rows first, counting on
        // (or, if the text was built already, every row).
        let taken = try #require(runner.state.filter.matches)
        #expect(taken.starts(with: early))
        if runner.state.filter.isCounting { #expect(taken == early) }
        runner.snapshot.index.waitUntilSearchable()
        while runner.state.filter.isCounting { runner.handle(.idle) }
        var whole = NoteFilter()
        whole.set(query: "milk", scope: .all, in: runner.snapshot.index)
        #expect(runner.state.filter.matches == whole.matches)
        #expect(whole.matches?.count == (NoteIndex.parallelThreshold + 500 + 6) / 7)
    }
}
