import Foundation
import NotesTestSupport
import Synchronization
import Testing
import NotesModel
import NotesStore
import NotesSync

/// A first sync writes every note: it tells how many files it has written, and of how many
/// (`SyncEngine.fileProgress`, a terminal's progress line); a sync that writes a few tells nothing.
@Suite struct SyncProgressTests {
    @Test func aFirstSyncTellsTheFilesWrittenAndALaterOneNothing() throws {
        let sandbox = try SyncSandbox()
        let laptop = try sandbox.machine("laptop")
        try laptop.commit((0..<150).map { .putNote(Note(title: "Note \($0)", body: "body \($0)")) })
        let updates = Mutex<[(Int, Int)]>([])
        var engine = sandbox.engine(laptop)
        engine.fileProgress = { done, total in updates.withLock { $0.append((done, total)) } }

        try engine.sync()
        let first = updates.withLock { $0 }
        // The 150 notes and categories.json.
        #expect(first.count == 151)
        #expect(first.allSatisfy { $0.1 == 151 })
        #expect(first.map(\.0) == Array(1...151))

        updates.withLock { $0 = [] }
        var edited = try #require(laptop.contents.notes.values.first)
        edited.body = "changed"
        try laptop.commit([.putNote(edited)])
        try engine.sync()
        #expect(updates.withLock { $0.isEmpty })
    }
}
