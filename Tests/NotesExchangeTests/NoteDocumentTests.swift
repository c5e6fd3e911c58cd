import Foundation
import Testing
@testable import NotesModel
@testable import NotesExchange

/// The whole note as the editor shows it: render, read back, and what a changed header does.
@Suite struct NoteDocumentTests {
    static let work = Category(name: "Work: \"big\" ", color: .white)
    static let home = Category(name: "home")
    static let database = NotesDatabase(notes: [], categories: [work, home], recentColors: [])

    static let hostileTitles = [
        "Plan: Q3", "\"quoted\"", "'single'", "  leading", "trailing  ", " both ", "#hash", "- dash", "yes", "null",
        "~", "123", "[x, y]", "{a: b}", "a\nb", "tab\there", "\u{1B}[31mred", "next\u{85}line", "sep\u{2028}arator",
        "del\u{7F}", "c1\u{9B}", "bom\u{FEFF}", "back\\slash", "*alias", "&anchor", "!tag", "%percent", "@at", "`tick`",
        "😀 👨‍👩‍👧 🇯🇵", "---", "...", "key: value # comment", ">", "|",
    ]

    @Test(arguments: hostileTitles)
    func hostileTitlesRoundTripExactly(title: String) throws {
        let note = Note(title: title, body: "body\n", categoryID: Self.work.id, tags: ["a b", "ü", "x:y"], kind: .journal)
        let text = NoteDocument.render(note, categoryName: Self.work.name)
        let fields = try NoteDocument.read(text, originalBody: note.body)
        let read = try NoteDocument.apply(fields, to: note, in: Self.database)
        #expect(read == note)
        #expect(fields.title == title)
    }

    @Test func theHeaderHasTheExportShapeThenTheBody() {
        let note = Note(title: "Plan", body: "First line", categoryID: Self.home.id, tags: ["b", "a"], kind: .checklist)
        let text = NoteDocument.render(note, categoryName: "home")
        #expect(text == "---\ntitle: \"Plan\"\ncategory: \"home\"\ntags: [\"a\", \"b\"]\nkind: checklist\n---\nFirst line\n")
    }

    @Test(arguments: ["", "no final newline", "ends\n", "two\n\n", "---\nnot: header\n---\n", "crlf\r\nbody\r\n", "# Heading\n"])
    func bodiesComeBackAsTheyWere(body: String) throws {
        let note = Note(title: "T", body: body)
        let text = NoteDocument.render(note, categoryName: nil)
        let read = try NoteDocument.apply(try NoteDocument.read(text, originalBody: body), to: note, in: Self.database)
        #expect(read.body == body)
        #expect(read == note)
    }

    @Test func changingTheHeaderChangesTheNote() throws {
        let note = Note(title: "Old", body: "text", categoryID: Self.home.id, tags: ["x"])
        let edited = """
        ---
        title: New title
        category: work: "BIG"
        tags: [one, "#Two"]
        kind: reference
        ---
        new body
        """
        // YAML needs the quotes in this category name: written bare it is not valid.
        let fixed = edited.replacingOccurrences(of: "category: work: \"BIG\"", with: "category: 'Work: \"big\" '")
        let read = try NoteDocument.apply(try NoteDocument.read(fixed, originalBody: note.body), to: note, in: Self.database)
        #expect(read.title == "New title")
        #expect(read.categoryID == Self.work.id)
        #expect(read.tags == ["one", "two"])
        #expect(read.kind == .reference)
        #expect(read.body == "new body")
        #expect(throws: NoteDocumentError.self) { try NoteDocument.read(edited, originalBody: "") }
    }

    @Test func anEmptyCategoryMeansNoneAndLeftOutKeysAreKept() throws {
        let note = Note(title: "Keep", body: "b", categoryID: Self.home.id, tags: ["x"], kind: .journal)
        let read = try NoteDocument.apply(try NoteDocument.read("---\ncategory: \"\"\n---\nb", originalBody: "b"),
                                          to: note, in: Self.database)
        #expect(read.categoryID == nil)
        #expect(read.title == "Keep")
        #expect(read.tags == ["x"])
        #expect(read.kind == .journal)
    }

    @Test func tagsMayBeAStringOrABlockList() throws {
        let fromString = try NoteDocument.read("---\ntags: work, Ideas  later\n---\n", originalBody: "")
        #expect(fromString.tags == ["work", "ideas", "later"])
        let fromBlock = try NoteDocument.read("---\ntags:\n  - a\n  - '#B'\n---\n", originalBody: "")
        #expect(fromBlock.tags == ["a", "b"])
        let none = try NoteDocument.read("---\ntags:\n---\n", originalBody: "")
        #expect(try NoteDocument.apply(none, to: Note(title: "T", tags: ["x"]), in: Self.database).tags.isEmpty)
    }

    @Test func withoutAHeaderTheWholeTextIsTheBodyAndTheFieldsStay() throws {
        let note = Note(title: "Title", body: "old", categoryID: Self.work.id, tags: ["t"], kind: .checklist)
        let read = try NoteDocument.apply(try NoteDocument.read("just text\nmore\n", originalBody: "old"),
                                          to: note, in: Self.database)
        #expect(read.body == "just text\nmore")
        #expect(read.title == "Title")
        #expect(read.categoryID == Self.work.id)
        #expect(read.tags == ["t"])
        #expect(read.kind == .checklist)
    }

    @Test func crlfAndAByteOrderMarkAreRead() throws {
        let text = "\u{FEFF}---\r\ntitle: \"Windows\"\r\nkind: journal\r\n---\r\nbody\r\n"
        let fields = try NoteDocument.read(text, originalBody: "body\r\n")
        #expect(fields.title == "Windows")
        #expect(fields.kind == .journal)
        #expect(fields.body == "body\r\n")
    }

    @Test func problemsNameTheLine() throws {
        func problem(_ text: String) -> NoteDocumentError? {
            do {
                let fields = try NoteDocument.read(text, originalBody: "")
                _ = try NoteDocument.apply(fields, to: Note(title: "T"), in: Self.database)
                return nil
            } catch { return error }
        }
        #expect(problem("---\ntitle: \"T\"\ncategory: Nope\n---\n")?.reason.contains("no category named 'Nope'") == true)
        #expect(problem("---\ntitle: \"T\"\ntag: [a]\n---\n") == NoteDocumentError(
            line: 3, reason: "unknown key 'tag' (the header holds title, category, tags, kind, pinned, aliases)"))
        #expect(problem("---\ntitle: \"T\nkind: note\n---\n")?.line != nil)
        #expect(problem("---\ntitle: [a, b\n---\n")?.reason.hasPrefix("not valid YAML") == true)
        #expect(problem("---\ntitle: \"T\"\nno closing line\n")?.line == 1)
        #expect(problem("---\ntitle:\n---\n")?.reason == "a note needs a title")
        #expect(problem("---\nkind: poem\n---\n")?.reason.hasPrefix("unknown kind 'poem'") == true)
        #expect(problem("---\ntitle: a\ntitle: b\n---\n")?.reason == "the key 'title' appears twice")
        #expect(problem("---\n- a\n- b\n---\n")?.reason == "the header must be 'key: value' lines")
    }
}

/// The Yams-based front-matter reader that the editor (and a later import) uses.
@Suite struct YAMLFrontMatterTests {
    @Test func noHeaderIsNil() throws {
        #expect(try YAMLFrontMatter.split("hello\n---\n") == nil)
        #expect(try YAMLFrontMatter.split("") == nil)
    }

    @Test func splitsTheHeaderFromTheBodyExactly() throws {
        let matter = try #require(try YAMLFrontMatter.split("---  \ntitle: x\ndate: 2024-01-02\n...\n\nbody ---\n"))
        #expect(matter.entries.map(\.key) == ["title", "date"])
        #expect(matter["TITLE"]?.string == "x")
        #expect(matter.body == "\nbody ---\n")
    }

    @Test func anEmptyHeaderHasNoEntries() throws {
        let matter = try #require(try YAMLFrontMatter.split("---\n---\nbody"))
        #expect(matter.entries.isEmpty)
        #expect(matter.body == "body")
    }
}
