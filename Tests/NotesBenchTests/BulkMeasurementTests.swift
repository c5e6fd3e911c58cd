import Foundation
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

        #expect(figures.map(\.key) == ["import_export_ms", "list_pipe_first_line_ms", "list_pipe_all_ms"])
        for figure in figures { #expect(figure.value != nil, "\(figure.key): \(figure.note ?? "")") }
        #expect(figures.first?.note?.hasSuffix("journal left 0 bytes") == true, "\(figures.first?.note ?? "")")
        #expect(figures.first?.baseline?.key == "baseline_sqlite_insert_ms")
        let imported = folder.url.appendingPathComponent("bulk-import/notes.json")
        #expect(try CLIRunner().run(["list", "--store", imported.path]).stdout.split(separator: "\n").count
            == synthetic.notes.count { $0.deleted == nil })
    }
}
