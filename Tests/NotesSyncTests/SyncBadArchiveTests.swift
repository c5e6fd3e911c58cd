import Foundation
import NotesTestSupport
import Testing
@testable import NotesJSON
@testable import NotesColor
@testable import NotesModel
@testable import NotesSync

/// An unreadable color archive in a synced `categories.json` never stops a sync (issue 20, item 7).
@Suite struct SyncBadArchiveTests {
    static let work = UUID(uuidString: "7A000000-0000-4000-8000-000000000001")!

    /// A `categories.json` with category Work, its archive `archive`, and `hex` when given.
    static func categoriesFile(archive: Data, hex: String?) -> Data {
        let color = hex.map { "\"color\": \"\($0)\", " } ?? ""
        return Data("""
            {"format": 1, "categories": [{"id": "\(work.uuidString)", "name": "Work", \(color)\
            "archive": "\(archive.base64EncodedString())", "changed": "2026-01-02T03:04:05Z"}]}
            """.utf8)
    }

    @Test(arguments: [true, false])
    func anUnreadableArchiveIsKeptWithItsReasonAndTheHexOrWhiteIsUsed(withHex: Bool) throws {
        let foreign = try ArchiveFixtures.catalogColorArchive()
        let categories = try SyncFiles.readCategories(Self.categoriesFile(archive: foreign, hex: withHex ? "#336699" : nil))
        let entry = try #require(categories[Self.work])
        #expect(entry.category.color.hex == (withHex ? "#336699" : "#FFFFFF"))
        #expect(entry.archive == foreign)
        let problem = try #require(entry.archiveProblem)
        #expect(problem.hasPrefix("category 'Work': "))
        #expect(problem.contains("'NSColor'"))
        // Written back, the archive is the same bytes.
        let written = try JSONValue.parse(SyncFiles.categoriesData(categories))
        #expect(written["categories"]?.arrayValue?.first?["archive"]?.stringValue == foreign.base64EncodedString())
    }

    /// Pushes `categoriesJSON` as the remote's `categories.json`, as another program would.
    private func pushCategories(_ data: Data, sandbox: SyncSandbox) throws {
        let clone = sandbox.folder.file("hand")
        let environment = sandbox.environment.merging([
            "GIT_AUTHOR_NAME": "hand", "GIT_AUTHOR_EMAIL": "hand@example.com",
            "GIT_COMMITTER_NAME": "hand", "GIT_COMMITTER_EMAIL": "hand@example.com",
        ]) { $1 }
        try? FileManager.default.removeItem(at: clone)
        try GitCommand(folder: sandbox.folder.url, environment: environment)
            .check("clone", ["clone", "-q", sandbox.remote.path, clone.path])
        try data.write(to: clone.appendingPathComponent(SyncFiles.categoriesFile))
        let git = GitCommand(folder: clone, environment: environment)
        try git.check("commit", ["commit", "-q", "-am", "an archive of another program"])
        try git.check("push", ["push", "-q", "origin", "HEAD:main"])
    }

    @Test(arguments: [true, false])
    func aSyncedBadArchiveSyncsOnIsKeptAndIsToldOnce(withHex: Bool) throws {
        // Given two machines sharing category Work, and then a categories.json pushed by
        // another program whose Work archive is a catalog NSColor
        let sandbox = try SyncSandbox()
        let laptop = try sandbox.machine("laptop"), desktop = try sandbox.machine("desktop")
        let work = Category(id: Self.work, name: "Work", color: try SerializableColor(hex: "#FF0000"))
        try laptop.commit(.putCategory(work))
        try sandbox.sync(laptop)
        try sandbox.sync(desktop)
        let foreign = try ArchiveFixtures.catalogColorArchive()
        try pushCategories(Self.categoriesFile(archive: foreign, hex: withHex ? "#336699" : nil), sandbox: sandbox)

        // When both sync, twice
        let first = try sandbox.sync(desktop)
        let again = try sandbox.sync(desktop)
        let onLaptop = try sandbox.sync(laptop)
        let laptopAgain = try sandbox.sync(laptop)

        // Then nothing fails; each machine is told once, by the category's name and the class found
        for report in [first, onLaptop] {
            #expect(report.warnings.count == 1)
            #expect(report.warnings.first?.hasPrefix("category 'Work': ") == true)
            #expect(report.warnings.first?.contains("'NSColor'") == true)
        }
        #expect(again.warnings.isEmpty)
        #expect(laptopAgain.warnings.isEmpty)
        // The hex is used (white without one), and the archive's bytes stay in the repository
        for store in [laptop, desktop] {
            #expect(store.contents.categories[Self.work]?.color.hex == (withHex ? "#336699" : "#FFFFFF"))
        }
        let file = try #require(try sandbox.remoteFiles()[SyncFiles.categoriesFile])
        let archive = try JSONValue.parse(file)["categories"]?.arrayValue?.first?["archive"]?.stringValue
        #expect(archive == foreign.base64EncodedString())
    }
}
