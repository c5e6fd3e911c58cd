import Foundation
import NotesEditing
import NotesModel
import NotesStore
import NotesTerminal
import NotesUI
import Testing
@testable import notes

/// The keys that show more than the first notes, pressed before the whole store is in
/// (`AppRunner.earlyUpdate`): each answers at once from what the first notes hold, marked
/// as still counting, and is completed once the whole store is in. The whole store's read
/// is held back by the test: it starts only at `finishLoading()`, so a key that waited for
/// it would show as the runner no longer being early, or its screen not open.
@Suite struct AppEarlyScreensTests {
    typealias Early = AppEarlyStartTests

    /// A runner on a fresh seeded store, its folder (to remove), and the whole store's contents.
    static func start(seed: UInt64, sync: AppRunner.SyncAction? = nil) throws -> (AppRunner, MemoryTerminal, URL, NotesDatabase) {
        let (folder, url) = try Early.seededStore(seed: seed)
        let whole = try NotesStore.open(at: url)
        defer { whole.close() }
        let (store, loading) = try EarlyStart.open(at: url, options: Early.options, order: .updated)
        #expect(loading != nil)
        let terminal = MemoryTerminal(size: Early.size)
        let runner = AppRunner(terminal: terminal, repository: store, timeZone: Early.utc,
                               now: { Date(timeIntervalSinceReferenceDate: Early.base) }, editor: UserEditor.scripted { $0 },
                               sync: sync, loading: loading)
        return (runner, terminal, folder, whole.contents)
    }

    static func type(_ text: String, _ runner: AppRunner) {
        for character in text { runner.handle(.key(.character(character))) }
    }

    /// The screen's first line as drawn now.
    static func header(_ runner: AppRunner, _ terminal: MemoryTerminal) -> String {
        runner.draw()
        return terminal.lastBuffer?.line(0) ?? ""
    }

    @Test func theFilterOpensAtOnceShowsTheFirstNotesMarkedAndIsCompletedOnceTheStoreIsIn() throws {
        let (runner, terminal, folder, whole) = try Self.start(seed: 51)
        defer { try? FileManager.default.removeItem(at: folder) }
        runner.handle(.key(.character("/")))
        #expect(runner.state.isEditingFilter)
        Self.type("body", runner)
        #expect(Early.isEarly(runner))
        #expect(runner.state.filterField?.text == "body")
        let matching = { (database: NotesDatabase) in database.notes.values.filter { $0.body.contains("body") }.count }
        #expect(runner.state.filter.count(in: runner.snapshot.index) == matching(runner.snapshot.database))
        #expect(Self.header(runner, terminal).contains("+ of \(whole.notes.count) notes, counting…"))
        runner.finishLoading()
        #expect(!Early.isEarly(runner))
        #expect(runner.state.filterField?.text == "body")
        #expect(runner.state.filter.count(in: runner.snapshot.index) == matching(whole))
        #expect(Self.header(runner, terminal).contains("\(matching(whole)) of \(whole.notes.count) notes"))
    }

    @Test func aFilterThatMatchesNoneOfTheFirstNotesSaysItIsSearchingNotNoMatch() throws {
        let (runner, terminal, folder, _) = try Self.start(seed: 52)
        defer { try? FileManager.default.removeItem(at: folder) }
        runner.handle(.key(.character("/")))
        Self.type("zzq", runner)
        #expect(Early.isEarly(runner))
        runner.draw()
        let early = terminal.lastBuffer?.lines.joined(separator: "\n") ?? ""
        #expect(early.contains("Searching…"))
        #expect(!early.contains("No notes match."))
        runner.finishLoading()
        runner.draw()
        #expect(terminal.lastBuffer?.lines.joined(separator: "\n").contains("No notes match.") == true)
    }

    @Test func quickOpenOpensAtOnceAndRanksTheFirstNotesStillCounting() throws {
        let (runner, _, folder, _) = try Self.start(seed: 53)
        defer { try? FileManager.default.removeItem(at: folder) }
        runner.handle(.key(.control("p")))
        #expect(runner.state.quickOpen != nil)
        Self.type("note", runner)
        #expect(Early.isEarly(runner))
        #expect(runner.state.quickOpen?.field.text == "note")
        #expect(runner.state.quickOpen?.isCounting == true)
        #expect(runner.state.quickOpen?.rows.isEmpty == false)
        runner.handle(.idle)
        #expect(runner.state.quickOpen?.isCounting == true)  // the first notes' index is searchable, but not every note's
        runner.finishLoading()
        runner.snapshot.index.waitUntilSearchable()
        runner.handle(.idle)
        #expect(runner.state.quickOpen?.isCounting == false)
        #expect(runner.state.quickOpen?.field.text == "note")
    }

    @Test func theTagsScreenOpensAtOnceMarkedAndIsCompletedOnceTheStoreIsIn() throws {
        let (runner, terminal, folder, whole) = try Self.start(seed: 54)
        defer { try? FileManager.default.removeItem(at: folder) }
        runner.handle(.key(.character("#")))
        #expect(runner.state.tagBrowser != nil)
        #expect(Early.isEarly(runner))
        #expect(Self.header(runner, terminal).contains("counting…"))
        runner.finishLoading()
        let counts = TagCount.all(of: whole.notes.values)
        #expect(runner.state.tagBrowser?.counts == counts)
        #expect(!Self.header(runner, terminal).contains("counting…"))
    }

    @Test func undoWithNothingToUndoSaysSoAtOnceAndAfterAnEarlyTrashWaits() throws {
        let (runner, _, folder, _) = try Self.start(seed: 55)
        defer { try? FileManager.default.removeItem(at: folder) }
        runner.handle(.key(.character("u")))
        #expect(Early.isEarly(runner))
        #expect(runner.state.loadingStore?.waitingKeys == 0)
        #expect(runner.state.message?.text == "Nothing to undo")
        let trashed = try #require(runner.state.selectedNote(in: runner.snapshot))
        runner.handle(.key(.character("d")))
        runner.handle(.key(.character("u")))
        #expect(runner.state.loadingStore?.waitingKeys == 1)
        runner.finishLoading()
        #expect(runner.snapshot.database.notes[trashed.id] != nil)
    }

    @Test func theCategoryPaneAndTheCategoriesScreenAnswerAtOnceWithTheWholeStoresCounts() throws {
        let (runner, terminal, folder, whole) = try Self.start(seed: 56)
        defer { try? FileManager.default.removeItem(at: folder) }
        runner.handle(.key(.tab))
        #expect(runner.state.focusesCategoryPane)
        runner.handle(.key(.character("j")))
        runner.handle(.key(.character("j")))
        let scope = runner.state.filter.scope
        guard case .category(let id) = scope else {
            Issue.record("no category shown: \(scope)")
            return
        }
        #expect(Early.isEarly(runner))
        let inCategory = whole.notes.values.filter { $0.categoryID == id }.count
        #expect(Self.header(runner, terminal).contains("+ of \(whole.notes.count) notes, counting…"))
        runner.handle(.key(.character("c")))
        #expect(runner.state.screen == .categories)
        #expect(Early.isEarly(runner))
        runner.draw()
        let name = try #require(whole.categories[id]?.name)
        let row = terminal.lastBuffer?.lines.first { $0.contains(name) } ?? ""
        #expect(row.contains(inCategory == 1 ? "1 note" : "\(inCategory) notes"))
        runner.finishLoading()
        #expect(runner.state.filter.count(in: runner.snapshot.index) == inCategory)
    }

    @Test func theTrashOpensAtOnceSaysItIsLoadingAndFillsInOnceTheStoreIsIn() throws {
        let (runner, terminal, folder, whole) = try Self.start(seed: 57)
        defer { try? FileManager.default.removeItem(at: folder) }
        runner.handle(.key(.character("T")))
        #expect(runner.state.trash != nil)
        #expect(Early.isEarly(runner))
        #expect(Self.header(runner, terminal).contains("loading…"))
        runner.finishLoading()
        #expect(Self.header(runner, terminal).contains("Trash  \(whole.trash.count)"))
    }

    @Test func endGoesToTheLastOfTheFirstNotesAtOnceAndToTheListsEndOnceTheStoreIsIn() throws {
        let (runner, _, folder, whole) = try Self.start(seed: 58)
        defer { try? FileManager.default.removeItem(at: folder) }
        runner.handle(.key(.character("G")))
        #expect(Early.isEarly(runner))
        #expect(runner.state.noteRow == runner.snapshot.index.count - 1)
        #expect(runner.state.message?.text.contains("G goes to its end") == true)
        runner.finishLoading()
        #expect(runner.state.noteRow == whole.notes.count - 1)
        // A key after `G` before the store is in leaves the cursor where that key put it.
        let (second, _, secondFolder, _) = try Self.start(seed: 58)
        defer { try? FileManager.default.removeItem(at: secondFolder) }
        second.handle(.key(.character("G")))
        second.handle(.key(.character("k")))
        let row = second.state.noteRow
        second.finishLoading()
        #expect(second.state.noteRow == row)
    }

    @Test func syncSaysAtOnceThatItStartsOnceTheStoreIsIn() throws {
        let (runner, _, folder, _) = try Self.start(seed: 59, sync: { _ in "synced" })
        defer { try? FileManager.default.removeItem(at: folder) }
        runner.handle(.key(.character("S")))
        #expect(Early.isEarly(runner))
        #expect(runner.state.loadingStore?.waitingKeys == 0)
        #expect(runner.state.message?.text == "sync: starts once the whole store is loaded")
        #expect(!runner.isSyncing)
        runner.finishLoading()
        #expect(runner.state.isSyncing)
    }

    @Test func aClickOnTheListSelectsAtOnce() throws {
        let (runner, _, folder, _) = try Self.start(seed: 60)
        defer { try? FileManager.default.removeItem(at: folder) }
        let list = Layout.main(Early.size, preview: runner.state.showsPreview).list
        runner.handle(.mouse(MouseEvent(.press(.left), x: list.x + 2, y: list.y + 3)))
        #expect(Early.isEarly(runner))
        #expect(runner.state.noteRow == 3)
        #expect(runner.state.loadingStore?.waitingKeys == 0)
    }
}
