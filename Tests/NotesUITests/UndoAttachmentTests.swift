import Foundation
import NotesTestSupport
import Testing
@testable import NotesModel
@testable import NotesStore
@testable import NotesTerminal
@testable import NotesUI

/// `D` in the trash, then `u`, on a real store: the note comes back whole, with its files
/// byte for byte; the files are held aside (`attachments-held/`) only while an undo or redo
/// can reach the note, and never while the store names them.
@Suite struct UndoAttachmentTests {
    /// A real store as the UI opens it, holding one trashed note with two files.
    struct Fixture {
        let folder: TemporaryFolder
        let store: NotesStore
        let note: Note
        let files: [AttachmentPath: Data]
        let terminal = MemoryTerminal(size: TerminalSize(width: 100, height: 20))
        let runner: AppRunner

        init() throws {
            folder = try TemporaryFolder(prefix: "notes-undo-attachments")
            var options = NotesStoreOptions()
            options.holdsDeletedAttachments = true
            store = try NotesStore.open(at: folder.file("notes.json"), options: options)
            var note = Note(title: "Scan", body: "see the files", created: UIFixtures.now)
            var files: [AttachmentPath: Data] = [:]
            for (name, bytes) in [("a.pdf", Data([1, 2, 3])), ("b.png", Data((0..<5_000).map { UInt8($0 % 251) }))] {
                let path = try AttachmentPath("attachments/\(note.id.uuidString)/\(name)")
                try AttachmentFiles.write(bytes, to: path, in: folder.url)
                files[path] = bytes
            }
            note.attachments = files.keys.sorted { $0.relativePath < $1.relativePath }
            try store.commit([.putNote(note), .trashNote(note.id, at: UIFixtures.now)])
            try store.commit(.putNote(Note(title: "Other", created: UIFixtures.now)))
            self.note = try #require(store.contents.trash[note.id])
            self.files = files
            runner = AppRunner(terminal: terminal, repository: store, timeZone: UIFixtures.utc, now: { UIFixtures.now },
                               editBody: { $0 })
        }

        /// Every file of the note, read from the store's folder (nil: missing).
        func storedFiles() -> [AttachmentPath: Data] {
            files.keys.reduce(into: [:]) { result, path in result[path] = try? AttachmentFiles.read(path, in: folder.url) }
        }

        var heldFolder: URL { folder.file("attachments-held") }

        /// The files under the holding place.
        func heldFileCount() -> Int {
            let walker = FileManager.default.enumerator(at: heldFolder, includingPropertiesForKeys: [.isRegularFileKey])
            return (walker?.allObjects as? [URL] ?? []).filter { $0.lastPathComponent != "." && !$0.path.hasSuffix(".lock")
                && (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }.count
        }

        func close() {
            store.close()
            folder.remove()
        }
    }

    @Test func capitalDThenUBringsTheNoteBackWithItsFilesAndCtrlRTakesThemAgain() throws {
        let fixture = try Fixture()
        defer { fixture.close() }
        let (store, note, terminal, runner) = (fixture.store, fixture.note, fixture.terminal, fixture.runner)
        terminal.press(.character("T"), .character("D"), .character("y"))
        runner.run()
        #expect(store.contents.anyNote(note.id) == nil)
        #expect(fixture.storedFiles().values.isEmpty, "deleted for good: the files leave the store's attachments")
        #expect(fixture.heldFileCount() == 2, "held aside for undo")

        terminal.press(.character("u"))
        runner.run()
        #expect(store.contents.trash[note.id] == note, "the note is back as it was, in the trash")
        #expect(fixture.storedFiles() == fixture.files, "with every file, byte for byte")
        #expect(fixture.heldFileCount() == 0)
        var report = StoreDoctor.examine(at: store.url)
        #expect(report.isHealthy && report.notices.isEmpty, "\(report)")

        terminal.press(.control("r"))
        runner.run()
        #expect(store.contents.anyNote(note.id) == nil)
        #expect(fixture.storedFiles().values.isEmpty)
        #expect(fixture.heldFileCount() == 2)

        terminal.press(.character("u"))
        runner.run()
        #expect(fixture.storedFiles() == fixture.files)
        report = StoreDoctor.examine(at: store.url)
        #expect(report.isHealthy && report.notices.isEmpty, "\(report)")
    }

    @Test func heldFilesGoWhenTheStepLeavesTheHistoryOrTheSessionEnds() throws {
        let fixture = try Fixture()
        defer { fixture.close() }
        let (store, terminal, runner) = (fixture.store, fixture.terminal, fixture.runner)
        terminal.press(.character("T"), .character("D"), .character("y"), .escape, .character("d"))  // and trash "Other"
        runner.run()
        #expect(runner.history.undoSteps.count == 2)
        #expect(fixture.heldFileCount() == 2, "the delete is still on the undo stack")
        #expect(StoreDoctor.examine(at: store.url).notices.contains { $0.contains("attachments-held") },
                "doctor says what the holding place holds")

        // Restore "Other" and trash it again until the delete is the oldest step past the limit.
        func pair() { terminal.press(.character("T"), .enter, .escape, .character("d")) }
        for _ in 0..<(UndoHistory.limit - 2) / 2 { pair() }
        runner.run()
        #expect(runner.history.undoSteps.count == UndoHistory.limit)
        #expect(fixture.heldFileCount() == 2, "the delete is still the oldest step")
        pair()
        runner.run()
        #expect(fixture.heldFileCount() == 0, "no step can bring the note back: its files go")

        // The session ends: its place in the holding folder goes with it.
        #expect(store.heldAttachmentNoteIDs.isEmpty)
        #expect(FileManager.default.fileExists(atPath: fixture.heldFolder.path), "the session's lock file is still there")
        store.close()
        #expect(!FileManager.default.fileExists(atPath: fixture.heldFolder.path))
        #expect(StoreDoctor.examine(at: store.url).notices.isEmpty)
    }

    @Test func anUndoRefusedBecauseOfAChangeElsewhereLetsTheFilesGo() throws {
        let fixture = try Fixture()
        defer { fixture.close() }
        let (store, note, terminal, runner) = (fixture.store, fixture.note, fixture.terminal, fixture.runner)
        terminal.press(.character("T"), .character("D"), .character("y"))
        runner.run()
        #expect(fixture.heldFileCount() == 2)
        // Another process brings the note back (sync: an edit beats a delete) without files.
        let other = try NotesStore.open(at: store.url)
        var back = note
        back.attachments = []
        try other.commit(.putNote(back))
        other.close()
        terminal.press(.character("u"))
        runner.run()
        #expect(terminal.lastBuffer?.lines.last?.contains("changed elsewhere") == true, "\(terminal.lastBuffer?.lines.last ?? "")")
        #expect(runner.history.undoSteps.isEmpty)
        #expect(fixture.heldFileCount() == 0, "no step can reach the files: they go")
    }
}
