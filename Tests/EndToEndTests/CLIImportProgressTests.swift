import Foundation
import Glibc
import NotesBase
import NotesStore
import NotesTestSupport
import Testing

/// A long `notes import` as a person at a terminal sees it: a progress line on standard
/// error (never on a pipe), and `Ctrl-C` that stops it with nothing written.
@Suite struct CLIImportProgressTests {
    /// A notes JSON export of `count` small notes, as `notes export --format json` writes it.
    static func export(count: Int) -> Data {
        var text = "{\n  \"format\": \"notes-export\",\n  \"version\": 1,\n  \"exported\": \"2024-01-01T00:00:00Z\",\n"
        text += "  \"categories\": [],\n  \"notes\": [\n"
        for index in 0..<count {
            let id = String(format: "00000000-0000-4000-8000-%012X", index)
            text += "    {\"id\": \"\(id)\", \"title\": \"Note \(index)\", \"body\": \"The body of note \(index).\", "
                + "\"created\": \"2024-01-01T00:00:00Z\", \"updated\": \"2024-01-01T00:00:00Z\", \"tags\": [\"bulk\"]}"
            text += index == count - 1 ? "\n" : ",\n"
        }
        return Data((text + "  ]\n}\n").utf8)
    }

    @Test func ctrlCWhileABigExportIsReadWritesNothingAndSaysSo() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        _ = try sandbox.add("Before the import")
        let before = try #require(sandbox.storeBytes())
        let export = sandbox.folder.file("big.json")
        try Self.export(count: 200_000).write(to: export)

        // Standard error on a terminal, so that the import draws its progress line there; the
        // child's own progress line says it is reading: nothing is written yet.
        let (text, exit) = try StandardErrorOnTerminal(sandbox.runner, ["import", export.path, "--store", sandbox.storePath],
                                                       environment: sandbox.sandboxed(sandbox.runner.baseEnvironment))
            .interrupted(at: "importing")

        #expect(exit == .exited(130), "\(text)")
        #expect(text.contains("\r\u{1B}[Kimport cancelled, nothing written\n"))
        #expect(sandbox.storeBytes() == before)
        #expect(try sandbox.notes().compactMap { $0["title"] as? String } == ["Before the import"])
    }

    @Test func onAPipeThereIsNoProgressLineAndABulkImportLeavesNoJournal() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let export = sandbox.folder.file("some.json")
        try Self.export(count: 2_000).write(to: export)
        _ = try sandbox.add("Before the import")
        // This process plays a `notes compact` already running: a compaction handed off to
        // one would not run, so an empty journal after the import is the import's own doing.
        let running = try #require(CompactionLock.acquire(for: URL(fileURLWithPath: sandbox.storePath)))
        defer { withExtendedLifetime(running) {} }

        let result = try sandbox.run("import", export.path)

        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "2,000 new, 0 updated, 0 unchanged, 0 conflicts\n")
        #expect(result.stderr.isEmpty)
        // Folded into a fresh snapshot before the import returned: the next start reads no journal.
        let files = try #require(sandbox.storeBytes())
        #expect((files["notes.json.journal"]?.count ?? 0) == 0, "\(files.mapValues(\.count))")
        #expect(try sandbox.notes().count == 2_001)
    }
}
