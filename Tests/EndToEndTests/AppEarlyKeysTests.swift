import Foundation
import NotesEditing
import NotesModel
import NotesStore
import NotesTerminal
import NotesTestBasics
import NotesUI
import Testing
@testable import notes

/// The first keys of an early start (`AppRunner.earlyUpdate`): the rename, tags and move
/// dialogs and the editor open on the first notes while the whole store is still being
/// read; what they commit waits for the whole store, with the text typed kept. The whole
/// store's read is held back by the test: it starts only at `finishLoading()`, so a key
/// that waited for it would show as the runner no longer being early.
@Suite struct AppEarlyKeysTests {
    typealias Early = AppEarlyStartTests

    /// A runner as the app starts it, with `editor` for `e`.
    static func runner(_ url: URL, editor: UserEditor) throws -> AppRunner {
        let (store, loading) = try EarlyStart.open(at: url, options: Early.options, order: .updated)
        #expect(loading != nil)
        return AppRunner(terminal: MemoryTerminal(size: Early.size), repository: store, timeZone: Early.utc,
                         now: { Date(timeIntervalSinceReferenceDate: Early.base) }, editor: editor, loading: loading)
    }

    /// The list row of a note among the first ones whose linking note (`Note k-1` links to
    /// `Note k`) is not among them: only the whole store knows that link.
    static func rowLinkedFromBeyondTheFirstNotes(_ runner: AppRunner) -> (row: Int, note: Note)? {
        let database = runner.snapshot.database
        let titles = Set(database.notes.values.map(\.title))
        for row in 0..<runner.snapshot.index.count {
            let note = runner.snapshot.index.note(at: row)
            guard note.title.hasPrefix("Note "), let number = Int(note.title.dropFirst(5)), number > 0,
                  !titles.contains("Note \(number - 1)") else { continue }
            return (row, note)
        }
        return nil
    }

    @Test func aRenameTypedBeforeTheStoreIsInOpensAtOnceAndIsCommittedOnceItIs() throws {
        let (folder, url) = try Early.seededStore(seed: 41)
        defer { try? FileManager.default.removeItem(at: folder) }
        let runner = try Self.runner(url, editor: UserEditor.scripted { $0 })
        let (row, note) = try #require(Self.rowLinkedFromBeyondTheFirstNotes(runner))
        for _ in 0..<row { runner.handle(.key(.down)) }
        runner.handle(.key(.character("r")))
        guard case .renameNote(note.id, from: note.title) = runner.state.prompt?.purpose else {
            Issue.record("no rename prompt: \(String(describing: runner.state.prompt))")
            return
        }
        for key in [Key.control("u")] + "Renamed early".map({ Key.character($0) }) { runner.handle(.key(key)) }
        #expect(runner.state.prompt?.field.text == "Renamed early")
        #expect(Early.isEarly(runner))
        // Enter commits: it waits for the whole store, the text typed kept.
        runner.handle(.key(.enter))
        #expect(runner.state.loadingStore?.waitingKeys == 1)
        #expect(runner.state.prompt?.field.text == "Renamed early")
        #expect(Early.isEarly(runner))
        runner.finishLoading()
        #expect(runner.state.prompt == nil)
        #expect(runner.snapshot.database.notes[note.id]?.title == "Renamed early")
        // Committed against the whole store: the link from beyond the first notes follows the rename.
        let store = try NotesStore.open(at: url)
        defer { store.close() }
        #expect(store.contents.notes[note.id]?.title == "Renamed early")
        let number = try #require(Int(note.title.dropFirst(5)))
        let linking = try #require(store.contents.notes.values.first { $0.title == "Note \(number - 1)" })
        #expect(linking.body.contains("[[Renamed early]]"))
        #expect(!linking.body.contains("[[\(note.title)]]"))
    }

    @Test func theTagsAndMoveDialogsOpenAtOnce() throws {
        let (folder, url) = try Early.seededStore(seed: 42)
        defer { try? FileManager.default.removeItem(at: folder) }
        let runner = try Self.runner(url, editor: UserEditor.scripted { $0 })
        let note = try #require(runner.state.selectedNote(in: runner.snapshot))
        runner.handle(.key(.character("t")))
        guard case .editTags(note.id, _) = runner.state.prompt?.purpose else {
            Issue.record("no tags prompt")
            return
        }
        // Tab completes from every tag: it waits.
        runner.handle(.key(.tab))
        #expect(runner.state.loadingStore?.waitingKeys == 1)
        runner.finishLoading()
        runner.handle(.key(.escape))
        #expect(runner.state.prompt == nil)
        let second = try Self.runner(url, editor: UserEditor.scripted { $0 })
        second.handle(.key(.character("m")))
        #expect(second.state.chooser != nil)
        second.handle(.key(.escape))
        #expect(second.state.chooser == nil)
        #expect(Early.isEarly(second))
        #expect(second.state.loadingStore?.waitingKeys == 0)
    }

    @Test func theEditorOpensOnTheFirstNotesAndItsSaveWaitsForTheWholeStore() throws {
        let (folder, url) = try Early.seededStore(seed: 43)
        defer { try? FileManager.default.removeItem(at: folder) }
        /// Whether the runner still showed only the first notes while the editor ran.
        final class Seen { weak var runner: AppRunner?; var earlyInEditor: Bool? }
        let seen = Seen()
        let editor = UserEditor.scripted { text in
            seen.earlyInEditor = seen.runner.map(Early.isEarly)
            return text + "\nadded in the editor\n"
        }
        let opened = try Self.runner(url, editor: editor)
        seen.runner = opened
        let note = try #require(opened.state.selectedNote(in: opened.snapshot))
        opened.handle(.key(.character("e")))
        #expect(seen.earlyInEditor == true)
        #expect(!Early.isEarly(opened))
        #expect(opened.snapshot.database.notes[note.id]?.body.contains("added in the editor") == true)
        let store = try NotesStore.open(at: url)
        defer { store.close() }
        #expect(store.contents.notes[note.id]?.body.contains("added in the editor") == true)
    }
}
