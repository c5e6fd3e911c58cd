import Foundation
import Glibc
import NotesTestSupport
import Testing

/// A bulk `notes import` at a terminal: after reading, its progress line counts the notes
/// as the store is written, then is erased; the import is whole.
@Suite struct CLIImportWritingProgressTests {
    @Test func theWritingIsCountedOnTheLineAndTheLineIsErased() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let export = sandbox.folder.file("some.json")
        try CLIImportProgressTests.export(count: 3_000).write(to: export)

        let (text, exit) = try StandardErrorOnTerminal(sandbox.runner, ["import", export.path, "--store", sandbox.storePath],
                                                       environment: sandbox.sandboxed(sandbox.runner.baseEnvironment))
            .finished()

        #expect(exit == .exited(0), "\(text)")
        #expect(text.contains("\r\u{1B}[Kimporting: writing 3,000 notes\r\u{1B}[Kimporting: writing 2,048 / 3,000 notes"), "\(text)")
        #expect(text.hasSuffix("\r\u{1B}[K"), "\(text)")
        #expect(try sandbox.notes().count == 3_000)
    }
}
