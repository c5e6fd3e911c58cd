import Foundation
@testable import NotesCore
import NotesTestSupport
import Testing

/// Issue 24: a notes Markdown export imported into an empty store gives every category
/// back by id, name and color, even when other files read first name the same categories
/// (one import used to share one category per name, and the export's `category-id` and
/// color were lost). Seeded hard stores (`HardNotes`); `NOTES_PROPERTY_SEED=N` repeats one.
@Suite struct CategoryRoundTripPropertyTests {
    @Test func markdownExportImportedAfterPlainFilesNamingItsCategoriesKeepsEveryCategoryByID() throws {
        let seed = ExactRoundTripPropertyTests.seed()
        print("CategoryRoundTripPropertyTests seed \(seed) (NOTES_PROPERTY_SEED=\(seed))")
        var generator = HardNotes(seed: seed)
        var random = SeededRandom(seed: seed)
        var categories = generator.categories(12)
        // Two-word names, the case a plain file's `category: Home Office` is read as one name.
        let words = ["Home", "Office", "Reading", "List", "Work", "Projects", "Café", "Ideas"]
        var names = Set(categories.map { Category.nameKey($0.name) })
        while categories.count < 18 {
            let name = random.pick(words) + " " + random.pick(words)
            guard names.insert(Category.nameKey(name)).inserted else { continue }
            categories.append(Category(name: name, color: generator.color()))
        }
        let notes = generator.notes(600, categories: categories)
        let folder = try TemporaryFolder(prefix: "notes-category-trip")
        defer { folder.remove() }
        let source = try ExactRoundTripPropertyTests.store(at: folder.file("source/notes.json"), categories: categories, notes: notes)
        try MarkdownExchange.export(source.contents, to: folder.file("export"), includeTrash: true)
        // Plain files, read first, naming the categories whose names YAML reads plainly, in another case.
        let plain = folder.file("plain")
        try FileManager.default.createDirectory(at: plain, withIntermediateDirectories: true)
        var plainCategories: [String: UUID] = [:]
        for (index, category) in categories.enumerated()
        where category.name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == " " }) && category.name.first != " " && random.chance(0.7) {
            let written = random.chance(0.5) ? category.name.uppercased() : category.name.lowercased()
            guard Category.nameKey(written) == Category.nameKey(category.name) else { continue }
            try Data("---\ntitle: Plain \(index)\ncategory: \(written)\n---\nbody\n".utf8).write(to: plain.appendingPathComponent("\(index).md"))
            plainCategories["Plain \(index)"] = category.id
        }

        let batch = ImportReader().read(paths: [plain.path, folder.file("export").path])
        #expect(batch.skipped.isEmpty, "seed \(seed): \(batch.skipped.prefix(3))")
        let fresh = try NotesStore.open(at: folder.file("fresh/notes.json"))
        try fresh.commit(Importer.plan(batch.bundle, origins: batch.origins, sources: batch.sources, folders: batch.folders,
                                       into: fresh.contents).changes)
        let back = try NotesStore.open(at: folder.file("fresh/notes.json")).contents

        let expected = source.contents
        let backNotes = back.notes.merging(back.trash) { first, _ in first }
        var failures: [String] = []
        for note in Array(expected.notes.values) + Array(expected.trash.values) {
            let differences = HardNotes.differences(note, backNotes[note.id])
            if !differences.isEmpty { failures.append("note \(HardNotes.describe(note)): \(differences.joined(separator: "; "))") }
        }
        let used = Set(notes.compactMap(\.categoryID))
        for category in categories where used.contains(category.id) {
            let differences = HardNotes.differences(category, back.categories[category.id])
            if !differences.isEmpty { failures.append(differences.joined(separator: "; ")) }
        }
        for (title, categoryID) in plainCategories where used.contains(categoryID) {
            let note = back.notes.values.first { $0.title == title }
            if note?.categoryID != categoryID { failures.append("\(title): category \(String(describing: note?.categoryID)), not \(categoryID)") }
        }
        #expect(back.categories.count == used.count + Set(plainCategories.values).subtracting(used).count,
                "seed \(seed): \(back.categories.count) categories")
        #expect(failures.isEmpty, "seed \(seed) (NOTES_PROPERTY_SEED=\(seed)): \(failures.count) differences, first: \(failures.prefix(3))")
    }
}
