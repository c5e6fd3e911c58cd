import Foundation
import NotesBase
import NotesTestSupport
import Testing
@testable import notes_bench

/// The bulk figures run for real on a small store (untimed): the store's own export is
/// imported by the built `notes` into a compacted store, and `notes list` is read from a pipe.
@Suite struct BulkMeasurementTests {
    @Test func theExportImportsIntoACompactedStoreAndTheListingIsRead() throws {
        let folder = try TemporaryFolder(prefix: "notes-bench-bulk-test")
        defer { folder.remove() }
        // Past the size at which an import compacts before it returns; some notes have attachments.
        let synthetic = try SyntheticStore(noteCount: 1_200)
        #expect(synthetic.notes.contains { !$0.attachments.isEmpty })
        let store = folder.file("notes.json")
        _ = try StoreBenchmarks.write(synthetic, to: store)

        let figures = try BulkMeasurement.figures(store: store, synthetic: synthetic, folder: folder.url) { _ in }

        #expect(figures.map(\.key) == ["import_export_ms", "import_export_peak_ratio", "import_markdown_folder_ms",
                                       "list_pipe_first_line_ms", "list_pipe_all_ms"])
        for figure in figures { #expect(figure.value != nil, "\(figure.key): \(figure.note ?? "")") }
        #expect(figures.first?.note?.hasSuffix("journal left 0 bytes") == true, "\(figures.first?.note ?? "")")
        #expect(figures.first?.baseline?.key == "baseline_sqlite_insert_ms")
        let imported = folder.url.appendingPathComponent("bulk-import/notes.json")
        #expect(try CLIRunner().run(["list", "--store", imported.path]).stdout.split(separator: "\n").count
            == synthetic.notes.count { $0.deleted == nil })
    }
}

/// The Markdown files the folder figure imports read back as the notes they were made from.
@Suite struct MarkdownFolderMeasurementTests {
    @Test func aGeneratedFileReadsBackAsItsNote() throws {
        let folder = try TemporaryFolder(prefix: "notes-bench-markdown-test")
        defer { folder.remove() }
        let synthetic = try SyntheticStore(noteCount: 40)
        let names = Dictionary(uniqueKeysWithValues: synthetic.categories.map { ($0.id, $0.name) })
        for (index, note) in synthetic.notes.enumerated() {
            let text = MarkdownFolderMeasurement.text(of: note, category: note.categoryID.flatMap { names[$0] })
            try Data(text.utf8).write(to: folder.url.appendingPathComponent("note-\(index).md"))
        }
        let storeFolder = try TemporaryFolder(prefix: "notes-bench-markdown-store")
        defer { storeFolder.remove() }
        let store = storeFolder.file("notes.json")
        _ = try CLIRunner().run(["import", folder.url.path, "--store", store.path])
        let listed = try CLIRunner().run(["list", "--store", store.path, "--format", "{title}\\t{category}\\t{created}\\t{updated}\\t{tags}"])
            .stdout.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        #expect(listed.count == synthetic.notes.count)
        let byTitleAndCreated = Dictionary(listed.map { ($0[0] + "|" + $0[2], $0) }, uniquingKeysWith: { first, _ in first })
        for note in synthetic.notes {
            let row = try #require(byTitleAndCreated[note.title + "|" + ISODate.format(note.created)], "\(note.title)")
            #expect(row[1] == note.categoryID.flatMap { names[$0] } ?? "")
            #expect(row[3] == ISODate.format(note.updated))
            // The body's own #tags (inline tags) may add to the header's.
            #expect(note.tags.isSubset(of: Set(row[4].split(separator: ",").map(String.init))), "\(note.title)")
        }
    }
}
