import Foundation
import Glibc
import NotesTestSupport
import Testing

/// A bulk `notes import` at a terminal after its reading: the line counts the notes checked
/// against the store, then the changes applied, then the notes written, then names the
/// saving and the count of missing links; `Ctrl-C` while it checks stops it with nothing written.
@Suite struct CLIImportCheckingProgressTests {
    /// Where each of `pieces` starts in `text`, nil for one missing.
    private static func places(of pieces: [String], in text: String) -> [String.Index?] {
        pieces.map { text.range(of: $0)?.lowerBound }
    }

    @Test func everyStepAfterTheReadingIsOnTheLine() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let export = sandbox.folder.file("some.json")
        try CLIImportProgressTests.export(count: 3_000).write(to: export)

        let (text, exit) = try StandardErrorOnTerminal(sandbox.runner, ["import", export.path, "--store", sandbox.storePath],
                                                       environment: sandbox.sandboxed(sandbox.runner.baseEnvironment))
            .finished()

        #expect(exit == .exited(0), "\(text)")
        let steps = Self.places(of: ["\r\u{1B}[Kimporting: preparing 3,000 notes",
                                     "\r\u{1B}[Kimporting: checking 0 / 3,000 notes",
                                     "\r\u{1B}[Kimporting: applying 0 / 3,000 changes",
                                     "\r\u{1B}[Kimporting: writing 3,000 notes",
                                     "\r\u{1B}[Kimporting: writing 2,048 / 3,000 notes",
                                     "\r\u{1B}[Kimporting: saving 3,000 notes",
                                     "\r\u{1B}[Kimporting: counting links to missing notes\r\u{1B}[K"], in: text)
        #expect(steps.allSatisfy { $0 != nil }, "\(text)")
        #expect(steps.compactMap { $0 } == steps.compactMap { $0 }.sorted(), "\(text)")
        #expect(text.hasSuffix("\r\u{1B}[K"), "\(text)")
        #expect(try sandbox.notes().count == 3_000)
    }

    @Test func ctrlCWhileTheNotesAreCheckedWritesNothingAndSaysSo() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        _ = try sandbox.add("Before the import")
        let before = try #require(sandbox.storeBytes())
        let export = sandbox.folder.file("big.json")
        try CLIImportProgressTests.export(count: 200_000).write(to: export)

        let (text, exit) = try StandardErrorOnTerminal(sandbox.runner, ["import", export.path, "--store", sandbox.storePath],
                                                       environment: sandbox.sandboxed(sandbox.runner.baseEnvironment))
            .interrupted(at: "importing: checking")

        #expect(exit == .exited(130), "\(text)")
        #expect(text.hasSuffix("\r\u{1B}[Kimport cancelled, nothing written\n"), "\(text)")
        #expect(sandbox.storeBytes() == before)
        #expect(try sandbox.notes().compactMap { $0["title"] as? String } == ["Before the import"])
    }
}
