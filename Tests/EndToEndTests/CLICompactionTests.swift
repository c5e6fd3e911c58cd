import Foundation
import NotesCore
import NotesTestSupport
import Testing

/// A command whose commit finds compaction due does not compact: it starts `notes compact`
/// detached and exits; that process folds the journal into the snapshot, holding the lock
/// only to swap the file in.
@Suite struct CLICompactionTests {
    @Test func aCommandHandsCompactionToADetachedProcess() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let small = try sandbox.add("Small")
        let body = String(repeating: "a long line of the body\n", count: 4_000)  // ~96 KB: compaction is due
        let big = try sandbox.ok("add", "Big", "--body", "-", stdin: body).trimmingCharacters(in: .whitespacesAndNewlines)
        let journal = NotesStore.journalPath(for: URL(fileURLWithPath: sandbox.storePath))

        // The detached compaction empties the journal once it has swapped the snapshot in.
        let deadline = Date().addingTimeInterval(20)
        while Self.size(journal) > 0, Date() < deadline { usleep(20_000) }
        #expect(Self.size(journal) == 0, "the journal was not folded into the snapshot")
        let snapshot = try String(contentsOfFile: sandbox.storePath, encoding: .utf8)
        #expect(snapshot.contains(big) && snapshot.contains(small))
        let notes = try sandbox.notes()
        #expect(Set(notes.compactMap { $0["id"] as? String }) == [small, big])
        #expect((notes.first { $0["id"] as? String == big }?["body"] as? String)?.count ?? 0 >= body.count - 1)
    }

    @Test func compactByHandOnAMissingStoreMakesNoStore() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let result = try sandbox.run("compact")
        #expect(result.status != 0)
        #expect(!FileManager.default.fileExists(atPath: sandbox.storePath))
    }

    static func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? -1
    }
}
