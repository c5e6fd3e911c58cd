import Foundation
import NotesTestData
import Testing
@testable import NotesStore
@testable import NotesExchange

/// Importing one file that was imported as part of a folder (`notes import vault/Projects/plan.md`
/// after `notes import vault`), or the other way round, finds its note by its source and
/// updates it as importing the whole folder again does: no duplicate. The real store.
@Suite struct ReimportOneFileTests {
    private typealias Setup = ReimportSandbox

    @Test func oneFileOfAnImportedFolderUpdatesItsNote() throws {
        let setup = try Setup()
        defer { setup.folder.remove() }
        try setup.write("Projects/plan.md", "# Plan\nfirst version\n")
        try setup.write("a.md", "# A\nalpha\n")
        #expect(try setup.addedUpdatedUnchanged([setup.vault.path]) == [2, 0, 0])
        let id = try #require(setup.store.contents.notes.values.first { $0.title == "Plan" }?.id)

        try setup.write("Projects/plan.md", "# Plan\nsecond version\n")
        #expect(try setup.addedUpdatedUnchanged([setup.vault.appendingPathComponent("Projects/plan.md").path]) == [0, 1, 0])

        #expect(setup.titles == ["A", "Plan"], "no duplicate")
        #expect(setup.store.contents.notes[id]?.body == "second version")
        #expect(try setup.addedUpdatedUnchanged([setup.vault.path]) == [0, 0, 2], "the folder again finds the file as last read")
        #expect(try setup.addedUpdatedUnchanged([setup.vault.appendingPathComponent("Projects/plan.md").path]) == [0, 0, 1])
        #expect(setup.store.contents.importSources.count == 2)
    }

    @Test func aFolderImportedAfterOneOfItsFilesUpdatesThatFilesNote() throws {
        let setup = try Setup()
        defer { setup.folder.remove() }
        try setup.write("Projects/plan.md", "# Plan\nfirst version\n")
        try setup.write("a.md", "# A\nalpha\n")
        #expect(try setup.addedUpdatedUnchanged([setup.vault.appendingPathComponent("Projects/plan.md").path]) == [1, 0, 0])

        try setup.write("Projects/plan.md", "# Plan\nsecond version\n")
        #expect(try setup.addedUpdatedUnchanged([setup.vault.path]) == [1, 1, 0])

        #expect(setup.titles == ["A", "Plan"], "no duplicate")
        #expect(setup.store.contents.notes.values.first { $0.title == "Plan" }?.body == "second version")
        #expect(try setup.addedUpdatedUnchanged([setup.vault.path]) == [0, 0, 2])
    }
}
