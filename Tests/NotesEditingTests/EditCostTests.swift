import Foundation
import NotesTestData
import Testing
@testable import NotesBase
@testable import NotesModel
@testable import NotesStore
@testable import NotesExchange
@testable import NotesEditing

/// A whole-note edit of a very long note costs what writing and reading its file
/// costs: the header is found by reading the header's lines only, an unchanged body is
/// recognised byte for byte without being built as a `String`, and the checks on the
/// edited text read only the bytes they need. Work is counted (bytes read, strings
/// built), never timed.
@Suite struct EditCostTests {
    /// Bytes that remember the furthest place anyone read them at.
    struct CountingBytes: BidirectionalCollection {
        final class Reads { var highest = -1, count = 0 }
        let bytes: [UInt8]
        let reads = Reads()

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var startIndex: Int { bytes.startIndex }
        var endIndex: Int { bytes.endIndex }
        func index(after index: Int) -> Int { index + 1 }
        func index(before index: Int) -> Int { index - 1 }
        subscript(position: Int) -> UInt8 {
            reads.highest = Swift.max(reads.highest, position)
            reads.count += 1
            return bytes[position]
        }
        /// How many bytes from the start were read.
        var readCount: Int { reads.highest + 1 }
    }

    static let header = "---\ntitle: \"Big\"\ncategory: \"\"\ntags: []\nkind: note\n---\n"
    /// A 5 MB body of lines, with a `---` line in it that is not the header's.
    static let bigBody: String = {
        var body = "---\nnot: a header\n---\n"
        body.reserveCapacity(5_000_100)
        let line = "café 漢字 lorem ipsum dolor sit amet, e\u{301} 😀 consectetur\r\n"
        while body.utf8.count < 5_000_000 { body += line }
        return body
    }()

    @Test func theHeaderIsFoundByReadingOnlyItsLines() throws {
        let text = CountingBytes(Array((Self.header + Self.bigBody).utf8))
        let span = try #require(try YAMLFrontMatter.span(of: text))
        #expect(span.bodyStart == Self.header.utf8.count)
        #expect(span.header(in: text) == "title: \"Big\"\ncategory: \"\"\ntags: []\nkind: note")
        #expect(text.readCount == Self.header.utf8.count)
    }

    @Test func aTextWithoutAHeaderIsToldByItsFirstLine() throws {
        let text = CountingBytes(Array(("just a body\n" + Self.bigBody).utf8))
        #expect(try YAMLFrontMatter.span(of: text) == nil)
        #expect(text.readCount == "just a body\n".utf8.count)
    }

    @Test func blanknessAndTheFinalLineFeedReadOnlyWhatTheyNeed() {
        let text = CountingBytes(Array((" \t\n\u{A0}x" + Self.bigBody).utf8))
        #expect(!UTF8Text.isBlank(text))
        #expect(text.readCount <= " \t\n\u{A0}x".utf8.count + 3)  // the UTF-8 decoder reads a little ahead
        let ending = CountingBytes(Array((Self.bigBody + "end\n").utf8))
        #expect(UTF8Text.endsWithLineFeed(ending))
        #expect(ending.reads.count <= 2)
        #expect(UTF8Text.isBlank(Array(" \u{85}\u{2028}\u{3000}\r\n\t".utf8)))
        #expect(!UTF8Text.isBlank([0x20, 0xFF, 0x20]))
        #expect(!UTF8Text.endsWithLineFeed(Array("a\r\n".utf8)))
        #expect(UTF8Text.endsWithLineFeed(Array("\n".utf8)))
        #expect(UTF8Text.endsWithLineFeed(Array("a\r\n\n".utf8)))
    }

    @Test func anUnchangedLongBodyIsNotBuiltAsAString() throws {
        let note = Note(title: "Big", body: Self.bigBody)
        let rendered = NoteDocument.renderUTF8(note, categoryName: nil)
        #expect(rendered.bytes.count == Self.header.utf8.count + Self.bigBody.utf8.count + 1)
        let split = try rendered.bytes.withUnsafeBufferPointer { text in
            try rendered.withBody { body in
                try NoteDocument.split(text, ending: .init(original: body), originalBody: body)
            }
        }
        #expect(split.body == nil)
        #expect(try NoteDocument.fields(split).bodyIsOriginal == true)
        // One byte more (the user's), and the body is built and compared as it should be.
        var typed = rendered.bytes
        typed.insert(contentsOf: Array("x".utf8), at: rendered.body.upperBound)
        let changed = try typed.withUnsafeBufferPointer { text in
            try rendered.withBody { body in try NoteDocument.split(text, ending: .init(original: body), originalBody: body) }
        }
        #expect(changed.body == Self.bigBody + "x")
    }

    // MARK: The whole edit, byte for byte

    /// Runs one edit of `note` in a store on disk (so the body is read from the store's
    /// file, escapes and all); the "editor" changes the file's bytes with `transform`.
    static func edit(_ note: Note, _ transform: @escaping ([UInt8]) -> [UInt8]) throws -> (NoteEditSession.Outcome, Note?, Int) {
        let folder = try TemporaryFolder(prefix: "notes-edit-cost")
        defer { folder.remove() }
        let url = folder.file("notes.json")
        do {
            let writable = try NotesStore.open(at: url)
            try writable.commit(.putNote(note))
            writable.close()
        }
        let store = try NotesStore.open(at: url)
        defer { store.close() }
        var commits = 0
        let session = NoteEditSession(
            runEditor: { path in
                let url = URL(fileURLWithPath: path)
                try Data(transform(Array(try Data(contentsOf: url)))).write(to: url)
            },
            unsavedFolder: folder.file("unsaved"), temporaryFolder: folder.url)
        let outcome = session.edit(noteID: note.id, refresh: { _ = try store.refresh(); return store.contents },
                                   commit: { commits += 1; return try store.commit($0, now: Date()) })
        return (outcome, store.contents.notes[note.id], commits)
    }

    static let bodies = ["", "no final newline", "ends\n", "crlf\r\nbody\r\n", "crlf without end\r\nx", "e\u{301}t\u{E9}\n",
                         "😀 👨‍👩‍👧 🇯🇵", "   \n\t  \n", " ", "\n\n", "---\nnot: header\n---\n", "# error: not mine\n",
                         "ends with a carriage return\r", "\r"]

    @Test(arguments: bodies)
    func anUnchangedFileChangesNothing(body: String) throws {
        let (outcome, saved, commits) = try Self.edit(Note(title: "T", body: body)) { $0 }
        #expect(outcome == .unchanged)
        #expect(commits == 0)
        #expect(Array(try #require(saved).body.utf8) == Array(body.utf8))
    }

    @Test(arguments: bodies)
    func aLineAddedIsSavedAndTheRestStaysByteForByte(body: String) throws {
        let (outcome, saved, _) = try Self.edit(Note(title: "T", body: body)) { $0 + Array("added\n".utf8) }
        #expect(outcome.isPlainSave(title: "T"))
        // The file ends with the line just typed: its line feed is dropped only when the body had none.
        let ending = UTF8Text.endsWithLineFeed(Array(body.utf8)) ? "added\n" : "added"
        let separator = body.isEmpty || UTF8Text.endsWithLineFeed(Array(body.utf8)) ? "" : "\n"
        #expect(Array(try #require(saved).body.utf8) == Array((body + separator + ending).utf8))
    }

    @Test func aCombiningAccentMadeIntoOneCharacterIsAChange() throws {
        // e + U+0301 and U+00E9 are the same to `String ==`; the user changed the bytes.
        let decomposed = Array("e\u{301}".utf8), composed = Array("\u{E9}".utf8)
        let (outcome, saved, commits) = try Self.edit(Note(title: "T", body: "caf" + "e\u{301}")) { bytes in
            guard let at = bytes.firstRange(of: decomposed) else { return bytes }
            var edited = bytes
            edited.replaceSubrange(at, with: composed)
            return edited
        }
        #expect(outcome.isPlainSave(title: "T"))
        #expect(commits == 1)
        #expect(Array(try #require(saved).body.utf8) == Array("caf\u{E9}".utf8))
    }

    @Test func aLongBodyFromTheStoreComesBackWhole() throws {
        let note = Note(title: "Big", body: Self.bigBody)
        let (unchanged, _, commits) = try Self.edit(note) { $0 }
        #expect(unchanged == .unchanged)
        #expect(commits == 0)
        let (outcome, saved, _) = try Self.edit(note) { $0 + Array("one more line\n".utf8) }
        #expect(outcome.isPlainSave(title: "Big"))
        #expect(try #require(saved).body.utf8.elementsEqual((Self.bigBody + "\none more line").utf8))
    }

    @Test func aFileThatIsNotUTF8IsKept() throws {
        let (outcome, saved, _) = try Self.edit(Note(title: "T", body: "fine\n")) { $0 + [0xFF, 0x0A] }
        guard case .kept(_, let reason) = outcome else { Issue.record("not kept: \(outcome)"); return }
        #expect(reason == EditorError.notUTF8.description)
        #expect(saved?.body == "fine\n")
    }
}

extension NoteEditSession.Outcome {
    /// Saved, with nothing met elsewhere (no change made meanwhile, no value replaced, no copy).
    func isPlainSave(title expected: String) -> Bool {
        guard case .saved(let outcome, let title) = self else { return false }
        return title == expected && outcome == EditOutcome(subject: outcome.subject)
    }
}
