import Foundation
import NotesEditing
import NotesModel
import NotesStore
import NotesTerminal
import NotesTestBasics
import NotesUI
import Testing
@testable import notes

/// The app's early start (`EarlyStart`, `StoreLoading`): the first frame drawn from the
/// list head and the journal is the frame the whole store gives; the swap to the whole
/// store keeps the selection; keys that need the whole store wait and are applied, not
/// lost; a head that cannot answer means today's path.
@Suite struct AppEarlyStartTests {
    static let base = 700_000_000.0
    static let size = TerminalSize(width: 120, height: 40)
    static let utc = TimeZone(identifier: "UTC") ?? .current

    /// A store of about 600 notes in three categories, compacted (so it has a list head),
    /// then edited through the journal: notes moved into and out of the head, pinned,
    /// trashed, added.
    static func seededStore(seed: UInt64) throws -> (folder: URL, url: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("early-start-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("notes.json")
        try Self.seed(url, seed: seed)
        return (folder, url)
    }

    /// Writes the store of `seededStore(seed:)` at `url`.
    static func seed(_ url: URL, seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let store = try NotesStore.open(at: url)
        defer { store.close() }
        let categories = [Category(name: "Work"), Category(name: "Home"), Category(name: "Garden")]
        var notes: [Note] = []
        for number in 0..<random.int(550...700) {
            let updated = Date(timeIntervalSinceReferenceDate: base + Double(random.int(0...100_000)))
            notes.append(Note(title: "Note \(number)", body: "# Note \(number)\n\nbody of \(number) [[Note \(number + 1)]]",
                              created: updated, updated: updated, categoryID: random.pick([categories[0].id, categories[1].id, nil]),
                              tags: random.chance(0.3) ? ["tag\(number % 3)"] : [], pinned: random.chance(0.02)))
        }
        try store.commit(categories.map { .putCategory($0) } + notes.map { .putNote($0) })
        try store.compactNow()
        for _ in 0..<random.int(5...25) {
            var note = random.pick(notes)
            switch random.int(0...4) {
            case 0: note.updated = Date(timeIntervalSinceReferenceDate: base + Double(random.int(0...120_000)))
            case 1: note.pinned.toggle()
            case 2:
                if store.contents.notes[note.id] != nil { try store.commit(.trashNote(note.id, at: Date())) }
                continue
            case 3: note.categoryID = categories[2].id
            default: note = Note(title: "Added", updated: Date(timeIntervalSinceReferenceDate: base + 200_000))
            }
            if store.contents.trash[note.id] == nil { try store.commit(.putNote(note)) }
        }
    }

    static func options() -> NotesStoreOptions { NotesStoreOptions() }

    /// Whether `runner` shows only the first notes (a value of its own, so that a failure does not print the snapshot).
    static func isEarly(_ runner: AppRunner) -> Bool { runner.snapshot.isEarly }

    /// A runner on `url` as the app starts it, with an in-memory terminal.
    static func runner(_ url: URL, order: NoteListOrder = .updated) throws -> (AppRunner, MemoryTerminal, StoreLoading?) {
        let (store, loading) = try EarlyStart.open(at: url, options: options, order: order)
        let terminal = MemoryTerminal(size: size)
        let runner = AppRunner(terminal: terminal, repository: store, timeZone: utc, now: { Date(timeIntervalSinceReferenceDate: base) },
                               editor: UserEditor.scripted { $0 }, listOrder: order, loading: loading)
        return (runner, terminal, loading)
    }

    /// The frame the whole store gives, without a head.
    static func wholeFrame(_ url: URL) throws -> ScreenBuffer {
        let store = try NotesStore.open(at: url)
        defer { store.close() }
        let terminal = MemoryTerminal(size: size)
        let runner = AppRunner(terminal: terminal, repository: store, timeZone: utc, now: { Date(timeIntervalSinceReferenceDate: base) },
                               editor: UserEditor.scripted { $0 })
        runner.draw()
        return try #require(terminal.lastBuffer)
    }

    @Test(arguments: [21, 22, 23, 24, 25])
    func theEarlyFrameIsTheWholeStoresFrame(seed: UInt64) throws {
        let (folder, url) = try Self.seededStore(seed: seed)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (runner, terminal, loading) = try Self.runner(url)
        #expect(loading != nil)
        #expect(Self.isEarly(runner))
        runner.draw()
        let early = try #require(terminal.lastBuffer)
        let whole = try Self.wholeFrame(url)
        let differ = zip(early.lines, whole.lines).enumerated().first { $0.element.0 != $0.element.1 }
        #expect(early == whole, "first different row: \(differ.map { "\($0.offset)\n\($0.element.0)\n\($0.element.1)" } ?? "-")")
        runner.finishLoading()
        #expect(!Self.isEarly(runner))
        runner.draw()
        #expect(terminal.lastBuffer == whole)
    }

    @Test func theSwapKeepsTheSelectedNoteAndTheScroll() throws {
        let (folder, url) = try Self.seededStore(seed: 31)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (runner, _, _) = try Self.runner(url)
        for _ in 0..<3 { runner.handle(.key(.pageDown)) }
        runner.handle(.key(.down))
        let selected = try #require(runner.state.selectedNote(in: runner.snapshot))
        let (row, scroll) = (runner.state.noteRow, runner.state.noteScroll)
        #expect(runner.state.loadingStore?.waitingKeys == 0)
        runner.finishLoading()
        #expect(!Self.isEarly(runner))
        #expect(runner.state.selectedNote(in: runner.snapshot)?.id == selected.id)
        #expect(runner.state.noteRow == row && runner.state.noteScroll == scroll)
    }

    @Test func aKeyThatNeedsTheWholeStoreWaitsAndIsApplied() throws {
        let (folder, url) = try Self.seededStore(seed: 32)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (runner, terminal, _) = try Self.runner(url)
        runner.handle(.key(.down))
        let renamed = try #require(runner.state.selectedNote(in: runner.snapshot))
        // A rename's Enter commits, against the whole store: it waits, and so do `/` and a
        // word typed after it (to keep the order typed); the status line says so.
        for key in [Key.character("r"), .control("u"), .character("X"), .enter, .character("/"), .character("z"), .character("z")] {
            runner.handle(.key(key))
        }
        #expect(runner.state.loadingStore?.waitingKeys == 4)
        #expect(!runner.state.isEditingFilter)
        runner.draw()
        #expect(terminal.lastBuffer?.line(Self.size.height - 1).hasPrefix("loading ") == true)
        // A move typed after them waits too.
        runner.handle(.key(.down))
        #expect(runner.state.noteRow == 1)
        runner.finishLoading()
        #expect(runner.snapshot.database.notes[renamed.id]?.title == "X")
        #expect(runner.state.isEditingFilter)
        #expect(runner.state.filter.query == "zz")
        #expect(runner.state.loadingStore == nil)
    }

    @Test func openingANoteWorksAtOnce() throws {
        let (folder, url) = try Self.seededStore(seed: 33)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (runner, _, _) = try Self.runner(url)
        runner.handle(.key(.down))
        let selected = try #require(runner.state.selectedNote(in: runner.snapshot))
        runner.handle(.key(.enter))
        #expect(runner.state.screen == .reading(selected.id))
        #expect(Self.isEarly(runner))
        runner.finishLoading()
        #expect(runner.state.screen == .reading(selected.id))
    }

    @Test(arguments: ["missing", "damaged", "stale"])
    func aHeadThatCannotAnswerMeansTodaysPath(fault: String) throws {
        let (folder, url) = try Self.seededStore(seed: 34)
        defer { try? FileManager.default.removeItem(at: folder) }
        let head = url.path + ".head"
        switch fault {
        case "missing": try FileManager.default.removeItem(atPath: head)
        case "damaged":
            var bytes = try Data(contentsOf: URL(fileURLWithPath: head))
            bytes[bytes.count / 2] ^= 0xFF
            try bytes.write(to: URL(fileURLWithPath: head))
        default:
            // A new snapshot without its head: the old head describes another snapshot.
            let saved = try Data(contentsOf: URL(fileURLWithPath: head))
            let store = try NotesStore.open(at: url)
            try store.commit(.putCategory(Category(name: "Later")))
            try store.compactNow()
            store.close()
            try saved.write(to: URL(fileURLWithPath: head))
        }
        let (runner, terminal, loading) = try Self.runner(url)
        #expect(loading == nil)
        #expect(!Self.isEarly(runner))
        runner.draw()
        #expect(terminal.lastBuffer == (try Self.wholeFrame(url)))
    }

    @Test func aStoreRewrittenInPlaceBehindTheFirstScreenEndsTheAppWithItsError() throws {
        let (folder, url) = try Self.seededStore(seed: 36)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (runner, _, _) = try Self.runner(url)
        runner.handle(.key(.character("/")))
        // Rewritten in place (same file, other bytes) after the first notes were read.
        let handle = try FileHandle(forWritingTo: url)
        try handle.seek(toOffset: 10)
        try handle.write(contentsOf: Data(repeating: UInt8(ascii: "x"), count: 64))
        try handle.close()
        runner.finishLoading()
        #expect(runner.loadFailure != nil)
        #expect(runner.state.quitting == .quitting)
        #expect(!runner.handle(.key(.down)))
    }

    @Test func anotherOrderMeansTodaysPath() throws {
        let (folder, url) = try Self.seededStore(seed: 35)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (runner, _, loading) = try Self.runner(url, order: .title)
        #expect(loading == nil)
        #expect(!Self.isEarly(runner))
    }
}
