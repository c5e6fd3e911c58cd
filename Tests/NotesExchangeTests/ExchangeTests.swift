import Foundation
import NotesTestData
import Testing
import NotesBase
import NotesColor
import NotesModel
import NotesExchange

/// JSON and Markdown export/import, front matter, and the import merge rules.
@Suite struct ExchangeTests {
    /// A database with a P3 category, a translucent one, and notes with every field set.
    private func sampleDatabase() throws -> NotesDatabase {
        let p3 = Category(name: "Vivid", color: try SerializableColor(colorSpace: .displayP3, red: 0.9, green: 0.1, blue: 0.05))
        let glass = Category(name: "Glass", color: try SerializableColor(hex: "#00FF0080"))
        let created = ISODate.rounded(Date(timeIntervalSince1970: 1_714_572_207.123))
        let firstID = UUID()
        let notes = [
            Note(id: firstID, title: "First", body: "# Body\n\nwith ✓ and \"quotes\"\n", created: created,
                 updated: created.addingTimeInterval(60), categoryID: p3.id, tags: ["a", "b"], kind: .checklist,
                 attachments: [try AttachmentPath("attachments/\(firstID.uuidString)/pic.png")]),
            Note(title: "First", body: "", created: created.addingTimeInterval(1), categoryID: glass.id),
            Note(title: "Loose: # not a comment", body: "---\nlooks like front matter\n---\n",
                 created: created.addingTimeInterval(2), kind: .journal),
        ]
        return NotesDatabase(notes: notes, categories: [p3, glass])
    }

    @Test func jsonExportReadsBackToTheSameNotesAndCategories() throws {
        let database = try sampleDatabase()

        let text = try JSONExchange.document(of: database).serialized()
        let bundle = try JSONExchange.read(Data(text.utf8), file: "export.json")

        #expect(bundle == ExchangeBundle(database))
        var imported = NotesDatabase()
        try imported.apply(Importer.plan(bundle, into: imported).changes)
        #expect(imported == database)
    }

    @Test func markdownExportReadsBackToTheSameNotesAndCategories() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let database = try sampleDatabase()

        let count = try MarkdownExchange.export(database, to: folder.file("out"))
        let batch = ImportReader().read(paths: [folder.file("out").path])
        let bundle = batch.bundle

        #expect(count == 3)
        #expect(batch.skipped.isEmpty)
        var imported = NotesDatabase()
        try imported.apply(Importer.plan(bundle, into: imported).changes)
        #expect(imported == database)
        let mode = try FileManager.default.attributesOfItem(atPath: folder.file("out/First.md").path)[.posixPermissions] as? Int
        #expect(mode.map { $0 & 0o777 } == 0o600)
    }

    /// Titles and bodies that could be mistaken for Markdown or YAML syntax, or lose a blank.
    static let hostileNotes: [(title: String, body: String)] = [
        ("Trailing space ", "no final newline"), (" leading and trailing ", "two final newlines\n\n"),
        ("# looks like a heading", "# Heading\nbody\n"), ("---", "---\ntitle: not a header\n---\n"),
        ("quotes \" and ' and \\", "\r\nCRLF body\r\n"), ("tab\there", "\n\nleading blank lines"),
        ("emoji 👩🏽‍💻 and 日本語", ""), ("line\u{2028}separator", "+++\nnot toml\n+++"),
        ("#tag only", "#inline tag stays text"), ("null", "~"), ("[not, a, list]", "- a\n- b"),
    ]

    @Test(arguments: hostileNotes.indices)
    func markdownExportRoundTripsHostileTitlesAndBodies(index: Int) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (title, body) = Self.hostileNotes[index]
        let created = ISODate.rounded(Date(timeIntervalSince1970: 1_700_000_000.5))
        let note = Note(title: title, body: body, created: created, updated: created.addingTimeInterval(1),
                        tags: ["machine learning", "2024", "ok"])
        let database = NotesDatabase(notes: [note], categories: [])

        try MarkdownExchange.export(database, to: folder.file("out"))
        let batch = ImportReader().read(paths: [folder.file("out").path])

        #expect(batch.skipped.isEmpty, "\(batch.skipped)")
        #expect(batch.bundle.notes == [note])
    }

    @Test func markdownExportRefusesANonEmptyFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Data("x".utf8).write(to: folder.file("keep.md"))

        #expect(throws: ExchangeError.outputFolderNotEmpty(folder.url.path)) {
            try MarkdownExchange.export(try sampleDatabase(), to: folder.url)
        }
    }

    @Test func fileNamesAreTitlesThatStayInTheFolderAndAreMadeUnique() {
        var taken = Set<String>()
        let names = ["Hello, World!", "hello, world!", "Ünïcödé 日本", "../../etc/passwd", "   ", "a/b\\c: d?",
                     "tab\tand\nnewline  "]
            .map { MarkdownExchange.fileName(for: $0, taken: &taken) }

        #expect(names == ["Hello, World!.md", "hello, world!-2.md", "Ünïcödé 日本.md", "etc-passwd.md", "note.md",
                          "a-b-c- d-.md", "tab and newline.md"])
    }

    @Test func longNonLatinTitlesAreCutToTwoHundredFiftyFiveBytesOnACharacterBoundary() {
        let hindi = String(repeating: "नमस्ते दुनिया ", count: 10) + "अंत"  // 48 characters, 389 bytes
        var taken = Set<String>()

        let first = MarkdownExchange.fileName(for: hindi, taken: &taken)
        let second = MarkdownExchange.fileName(for: hindi, taken: &taken)

        #expect(first.utf8.count <= 255 && second.utf8.count <= 255)
        #expect(first.utf8.count > 240, "cut no more than needed")
        #expect(first.hasSuffix(".md") && second.hasSuffix("-2.md"))
        #expect(hindi.hasPrefix(String(first.dropLast(3))), "cut on a character boundary, no broken sequence")
        #expect(first != second)
    }

    @Test func colorsAreHexWhenExactElseCSSColor() throws {
        let hex = try SerializableColor(hex: "#FF8000")
        let p3 = try SerializableColor(colorSpace: .displayP3, red: 0.5, green: 0.25, blue: 1, alpha: 0.75)
        let offGrid = try SerializableColor(red: 0.3, green: 0.3, blue: 0.3)

        #expect(MarkdownColor.text(hex) == "#FF8000")
        #expect(MarkdownColor.text(p3) == "color(display-p3 0.5 0.25 1 / 0.75)")
        #expect(MarkdownColor.text(offGrid) == "color(srgb 0.3 0.3 0.3 / 1)")
        for color in [hex, p3, offGrid] {
            #expect(try MarkdownColor.parse(MarkdownColor.text(color)) == color)
        }
        #expect(throws: ModelError.self) { try MarkdownColor.parse("color(cmyk 1 2 3)") }
    }

    @Test func importSkipsKnownNotesAndMatchesCategoriesByName() throws {
        let work = Category(name: "Work", color: try SerializableColor(hex: "#112233"))
        let existing = Note(title: "Already here", categoryID: work.id)
        let database = NotesDatabase(notes: [existing], categories: [work])
        let incomingWork = Category(name: "WORK", color: .white)
        let clash = Category(id: work.id, name: "Other")
        let bundle = ExchangeBundle(
            categories: [incomingWork, clash],
            notes: [
                existing,
                Note(title: "New", categoryID: incomingWork.id, tags: ["#Tag"]),
                Note(title: "Elsewhere", categoryID: clash.id),
            ]
        )

        let plan = try Importer.plan(bundle, into: database)
        var result = database
        try result.apply(plan.changes)

        #expect(plan.notesAdded == 2 && plan.notesSkipped == 1 && plan.categoriesAdded == 1)
        #expect(plan.description == "2 new, 0 updated, 0 unchanged, 0 conflicts, 1 already in the store with other contents (kept); added 1 category")
        #expect(result.categories[work.id]?.color == work.color, "a matched category keeps its color")
        let new = try #require(result.notes.values.first { $0.title == "New" })
        #expect(new.categoryID == work.id)
        #expect(new.tags == ["tag"])
        let other = try #require(result.category(named: "Other"))
        #expect(other.id != work.id, "a clashing category id is replaced")
        #expect(result.notes.values.first { $0.title == "Elsewhere" }?.categoryID == other.id)
    }

    @Test func badExportsAreErrorsThatSayWhere() {
        func read(_ text: String) throws(ExchangeError) -> ExchangeBundle {
            try JSONExchange.read(Data(text.utf8), file: "x.json")
        }
        #expect(throws: ExchangeError.invalidDocument(file: "x.json", place: "format",
                                                      reason: "not a notes export (expected \"format\": \"notes-export\")")) {
            try read("{\"notes\": []}")
        }
        #expect(throws: ExchangeError.unsupportedVersion(file: "x.json", found: 2, supported: 1)) {
            try read("{\"format\": \"notes-export\", \"version\": 2, \"notes\": []}")
        }
        #expect(throws: ExchangeError.invalidDocument(file: "x.json", place: "notes[0].created",
                                                      reason: "not an ISO 8601 date-time")) {
            try read("{\"format\": \"notes-export\", \"version\": 1, \"notes\": [{\"title\": \"t\", \"created\": 5}]}")
        }
        #expect(throws: ExchangeError.self) {
            try read("{\"format\": \"notes-export\", \"version\": 1, \"notes\": [{\"title\": \"t\", \"attachments\": [\"/etc/passwd\"]}]}")
        }
    }
}
