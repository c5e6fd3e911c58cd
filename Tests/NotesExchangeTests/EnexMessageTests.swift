import Foundation
import NotesTestData
import Testing
@testable import NotesExchange

/// What an import says of an `.enex` it cannot read: a sentence naming the file, the line
/// and the column, never a library's error number.
@Suite struct EnexMessageTests {
    @Test func anUndeclaredEntityIsASentenceWithItsPlaceNotALibraryNumber() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // `&nbsp;` outside CDATA: Evernote's DTD declares it, libxml2 (which fetches no DTD) does not,
        // and with a DTD named it is its error 27.
        let enex = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE en-export SYSTEM "http://xml.evernote.com/pub/evernote-export4.dtd">
            <en-export><note><title>Before</title><content>x</content></note>
            <note><title>A&nbsp;B</title><content>x</content></note></en-export>
            """
        try Data(enex.utf8).write(to: folder.file("notebook.enex"))

        let batch = ImportReader().read(paths: [folder.file("notebook.enex").path])

        #expect(batch.bundle.notes.map(\.title) == ["Before"])
        let skip = try #require(batch.skipped.first)
        #expect(skip.file.hasSuffix("notebook.enex"))
        #expect(skip.reason.hasPrefix("line 4, column "), "\(skip.reason)")
        #expect(skip.reason.contains("an entity that is not declared"), "\(skip.reason)")
        #expect(!skip.reason.contains("libxml2") && !skip.reason.contains("error 2"), "\(skip.reason)")
    }
}
