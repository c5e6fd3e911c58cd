import Foundation
import Testing
@testable import NotesBase
@testable import NotesModel
@testable import NotesExchange

/// Pages of Logseq's own documentation graph (`Fixtures/logseq-docs`, MIT, see its README),
/// imported as Logseq shows them: titles from `title::` or the decoded file name, journals
/// titled and dated by their file name, `tags::` and inline tags; its Org pages and journal
/// with `#+TITLE:`, a `:PROPERTIES:` drawer, `~code~` and `[[links][labels]]`, bodies as written.
@Suite struct LogseqDocsFixtureTests {
    private let paris = ImportDate(timeZone: TimeZone(identifier: "Europe/Paris") ?? .current)

    private func importGraph(_ folders: [String]) throws -> ImportBatch {
        let url = try #require(Bundle.module.url(forResource: "logseq-docs", withExtension: nil, subdirectory: "Fixtures"))
        var reader = ImportReader()
        reader.dates = paris
        let batch = reader.read(paths: folders.map { url.appendingPathComponent($0).path })
        #expect(batch.skipped.isEmpty, "\(batch.skipped)")
        return batch
    }

    private func note(_ batch: ImportBatch, _ title: String) throws -> Note {
        try #require(batch.bundle.notes.first { $0.title == title }, "no note '\(title)' in \(batch.bundle.notes.map(\.title))")
    }

    @Test func pagesAreTitledAsLogseqShowsThem() throws {
        let batch = try importGraph(["pages"])

        #expect(Set(batch.bundle.notes.map(\.title)) == ["Flashcards", "Block embed", "New to Logseq?", "Whiteboard/Action Bar/Edit",
                                                       "About", "Org Mode"])
        #expect(try note(batch, "Flashcards").tags == ["academic", "card", "docs"])
        #expect(try note(batch, "Block embed").tags == ["embed"])
        #expect(try note(batch, "New to Logseq?").body == "title:: New to Logseq?\n\n- Head over to [[Start here]]",
                "properties stay in the body")
    }

    @Test func journalsAreDatedAndTitledByTheirFileName() throws {
        let batch = try importGraph(["journals"])

        let plain = try note(batch, "Jul 14th, 2021")
        #expect(plain.created == ISODate.parse("2021-07-13T22:00:00Z"), "local midnight of the day in the name")
        let titled = try note(batch, "Sep 14th, 2020")
        #expect(titled.created == ISODate.parse("2020-09-13T22:00:00Z"))
    }

    @Test func orgPagesAndJournalsAreReadAsLogseqShowsThem() throws {
        let url = try #require(Bundle.module.url(forResource: "logseq-docs", withExtension: nil, subdirectory: "Fixtures"))
        let batch = try importGraph(["pages", "journals"])

        #expect(try note(batch, "About").tags.isEmpty, "no tag in a link's anchor (faq#How_to…)")
        let org = try note(batch, "Org Mode")  // no #+TITLE: the file name
        #expect(org.tags.isEmpty)
        #expect(org.id != UUID(uuidString: "60ab7486-1318-48cc-85bc-02561429e331"), "a block's :id: is not the page's")
        let journal = try note(batch, "May 14th, 2020")
        #expect(journal.created == ISODate.parse("2020-05-13T22:00:00Z"))
        for (title, file) in [("About", "pages/about.org"), ("Org Mode", "pages/Org Mode.org"), ("May 14th, 2020", "journals/2020_05_14.org")] {
            let text = try String(contentsOf: url.appendingPathComponent(file), encoding: .utf8)
            let written = text.hasSuffix("\n") ? String(text.dropLast()) : text
            #expect(try note(batch, title).body == written, "\(file): the body is the file as written, less a final line break")
        }
    }

    @Test func fileNamesDecodeAsLogseqDecodesThem() {
        #expect(LogseqProperties.pageName(fileName: "Whiteboard___Action Bar") == "Whiteboard/Action Bar")
        #expect(LogseqProperties.pageName(fileName: "Tweet___This 1 Tiny Time Managem...___") == "Tweet/This 1 Tiny Time Managem...",
                "an empty namespace is dropped")
        #expect(LogseqProperties.pageName(fileName: "What%3F 100%") == "What? 100%", "an invalid escape is kept")
        #expect(LogseqProperties.pageName(fileName: "a%2Fb") == "a/b")
        #expect(LogseqProperties.pageName(fileName: "caf%C3%A9") == "café")
        #expect(LogseqProperties.pageName(fileName: "a.b%3F", format: .legacy) == "a/b?")
        #expect(LogseqProperties.pageName(fileName: "a___b", format: .legacy) == "a___b")
        #expect(LogseqGraphConfig(config: "{:meta/version 1\n :file/name-format :triple-lowbar}").fileNames == .tripleLowbar)
        #expect(LogseqGraphConfig(config: "{:meta/version 1\n ;; :file/name-format :triple-lowbar\n}").fileNames == .legacy)
        #expect(LogseqGraphConfig(config: "{:meta/version 1}").fileNames == .legacy)
    }

    @Test func journalTitlesFollowTheGraphsFormat() throws {
        let day = try #require(ISODate.parse("2020-09-14T10:00:00Z"))
        func title(_ config: String) -> String { LogseqGraphConfig(config: config).journalTitle(day, timeZone: .gmt) }
        #expect(title("{}") == "Sep 14th, 2020")
        #expect(title(":journal/page-title-format \"yyyy-MM-dd\"") == "2020-09-14")
        #expect(title(":journal/page-title-format \"EEEE, dd.MM.yyyy\"") == "Monday, 14.09.2020")
        #expect(title(":journal/page-title-format \"do MMMM yyyy\"") == "14th September 2020")
        #expect(title(":journal/page-title-format \"yyyy年MM月dd日\"") == "2020年09月14日")
        #expect(title(":journal/page-title-format \"E, MM/dd/yyyy\"") == "Mon, 09/14/2020")
        #expect(title(":journal/page-title-format \"QQQ yyyy\"") == "Sep 14th, 2020", "a pattern it cannot write: the default")
        #expect(title(";; :journal/page-title-format \"yyyy-MM-dd\"") == "Sep 14th, 2020", "a comment")
    }

    @Test func aLegacyGraphNamesNamespacesWithDots() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("notes-logseq-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("logseq"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("pages"), withIntermediateDirectories: true)
        try Data("{:meta/version 1}\n".utf8).write(to: folder.appendingPathComponent("logseq/config.edn"))
        try Data("- a block\n".utf8).write(to: folder.appendingPathComponent("pages/project.plan.md"))

        let batch = ImportReader().read(paths: [folder.path])

        #expect(batch.bundle.notes.map(\.title) == ["project/plan"])
    }
}
