import Foundation
import NotesTestSupport
import Testing
import NotesBase
import NotesModel
import NotesStore
import NotesExchange
import NotesSync

/// A store keeps at most `Category.maximumCount` categories: a remote or an import with
/// a million of them is refused with a clear error instead of slowing every later command.
@Suite struct CategoryLimitTests {
    static func categories(_ count: Int) -> [Category] {
        (0..<count).map { Category(name: "Category \($0)") }
    }

    @Test func theStoreRefusesOneCategoryMoreThanTheLimit() throws {
        var database = NotesDatabase()
        try database.apply(Self.categories(Category.maximumCount).map { .putCategory($0) })
        #expect(throws: ModelError.tooManyCategories(Category.maximumCount)) {
            try database.apply(.putCategory(Category(name: "One too many")))
        }
        // Renaming one that is there is still fine.
        var first = try #require(database.categories.values.first)
        first.name = "Renamed"
        try database.apply(.putCategory(first))
    }

    @Test func aSyncedCategoriesFileWithTooManyIsRefusedNamingTheFile() throws {
        let sandbox = try SyncSandbox()
        let laptop = try sandbox.machine("laptop")
        try laptop.commit([.putNote(Note(title: "Mine", created: ISODate.rounded(Date())))])
        try sandbox.sync(laptop)
        let clone = sandbox.folder.file("clone")
        try GitCommand(folder: sandbox.folder.url, environment: sandbox.environment)
            .check("clone", ["clone", "-q", sandbox.remote.path, clone.path])
        let changed = ISODate.format(Date())
        let entries = (0...Category.maximumCount).map {
            "{\"id\": \"\(UUID().uuidString)\", \"name\": \"C\($0)\", \"color\": \"#FFFFFF\", \"changed\": \"\(changed)\"}"
        }
        let json = "{\"format\": 1, \"categories\": [\n" + entries.joined(separator: ",\n") + "\n]}\n"
        try Data(json.utf8).write(to: clone.appendingPathComponent(SyncFiles.categoriesFile))
        let git = GitCommand(folder: clone, environment: sandbox.environment)
        try git.check("commit", ["-c", "user.name=o", "-c", "user.email=o@example.invalid", "commit", "-qam", "many"])
        try git.check("push", ["push", "-q", "origin", "HEAD:main"])
        let before = laptop.contents

        #expect {
            try sandbox.sync(laptop)
        } throws: { error in
            "\(error)".contains("categories.json") && "\(error)".contains("more than the \(Category.maximumCount)")
        }
        #expect(laptop.contents == before)
    }

    @Test func anImportWithTooManyCategoriesImportsNothing() throws {
        let folder = try TemporaryFolder(prefix: "notes-category-limit")
        defer { folder.remove() }
        let entries = (0...Category.maximumCount).map {
            "{\"id\": \"\(UUID().uuidString)\", \"name\": \"C\($0)\", \"color\": {\"space\": \"srgb\", \"red\": 1, "
                + "\"green\": 1, \"blue\": 1, \"alpha\": 1, \"hex\": \"#FFFFFF\"}, \"notes\": 0}"
        }
        let json = "{\"format\": \"notes-export\", \"version\": 1, \"exported\": \"2026-11-25T10:57:05.011Z\", "
            + "\"categories\": [" + entries.joined(separator: ", ") + "], \"notes\": []}"
        try Data(json.utf8).write(to: folder.file("many.json"))
        let store = try NotesStore.open(at: folder.file("notes.json"))
        defer { store.close() }

        let batch = ImportReader().read(paths: [folder.file("many.json").path])
        #expect(batch.bundle.categories.count == Category.maximumCount + 1)
        #expect(throws: ModelError.tooManyCategories(Category.maximumCount)) {
            try store.commit(batch.bundle.categories.map { .putCategory($0) })
        }
        #expect(store.contents.categories.isEmpty)
    }
}
