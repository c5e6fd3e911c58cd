import Foundation
import NotesStore
import NotesExchange

/// Bulk work as a user does it, through the real `notes` process: importing the store's own
/// JSON export into a new store (beside SQLite inserting the same rows in one transaction),
/// and `notes list` into a pipe, timed to its first line and to its end.
enum BulkMeasurement {
    /// The import target: 2 s at 100,000 notes, 20 s at 1,000,000 (20 µs a note).
    static func importTarget(notes: Int) -> Double { max(2_000, Double(notes) * 0.02) }
    /// The import's peak memory: at most 3 times the export it reads.
    static let importMemoryRatioTarget = 3.0

    /// `notes list` to a pipe: the first line within 50 ms at any size; all of it within
    /// 0.3 s at 100,000 notes (3 µs a note).
    static let firstLineTarget = 50.0
    static func listAllTarget(notes: Int) -> Double { max(300, Double(notes) * 0.003) }

    static func figures(store: URL, synthetic: SyntheticStore, folder: URL, progress: (String) -> Void) throws -> [Figure] {
        guard let notes = BenchBinaries.notes else {
            let reason = "no notes binary beside the bench"
            return [
                Figure(key: "import_export_ms", label: "import the store's own JSON export", unit: .milliseconds, value: nil,
                       target: importTarget(notes: synthetic.notes.count), note: reason),
                Figure(key: "import_markdown_folder_ms", label: "import a folder of Markdown files", unit: .milliseconds,
                       value: nil, target: MarkdownFolderMeasurement.target(files: MarkdownFolderMeasurement.maximumFiles), note: reason),
                Figure(key: "list_pipe_first_line_ms", label: "notes list to a pipe: first line", unit: .milliseconds,
                       value: nil, target: firstLineTarget, note: reason),
            ]
        }
        progress("bulk: exporting the store to JSON, importing it into a new store as a process")
        let count = synthetic.notes.count
        let export = folder.appendingPathComponent("bulk-export.json")
        try exportJSON(of: store, to: export)
        let target = folder.appendingPathComponent("bulk-import").appendingPathComponent("notes.json")
        try? FileManager.default.removeItem(at: target.deletingLastPathComponent())
        let errors = folder.appendingPathComponent("bulk-import.err")
        let run = try WholeProcess.run(notes, ["import", export.path, "--store", target.path],
                                       environment: WholeProcess.environment(setting: "NOTES_STORE", to: target.path),
                                       errorFile: errors, sampleMemory: true)
        let exportSize = (try? FileManager.default.attributesOfItem(atPath: export.path)[.size] as? Int) ?? 0
        let journal = (try? FileManager.default.attributesOfItem(atPath: NotesStore.journalPath(for: target))[.size] as? Int) ?? 0
        progress("bulk: SQLite inserting the same rows in one transaction")
        let sqlite = folder.appendingPathComponent("bulk-import.sqlite")
        let (_, sqliteMilliseconds) = try Stopwatch.time { try SQLiteBaseline.write(synthetic, to: sqlite) }
        try? FileManager.default.removeItem(at: sqlite)
        progress("bulk: importing a folder of Markdown files as a process")
        let markdown = try MarkdownFolderMeasurement.figure(notes, synthetic: synthetic, folder: folder)
        progress("bulk: notes list to a pipe")
        let list = try ListTiming.measure(notes, store: store, repetitions: 5)
        return [
            Figure(key: "import_export_ms", label: "import the store's own JSON export", unit: .milliseconds,
                   value: run.wallMilliseconds, target: importTarget(notes: count),
                   baseline: .init(key: "baseline_sqlite_insert_ms", label: "SQLite, one transaction", value: sqliteMilliseconds),
                   note: "whole process, CPU \(Figure.fixed(run.cpuMilliseconds, 0)) ms; journal left \(journal) bytes"),
            importMemoryFigure(peak: run.peakBytes, exportSize: exportSize),
            markdown,
            Figure(key: "list_pipe_first_line_ms", label: "notes list to a pipe: first line", unit: .milliseconds,
                   value: list.first.median, target: firstLineTarget, note: "median of \(list.first.count)"),
            Figure(key: "list_pipe_all_ms", label: "notes list to a pipe: all", unit: .milliseconds,
                   value: list.all.median, target: listAllTarget(notes: count), note: "median of \(list.all.count)"),
        ]
    }

    /// The import's peak memory over the export's size (`PeakMemorySampler`).
    private static func importMemoryFigure(peak: Int?, exportSize: Int) -> Figure {
        let ratio = peak.flatMap { exportSize > 0 ? Double($0) / Double(exportSize) : nil }
        return Figure(key: "import_export_peak_ratio", label: "import: peak memory / export file", unit: .ratio, value: ratio,
                      target: importMemoryRatioTarget,
                      note: peak.map { "peak \(Figure.format(Double($0), .bytes)) bytes, export \(Figure.format(Double(exportSize), .bytes)) bytes" }
                        ?? "the import's memory could not be read")
    }

    private static func exportJSON(of url: URL, to export: URL) throws {
        let store = try NotesStore.open(at: url)
        defer { store.close() }
        var text = try JSONExchange.text(of: store.contents)
        text.append(UInt8(ascii: "\n"))
        try Data(text).write(to: export)
    }
}
