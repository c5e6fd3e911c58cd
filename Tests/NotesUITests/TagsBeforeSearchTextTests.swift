import Foundation
import Synchronization
import Testing
import NotesModel
import NotesTerminal
@testable import NotesUI

/// The tags screen and today's note right after a large store opens, while the search text
/// (which keeps the tag counts and the title lookup) is still being built: they answer from
/// the notes instead of waiting for it (seconds at 1,000,000 notes).
@Suite struct TagsBeforeSearchTextTests {
    static let today = Note(id: UIFixtures.uuid(301), title: "2026-11-30", created: UIFixtures.now, kind: .journal)

    static func database() -> NotesDatabase {
        NotesDatabase(notes: [
            Note(id: UIFixtures.uuid(302), title: "Beds", created: UIFixtures.now, tags: ["garden", "veg patch"]),
            Note(id: UIFixtures.uuid(303), title: "Seeds", created: UIFixtures.now, tags: ["garden"]),
            Note(id: UIFixtures.uuid(304), title: "Milk", created: UIFixtures.now),
            today,
        ])
    }

    /// A runner whose search text is built only once `gate` is signalled. Should the code
    /// under test wait for it, a watchdog lets it go after 30 s and the test fails on `waited`.
    static func runnerWithHeldSearchText() -> (AppRunner, MemoryTerminal, DispatchSemaphore, Watchdog) {
        let gate = DispatchSemaphore(value: 0)
        let waited = Watchdog()
        let (runner, terminal, _) = UIFixtures.runner(database(), width: 70, height: 16)
        let built = runner.snapshot.index.searchText.text
        runner.snapshot.index.searchText = PendingSearchText(buildingInBackground: {
            gate.wait()
            return built
        })
        DispatchQueue.global().asyncAfter(deadline: .now() + 30) {
            waited.fired.withLock { $0 = true }
            gate.signal()
        }
        return (runner, terminal, gate, waited)
    }

    @Test func theTagsScreenCountsFromTheNotesWhileTheSearchTextIsBuilt() throws {
        let (runner, terminal, gate, waited) = Self.runnerWithHeldSearchText()
        defer { gate.signal() }
        terminal.press(.character("#"))
        runner.run()
        #expect(!runner.snapshot.index.isSearchable)
        #expect(waited.fired.withLock { !$0 }, "the tags screen waited for the search text")
        let counts = try #require(runner.state.tagBrowser?.counts)
        #expect(counts == [TagCount(tag: "garden", count: 2), TagCount(tag: "veg patch", count: 1)])
        #expect(terminal.lastBuffer?.lines.contains { $0.contains("#veg patch") } == true)
    }

    @Test func todaysNoteIsFoundAmongTheNotesWhileTheSearchTextIsBuilt() {
        let (runner, _, gate, waited) = Self.runnerWithHeldSearchText()
        defer { gate.signal() }
        let found = runner.snapshot.index.dailyNote(titled: Self.today.title)
        #expect(waited.fired.withLock { !$0 }, "today's note waited for the search text")
        #expect(found?.id == Self.today.id)
        #expect(runner.snapshot.index.dailyNote(titled: "2026-12-01") == nil)
    }
}

/// Whether the watchdog had to let the search text go.
final class Watchdog: Sendable {
    let fired = Mutex(false)
}
