import Foundation
import NotesTestData
import Testing
@testable import NotesBase
@testable import NotesColor
@testable import NotesModel
@testable import NotesExchange

/// Notes' own Markdown format (issue 20): the export says `notes-format: "notes-markdown/1"`
/// and `ExactMarkdownReader` reads every field back exactly, guessing nothing from the body.
@Suite struct ExactMarkdownTests {
    let date = ISODate.rounded(Date(timeIntervalSince1970: 1_700_000_000.25))

    func roundTrip(_ note: Note, category: Category? = nil) throws -> ExactMarkdownReader.Document {
        let text = MarkdownExchange.document(for: note, category: category)
        return try ExactMarkdownReader(file: "n.md").read(Data(text.utf8))
    }

    @Test func theExportSaysItsFormatFirst() {
        let text = MarkdownExchange.document(for: Note(title: "T"), category: nil)
        #expect(text.hasPrefix("---\nnotes-format: \"notes-markdown/1\"\ntitle: \"T\"\n"))
        #expect(ExactMarkdownReader.isExactFormat(Data(text.utf8)))
    }

    @Test func hashWordsAndLinksInTheBodyAreNotTags() throws {
        let note = Note(title: "Links", body: "See #42 and [x](#faq)\n#idea", created: date, tags: ["real"])
        let read = try roundTrip(note)
        #expect(read.note.tags == ["real"])
        #expect(read.note == note)
    }

    @Test func aCategoryWithBlanksAndOddCharactersStaysOneCategory() throws {
        let color = try SerializableColor(colorSpace: .displayP3, red: 0.1, green: 0.2, blue: 0.3, alpha: 0.5)
        for name in ["Home Office", "#work", "a: b", "\"quoted\"", " padded ", "日本 語", "tab\there"] {
            let category = Category(name: name, color: color)
            let note = Note(title: "N", created: date, categoryID: category.id)
            let read = try roundTrip(note, category: category)
            #expect(read.note.tags.isEmpty, "\(name)")
            #expect(read.category == category, "\(name)")
            #expect(read.category.map { Array($0.name.utf8) } == Array(name.utf8))
        }
    }

    @Test(arguments: [
        "", "\n", "\r\n", "\r", "one\r\ntwo\r\n", "a\rb", "\ttab\t", "\n\nleading and trailing\n\n",
        "---\ntitle: Other\ntags: [x]\n---\nbody", "+++\ntitle = \"x\"\n+++\n", "---", "text\n---\n",
        "nul \u{0} and \u{1B}[31m", "\u{FEFF}bom first", "\u{301}combining first", "שלום 🧪 e\u{301}",
        String(repeating: "long line ", count: 20_000),
    ])
    func everyBodyComesBackByteForByte(body: String) throws {
        let note = Note(title: "Body", body: body, created: date)
        let read = try roundTrip(note)
        #expect(Array(read.note.body.utf8) == Array(body.utf8))
    }

    @Test func everyHeaderFieldComesBackExactly() throws {
        let category = Category(name: "Home Office", color: try SerializableColor(hex: "336699"))
        let note = Note(title: " Title: with \"quotes\" #and\r\nlines\u{0} ", body: "b", created: date,
                        updated: date.addingTimeInterval(90.5), categoryID: category.id,
                        tags: ["c++", "2024", "a b", "#x", "日本"], kind: .journal,
                        attachments: [try AttachmentPath("files/a b.png")], deleted: date.addingTimeInterval(100))
        let read = try roundTrip(note, category: category)
        #expect(HardNotes.differences(note, read.note).isEmpty, "\(HardNotes.differences(note, read.note))")
        #expect(read.category == category)
    }

    /// The store keeps dates back to the year -1167; they are written with a sign and read back.
    @Test(arguments: [-Note.storableSecondsLimit + 1, -63_300_000_000, -63_114_076_800, Note.storableSecondsLimit - 1])
    func datesAtTheEndsOfWhatTheStoreKeepsComeBack(seconds: Double) throws {
        let date = ISODate.rounded(Date(timeIntervalSinceReferenceDate: seconds))
        #expect(ISODate.parse(ISODate.format(date)) == date, "\(ISODate.format(date))")
        let note = Note(title: "Old", created: date, updated: date, deleted: date)
        let read = try roundTrip(note)
        #expect(read.note == note)
    }

    @Test(arguments: [
        ("---\nnotes-format: \"notes-markdown/1\"\ntitle: \"T\"\n---\nbody\n", "no 'date'"),
        ("---\nnotes-format: \"notes-markdown/2\"\n---\n\n", "version 2"),
        ("---\nnotes-format: \"notes-markdown/1\"\nnotes-format: \"notes-markdown/1\"\n---\n\n", "appears twice"),
        ("---\nnotes-format: \"notes-markdown/1\"\ncssclasses: [\"x\"]\n---\n\n", "'cssclasses' is not a key"),
        ("---\nnotes-format: \"notes-markdown/1\"\ntitle: plain words\n---\n\n", "expected a quoted string"),
        ("---\nnotes-format: \"notes-markdown/1\"\ntitle: \"T\"\n", "not closed"),
    ])
    func anythingElseIsAnErrorNotAGuess(text: String, expected: String) {
        #expect {
            _ = try ExactMarkdownReader(file: "n.md").read(Data(text.utf8))
        } throws: { error in
            "\(error)".contains(expected)
        }
    }

    @Test func aMissingFinalLineBreakIsAnError() throws {
        var text = MarkdownExchange.document(for: Note(title: "T", body: "b"), category: nil)
        text.removeLast()
        #expect(throws: ExchangeError.self) { try ExactMarkdownReader(file: "n.md").read(Data(text.utf8)) }
    }

    /// Other tools read the same header as plain YAML: libyaml (through Yams, as Obsidian's
    /// and zk's parsers would) gives the same title, category and exact tags as strings.
    /// (libyaml drops a U+FEFF at the very start of a quoted string, `"\uFEFFx"`; PyYAML
    /// keeps it. Only other tools see that; notes' own reader keeps it.)
    @Test func aYAMLParserReadsTheSameHeader() throws {
        func visible(_ value: String) -> NoteHeader.Value { .text(Self.withoutLeadingBOM(value)) }
        func asRead(_ value: NoteHeader.Value?) -> NoteHeader.Value? {
            guard case .text(let read) = value else { return value }
            return .text(Self.withoutLeadingBOM(read))
        }
        let seed = TestSeed.seed(for: "ExactMarkdownTests.aYAMLParserReadsTheSameHeader")
        var generator = HardNotes(seed: seed)
        let categories = generator.categories(8)
        for note in generator.notes(400, categories: categories) {
            let category = categories.first { $0.id == note.categoryID }
            let text = MarkdownExchange.document(for: note, category: category)
            let yaml = try #require(try YAMLFrontMatter.split(text), "seed \(seed)")
            let header = NoteHeader(yaml: yaml)
            #expect(asRead(header.entry("title")?.value) == visible(note.title), "seed \(seed): \(HardNotes.describe(note))")
            #expect(header.entry("notes-format")?.value == .text("notes-markdown/1"))
            if let category { #expect(asRead(header.entry("category")?.value) == visible(category.name), "seed \(seed)") }
            let tags = header.entry("notes-tags") ?? header.entry("tags")
            guard case .list(let names) = tags?.value else { Issue.record("seed \(seed): no tag list"); continue }
            #expect(Set(names.map(Self.withoutLeadingBOM)) == Set(note.tags.map(Self.withoutLeadingBOM)), "seed \(seed)")
        }
    }

    /// `text` without the U+FEFF scalars it starts with (libyaml drops every one of them).
    static func withoutLeadingBOM(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.drop { $0 == "\u{FEFF}" }))
    }

    @Test func importUsesTheExactReaderForNotesOwnFilesOnly() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let category = Category(name: "Home Office")
        let own = Note(title: "Own", body: "#word stays text", created: date, categoryID: category.id)
        try Data(MarkdownExchange.document(for: own, category: category).utf8).write(to: folder.file("own.md"))
        // Another tool's Markdown is read by the general reader, its rules unchanged.
        // (Its category is another name: one read first under the same name would give the
        // batch that category's id, see docs/decisions/0046, "Categories by id".)
        try Data("---\ntitle: Other\ncategory: Errands\n---\n#word in the body\n".utf8).write(to: folder.file("other.md"))

        let batch = ImportReader().read(paths: [folder.url.path])

        #expect(batch.skipped.isEmpty)
        let byTitle = Dictionary(uniqueKeysWithValues: batch.bundle.notes.map { ($0.title, $0) })
        #expect(byTitle["Own"]?.tags == [])
        #expect(byTitle["Own"]?.id == own.id)
        #expect(byTitle["Own"]?.categoryID == category.id)
        #expect(byTitle["Own"].map { Array($0.body.utf8) } == Array(own.body.utf8))
        #expect(byTitle["Other"] != nil)
    }

    /// A color read from another program's archive keeps that archive's bytes through the
    /// Markdown export and its import; a color of our own writes no archive at all.
    @Test func aForeignArchiveTravelsByteForByteThroughMarkdown() throws {
        let foreign = try ColorArchiveSamples.foreign(try SerializableColor(hex: "#C0FFEE"))
        #expect(foreign != ColorArchive.canonicalArchive(of: try SerializableColor(hex: "#C0FFEE")))
        let category = Category(name: "Foreign: \"quoted\" #x", color: try ColorArchive.unarchive(foreign))
        let note = Note(title: "T", body: "b", created: date, categoryID: category.id)

        let text = MarkdownExchange.document(for: note, category: category)
        let read = try ExactMarkdownReader(file: "n.md").read(Data(text.utf8))

        #expect(text.contains("category-archive: \"\(foreign.base64EncodedString())\""))
        #expect(try read.category.map { try ColorArchive.archive($0.color) } == foreign)
        #expect(read.category?.name == category.name)
        let plain = Category(name: "Ours", color: try SerializableColor(hex: "#C0FFEE"))
        #expect(!MarkdownExchange.document(for: note, category: plain).contains("category-archive"))
    }
}
