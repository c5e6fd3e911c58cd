import Foundation
import NotesTestData
import Testing
@testable import NotesModel
@testable import NotesStore
@testable import NotesExchange
@testable import NotesEditing

/// One whole-note edit with scripted editors: saving, reopening on a problem, and
/// keeping the text in a file whenever it cannot be saved.
@Suite struct NoteEditSessionTests {
    static let now = Date(timeIntervalSinceReferenceDate: 5_000)

    final class Fixture {
        let folder: TemporaryFolder
        let repository: InMemoryNotesRepository
        let note: Note
        var editorRuns: [String] = []
        var failCommit: (any Error)?

        init() throws {
            folder = try TemporaryFolder(prefix: "notes-edit-session")
            note = Note(title: "Draft", body: "old text", created: Date(timeIntervalSinceReferenceDate: 0))
            repository = InMemoryNotesRepository()
            try repository.commit([.putCategory(Category(name: "Work")), .putNote(note)])
        }

        var unsaved: URL { folder.file("unsaved") }

        /// Runs the session; each editor run applies the next transform to the file's text.
        func edit(_ transforms: [(String) throws -> String]) -> NoteEditSession.Outcome {
            var remaining = transforms
            let session = NoteEditSession(
                runEditor: { path in
                    let text = try String(contentsOfFile: path, encoding: .utf8)
                    self.editorRuns.append(text)
                    guard !remaining.isEmpty else { throw EditorError.failed(command: "test", status: 9) }
                    try Data(try remaining.removeFirst()(text).utf8).write(to: URL(fileURLWithPath: path))
                },
                unsavedFolder: unsaved, temporaryFolder: folder.url, now: { NoteEditSessionTests.now })
            return session.edit(noteID: note.id, refresh: { self.repository.contents }, commit: { edit in
                if let failCommit = self.failCommit { throw failCommit }
                return try self.repository.commit(edit, now: NoteEditSessionTests.now)
            })
        }

        var saved: Note? { repository.contents.notes[note.id] }

        /// The one file kept in the unsaved folder.
        func keptText() throws -> String {
            let names = try FileManager.default.contentsOfDirectory(atPath: unsaved.path)
            #expect(names.count == 1)
            return try String(contentsOf: unsaved.appendingPathComponent(try #require(names.first)), encoding: .utf8)
        }

        /// No temporary edit folder is left behind.
        var leftTemporaryFiles: Bool {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.url.path)) ?? []).contains { $0.hasPrefix("notes-edit-") }
        }
    }

    @Test func aChangedHeaderAndBodyAreSaved() throws {
        let fixture = try Fixture()
        defer { fixture.folder.remove() }
        let outcome = fixture.edit([{ text in
            text.replacingOccurrences(of: "title: \"Draft\"", with: "title: \"Final: v2\"")
                .replacingOccurrences(of: "category: \"\"", with: "category: work")
                .replacingOccurrences(of: "old text", with: "new text")
        }])
        #expect(outcome.isPlainSave(title: "Final: v2"))
        let saved = try #require(fixture.saved)
        #expect(saved.title == "Final: v2")
        #expect(saved.categoryID == fixture.repository.contents.category(named: "Work")?.id)
        #expect(saved.body == "new text")
        #expect(saved.updated == Self.now)
        #expect(!fixture.leftTemporaryFiles)
    }

    @Test func aProblemReopensTheSameTextWithTheProblemOnTop() throws {
        let fixture = try Fixture()
        defer { fixture.folder.remove() }
        let outcome = fixture.edit([
            { $0.replacingOccurrences(of: "category: \"\"", with: "category: Nope") + "typed\n" },
            { $0.replacingOccurrences(of: "category: Nope", with: "category: Work") },
        ])
        #expect(outcome.isPlainSave(title: "Draft"))
        #expect(fixture.editorRuns.count == 2)
        let reopened = try #require(fixture.editorRuns.last)
        #expect(reopened.hasPrefix("# error: line 5: there is no category named 'Nope'"))
        #expect(reopened.contains("category: Nope\n"))
        #expect(reopened.hasSuffix("old text\ntyped\n"))
        #expect(fixture.saved?.body == "old text\ntyped")
    }

    @Test func savingTheProblemUnchangedStopsAndKeepsTheText() throws {
        let fixture = try Fixture()
        defer { fixture.folder.remove() }
        let outcome = fixture.edit([{ _ in "---\ntitle: [broken\n---\nmy precious words\n" }, { $0 }])
        guard case .kept(let path, let reason) = outcome else { Issue.record("not kept: \(outcome)"); return }
        #expect(reason.contains("not valid YAML"))
        #expect(path.hasPrefix(fixture.unsaved.path))
        #expect(try fixture.keptText().contains("my precious words"))
        #expect(fixture.saved?.body == "old text")
    }

    @Test func anEditorThatFailsAfterWritingKeepsTheText() throws {
        let fixture = try Fixture()
        defer { fixture.folder.remove() }
        // The second "run" has no transform left: the test editor exits with status 9.
        let outcome = fixture.edit([{ _ in "---\ntitle: [broken\n---\nwritten before failing\n" }])
        guard case .kept = outcome else { Issue.record("not kept: \(outcome)"); return }
        #expect(try fixture.keptText().contains("written before failing"))
        #expect(outcome.message.contains("exited with status 9"))
        #expect(!fixture.leftTemporaryFiles)
    }

    @Test func aFailedCommitKeepsTheText() throws {
        let fixture = try Fixture()
        defer { fixture.folder.remove() }
        fixture.failCommit = StoreError.locked(file: "notes.json.lock", holder: "pid 1 other")
        let outcome = fixture.edit([{ $0 + "lost?\n" }])
        guard case .kept(let path, let reason) = outcome else { Issue.record("not kept: \(outcome)"); return }
        #expect(reason.contains("the store is busy"))
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(try fixture.keptText().hasSuffix("old text\nlost?\n"))
        #expect(outcome.message.contains(path))
    }

    @Test func anEmptyFileAndAnUnchangedFileChangeNothing() throws {
        let fixture = try Fixture()
        defer { fixture.folder.remove() }
        #expect(fixture.edit([{ _ in "" }]) == .emptied)
        #expect(fixture.edit([{ $0 }]) == .unchanged)
        #expect(fixture.repository.commits.count == 1)
        #expect(!fixture.leftTemporaryFiles)
    }

    @Test func aNoteDeletedMeanwhileComesBack() throws {
        let fixture = try Fixture()
        defer { fixture.folder.remove() }
        let outcome = fixture.edit([{ text in
            try fixture.repository.commit(.deleteNote(fixture.note.id))
            return text + "still wanted\n"
        }])
        guard case .saved(let met, "Draft") = outcome else { Issue.record("not saved: \(outcome)"); return }
        #expect(met.broughtBack)
        #expect(outcome.message == "Saved \"Draft\": it had been deleted meanwhile, so it was brought back")
        #expect(fixture.saved?.body == "old text\nstill wanted")
    }

    @Test func aNoteChangedMeanwhileKeepsBothVersions() throws {
        let fixture = try Fixture()
        defer { fixture.folder.remove() }
        let outcome = fixture.edit([{ text in
            var theirs = fixture.note
            theirs.body = "their text"
            try fixture.repository.commit(.putNote(theirs))
            return text.replacingOccurrences(of: "old text", with: "my text")
        }])
        guard case .saved(let met, _) = outcome, let copyID = met.conflictCopy?.id else { Issue.record("no copy: \(outcome)"); return }
        #expect(fixture.saved?.body == "my text")
        let copy = try #require(fixture.repository.contents.notes[copyID])
        #expect(copy.body == "their text")
        #expect(copy.tags.contains("conflict"))
        #expect(copy.title == "Draft (conflict copy)")
    }

    /// The message names the copy that exists: the other version's title, not the edited one.
    @Test func theConflictMessageNamesTheCopyThatExists() throws {
        let fixture = try Fixture()
        defer { fixture.folder.remove() }
        let outcome = fixture.edit([{ text in
            var theirs = fixture.note
            theirs.title = "Retitled outside"
            theirs.body = "their text"
            try fixture.repository.commit(.putNote(theirs))
            return text.replacingOccurrences(of: "Draft", with: "Retitled in vim")
                .replacingOccurrences(of: "old text", with: "my text")
        }])
        guard case .saved(let met, _) = outcome, let copyID = met.conflictCopy?.id else { Issue.record("no copy: \(outcome)"); return }
        let copy = try #require(fixture.repository.contents.notes[copyID])
        #expect(outcome.message.contains("kept as \"\(copy.title)\""), "\(outcome.message)")
        #expect(copy.title == "Retitled outside (conflict copy)")
        #expect(!outcome.message.contains("Retitled in vim (conflict copy)"))
    }

    @Test func aReadOnlyStoreKeepsTheText() throws {
        let folder = try TemporaryFolder(prefix: "notes-edit-readonly")
        defer { folder.remove() }
        let url = folder.file("notes.json")
        let note = Note(title: "Draft", body: "old text")
        do {
            let writable = try NotesStore.open(at: url)
            try writable.commit(.putNote(note))
            writable.close()
        }
        let store = try NotesStore.open(at: url, options: NotesStoreOptions(readOnly: true))
        defer { store.close() }
        let session = NoteEditSession(runEditor: ScriptedEditor.applying { $0 + "typed on a read-only store\n" },
                                      unsavedFolder: folder.file("unsaved"), temporaryFolder: folder.url)

        let outcome = session.edit(noteID: note.id, refresh: { _ = try store.refresh(); return store.contents },
                                   commit: { try store.commit($0, now: Date()) })

        guard case .kept(let path, let reason) = outcome else { Issue.record("not kept: \(outcome)"); return }
        #expect(reason.contains("read-only"))
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasSuffix("old text\ntyped on a read-only store\n"))
        #expect(store.contents.notes[note.id]?.body == "old text")
    }

    @Test func problemLinesAreRemovedBeforeReading() {
        let problem = NoteDocumentError(line: 3, reason: "bad")
        let annotated = NoteEditSession.annotated("---\r\ntitle: x\r\n---\r\n", problem: problem)
        #expect(annotated.hasPrefix("# error: line 5: bad\n# error: "))
        #expect(NoteEditSession.removingProblemLines(annotated) == "---\r\ntitle: x\r\n---\r\n")
    }
}
