import Foundation
import Testing
import NotesBase
import NotesLinks
import NotesModel
import NotesStore
import NotesTestData
@testable import NotesExchange

/// The Markdown export writes links those tools resolve by file name (`ExportLinks`), and
/// importing the export gives the stored bodies back byte for byte.
@Suite struct ExportLinksTests {
    static let home = Category(name: "Home", color: .white)
    static let work = Category(name: "Work", color: .white)

    /// Titles whose file names differ: a `/`, a `:`, a title shared by two notes, one cut.
    static func trickyNotes() -> [Note] {
        let long = String(repeating: "long title ", count: 30) + "end"
        return [
            Note(title: "A/B", body: "Points at [[Plan: Q3]] and [[Same]]."),
            Note(title: "Plan: Q3", body: "Back to [[a/b|the pair]], [[A/B#Part]] and [x](A%2FB.md)."),
            Note(title: "Same", body: "first", categoryID: home.id),
            Note(title: "Same", body: "| cell | [[Same]] |\n|---|---|", categoryID: work.id),
            Note(title: long, body: "I am long."),
            Note(title: "Index", body: "[[\(long)]] and [[Nowhere]] and `[[A/B]]` and [[Index]]"),
        ]
    }

    private func exportedTexts(_ notes: [Note], categories: [Category]) throws -> (TemporaryFolder, [String: String]) {
        let folder = try TemporaryFolder(prefix: "notes-export-links")
        try MarkdownExchange.export(NotesDatabase(notes: notes, categories: categories), to: folder.file("out"))
        var texts: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.file("out").path) {
            texts[name] = try String(contentsOf: folder.file("out/\(name)"), encoding: .utf8)
        }
        return (folder, texts)
    }

    @Test func linksAreWrittenToTheFileNamesTheExportGives() throws {
        let notes = Self.trickyNotes()
        let (folder, texts) = try exportedTexts(notes, categories: [Self.home, Self.work])
        defer { folder.remove() }

        #expect(texts["A-B.md"]?.hasSuffix("\nPoints at [[Plan- Q3|Plan: Q3]] and [[Same]].\n") == true)
        #expect(texts["Plan- Q3.md"]?.hasSuffix("\nBack to [[A-B|the pair]], [[A-B#Part|A/B#Part]] and [x](A-B.md).\n") == true)
        #expect(texts["Same-2.md"]?.hasSuffix("\n| cell | [[Same-2\\|Same]] |\n|---|---|\n") == true, "the one in its own category")
        let index = try #require(texts["Index.md"])
        #expect(index.contains("|long title long title "), "a cut title's file name, the title shown")
        #expect(index.contains("[[Nowhere]] and `[[A/B]]` and [[Index]]\n"), "missing, code and same-name links as stored")
    }

    @Test func linksFoundByAnAliasOrAFolderPathAreWrittenToTheFileName() throws {
        var garden = Note(title: "Garden plan", body: "Beans.")
        garden.aliases = ["veg"]
        let notes = [garden, Note(title: "Index", body: "See [[veg]] and [[Some/Folder/Garden plan]].")]
        let (folder, texts) = try exportedTexts(notes, categories: [])
        defer { folder.remove() }

        #expect(texts["Index.md"]?.hasSuffix("\nSee [[Garden plan|veg]] and [[Garden plan|Some/Folder/Garden plan]].\n") == true)
    }

    @Test func importingTheExportGivesTheStoredBodiesBack() throws {
        let notes = Self.trickyNotes()
        let (folder, _) = try exportedTexts(notes, categories: [Self.home, Self.work])
        defer { folder.remove() }

        let batch = ImportReader().read(paths: [folder.file("out").path])

        #expect(batch.skipped.isEmpty && batch.warnings.isEmpty)
        for note in notes {
            let read = batch.bundle.notes.first { $0.id == note.id }
            #expect(HardNotes.differences(note, read).filter { $0.hasPrefix("body") }.isEmpty, "\(note.title)")
        }
    }

    @Test func anEditedLinkIsReadAsTheFileHasIt() throws {
        let body = "[[A-B|A/B]] then [[A-B|A/B]]"
        let values = ExportLinks.headerValues([
            .init(offset: 0, exported: "[[A-B|A/B]]", original: "[[A/B]]"),
            .init(offset: 17, exported: "[[A-B|A/B]]", original: "[[a/b]]"),
        ])
        #expect(ExportLinks.restore(body, values: values) == "[[A/B]] then [[a/b]]")
        #expect(ExportLinks.restore("x" + body, values: values) == "x[[A-B|A/B]] then [[A-B|A/B]]", "moved: kept")
        #expect(ExportLinks.restore(body, values: ["0 x"]) == nil)
        #expect(ExportLinks.restore(body, values: Array(values.reversed())) == nil, "out of order")
        #expect(!values.joined().contains("[["), "no link in the header")
    }

    // MARK: An independent resolver

    static let scriptURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Resources/scripts/obsidian_resolve.py")
    static let python3Available: Bool = {
        let probe = ChildSpawn(program: "/usr/bin/env", arguments: ["env", "python3", "-c", "pass"])
        return (try? probe.capture(timeout: 60))?.exit == .exited(0)
    }()

    /// Hard random notes, each body starting with links to other notes by title and by file.
    static func hardStore(seed: UInt64) -> [Note] {
        var hard = HardNotes(seed: seed)
        var notes = hard.notes(40, categories: []).map { note -> Note in
            var note = note
            note.deleted = nil
            return note
        } + trickyNotes().map { note -> Note in
            var note = note
            note.categoryID = nil
            return note
        }
        let linkable = notes.filter { note in
            !note.title.contains(where: { "[]|#\n\r\\".contains($0) }) && !note.title.trimmingCharacters(in: .whitespaces).isEmpty
        }
        for index in notes.indices where !linkable.isEmpty {
            let first = linkable[index % linkable.count].title, second = linkable[(index * 7 + 3) % linkable.count].title
            notes[index].body = "See [[\(first)]] and [y](\(LinkPercent.encode(second)).md).\n\n" + notes[index].body
        }
        return notes
    }

    @Test(.enabled(if: python3Available, "python3"))
    func everyLinkNotesResolvesLeadsObsidianToTheSameFile() throws {
        let notes = Self.hardStore(seed: 35)
        let (folder, texts) = try exportedTexts(notes, categories: [])
        defer { folder.remove() }
        let resolver = ChildSpawn(program: "/usr/bin/env",
                                  arguments: ["env", "python3", Self.scriptURL.path, folder.file("out").path, "--resolved"])
        let result = try resolver.capture(timeout: 120)
        #expect(result.exit == .exited(0), "\(result.errorText)")
        let data = Data(result.standardOutput)
        var found: [String: String] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n").dropFirst() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if fields.count == 3 { found[fields[0] + "\t" + fields[1]] = fields[2] }
        }
        let checked = try ExportLinkCheck(notes: notes, texts: texts).mismatches(found)
        #expect(checked.links > 40)
        #expect(checked.mismatches.isEmpty, "\(checked.mismatches.prefix(5))")
    }
}
