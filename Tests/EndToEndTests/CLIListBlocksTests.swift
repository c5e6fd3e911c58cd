import Foundation
import NotesModel
import NotesStore
import NotesTestSupport
import Testing

/// A listing long enough that its lines are made in blocks, each by two threads: every
/// note once, in list order, in every line form.
@Suite struct CLIListBlocksTests {
    @Test func aLongListingHasEveryNoteOnceInOrder() throws {
        let sandbox = try SyncSandbox()
        let runner = try CLIRunner()
        let store = try sandbox.open("laptop")
        let count = 40_000  // more than two blocks of 16,384
        try store.commit((0..<count).map { index in
            .putNote(Note(title: "Note \(index)", created: Date(timeIntervalSince1970: Double(index % 977) * 60),
                          tags: index % 3 == 0 ? ["b", "a"] : []))
        })
        try store.compactNow()
        store.close()
        let path = sandbox.storeURL("laptop").path

        let objects = try runner.run(["list", "--jsonl", "--store", path])
        let ids = objects.stdout.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))).flatMap { ($0 as? [String: Any])?["id"] as? String }
        }
        let formatted = try runner.run(["list", "--format", "{id}", "--store", path])
        let plain = try runner.run(["list", "--store", path])

        #expect(ids.count == count)
        #expect(Set(ids).count == count)
        #expect(formatted.stdout.split(separator: "\n").map(String.init) == ids)
        let lines = plain.stdout.split(separator: "\n")
        #expect(lines.count == count)
        #expect(zip(lines, ids).allSatisfy { line, id in id.hasPrefix(String(line.prefix { $0 != " " })) })
    }
}
