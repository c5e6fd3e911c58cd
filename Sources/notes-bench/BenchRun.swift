import Foundation
import NotesJSON
import NotesStore
import NotesUI

/// The whole benchmark, in order: build and write the store, open it in fresh
/// processes, the naive baselines, the single-note commands as whole processes, the UI
/// figures, then single-edit commits.
struct BenchRun {
    let options: BenchOptions
    /// Prints progress to stderr so the table / JSON on stdout stays clean.
    func progress(_ message: String) {
        FileHandle.standardError.write(Data("notes-bench: \(message)\n".utf8))
    }

    func run() throws -> Report {
        let files = try BenchFiles(keepPath: options.keepPath)
        defer { files.removeUnlessKept() }
        var report = Report(noteCount: options.noteCount)
        #if DEBUG
        report.fact("build", .string("debug"))
        #else
        report.fact("build", .string("release"))
        #endif
        if files.isKept { report.fact("kept_store", .string(files.store.path)) }

        progress("generating \(options.noteCount) notes")
        let (synthetic, generateMilliseconds) = try Stopwatch.time { try SyntheticStore(noteCount: options.noteCount) }
        report.fact("generate_ms", .figure(generateMilliseconds))
        let averageBody = synthetic.notes.reduce(0) { $0 + $1.body.utf8.count } / max(1, synthetic.notes.count)
        report.fact("average_body_bytes", .figure(Double(averageBody)))

        progress("writing the store through NotesStore (one commit)")
        let writeMilliseconds = try StoreBenchmarks.write(synthetic, to: files.store)
        report.fact("bulk_write_ms", .figure(writeMilliseconds))
        let bytes = StoreBenchmarks.fileBytes(files.store)
        report.storeBytes = bytes.snapshot
        report.fact("store_files_bytes", .figure(Double(bytes.total)))
        if options.quickOpenOnly { try measureQuickOpen(store: files.store, into: &report) }
        if options.filterOnly { try measureFilter(store: files.store, into: &report) }
        if options.storeOnly || options.quickOpenOnly || options.filterOnly { return report }
        if options.bulkOnly {
            report.figures += try BulkMeasurement.figures(store: files.store, synthetic: synthetic,
                                                          folder: files.mirror.deletingLastPathComponent(), progress: progress)
            return report
        }

        let repetitions = options.noteCount >= 50_000 ? 5 : 9
        progress("opening the store in \(repetitions) fresh processes")
        let open = try OpenMeasurement.measure(store: files.store, repetitions: repetitions)

        progress("naive baseline: JSONDecoder of the same data")
        let decode = try BaselineMeasurement.decode(storeFile: files.store, mirrorFile: files.mirror,
                                                    synthetic: synthetic, repetitions: repetitions >= 9 ? 3 : 2)
        report.fact("baseline_decoded_file", .string(decode.decodedFile))
        report.figures.append(open.openFigure(baseline: decode, notes: options.noteCount))
        report.figures += try FirstFrameMeasurement.figures(store: files.store, synthetic: synthetic, repetitions: repetitions, progress: progress)
        progress("SQLite baseline: the same notes in a database; \(repetitions) pairs of fresh processes, ours and SQLite's in turn")
        let sqliteFile = files.mirror.deletingLastPathComponent().appendingPathComponent("notes.sqlite")
        try SQLiteBaseline.write(synthetic, to: sqliteFile)
        report.figures += SQLiteBaseline.figures(try SQLiteBaseline.measure(database: sqliteFile, store: files.store, repetitions: repetitions))
        // After the open pairs: the commands change SQLite's database.
        try CommandTiming.add(to: &report, store: files.store, liveIDs: synthetic.notes.filter { $0.deleted == nil }.map(\.id),
                              database: sqliteFile, progress: progress)
        progress("rename with link updates: `notes set --title` of a linked note, as whole processes")
        report.figures.append(try RenameTiming.figure(store: files.store, contents: synthetic.notes, notes: BenchBinaries.notes,
                                                      runs: CommandTiming.defaultRuns, noteCount: options.noteCount))
        Self.addOpenFacts(open, to: &report)

        report.figures += try BulkMeasurement.figures(store: files.store, synthetic: synthetic,
                                                      folder: files.mirror.deletingLastPathComponent(), progress: progress)

        try measureOpenStore(files: files, synthetic: synthetic, open: open, decode: decode, into: &report)
        return report
    }

    /// `--only quick-open`: quick open and one frame on the store opened as the app opens it,
    /// with each key's times.
    private func measureQuickOpen(store url: URL, into report: inout Report) throws {
        try onPreparedStore(url, timing: "quick open's keys") { prepared in
            let (quickOpen, keys) = QuickOpenMeasurement.measure(prepared)
            progress("quick open timed: timing one frame")
            report.figures += [quickOpen, UIMeasurement.frameFigure(prepared)]
            report.fact("quick_open_keys", .object(keys.map { key in
                (key.label, .object([("wall_median_ms", .figure(key.wall.median ?? 0)), ("cpu_median_ms", .figure(key.cpu.median ?? 0))]))
            }))
            report.perKeyLines = keys.map { "  " + QuickOpenMeasurement.describe($0) }
        }
    }

    /// `--only filter`: the filter's figures on the store opened as the app opens it.
    private func measureFilter(store url: URL, into report: inout Report) throws {
        try onPreparedStore(url, timing: "the filter's keys") { report.figures += FilterMeasurement.figures($0) }
    }

    /// Opens the store at `url` as the app opens it, waits for its search text, then runs `measure`.
    private func onPreparedStore(_ url: URL, timing what: String, _ measure: (UIProbe.Prepared) -> Void) throws {
        progress("\(what) only")
        let store = try NotesStore.open(at: url)
        defer { store.close() }
        let prepared = UIProbe.prepareFirstFrame(store.contents)
        prepared.snapshot.index.waitUntilSearchable()
        progress("search text built: timing \(what)")
        measure(prepared)
    }

    /// The facts of opening the store in fresh processes.
    private static func addOpenFacts(_ open: OpenMeasurement, to report: inout Report) {
        let storeOnly: JSONValue = open.storeOnly.median.map { JSONValue.figure($0) } ?? JSONValue.null
        report.fact("open_store_only_median_ms", storeOnly)
        report.fact("open_cpu_median_ms", open.cpu.median.map { JSONValue.figure($0) } ?? JSONValue.null)
        report.fact("searchable_after_ready_median_ms", open.untilSearchable.median.map { JSONValue.figure($0) } ?? JSONValue.null)
        report.fact("peak_rss_after_store_open_bytes", open.peakAfterStoreOpen.map { JSONValue.figure(Double($0)) } ?? JSONValue.null)
        report.fact("process_startup_rss_bytes", open.startupResidentBytes.map { JSONValue.figure(Double($0)) } ?? JSONValue.null)
    }

    /// The figures of the store opened in this process: the UI, single edits, the app's own
    /// paths, then commits that compact, the memory figures and the growth of the files.
    private func measureOpenStore(files: BenchFiles, synthetic: SyntheticStore, open: OpenMeasurement,
                                  decode: BaselineMeasurement.Decode, into report: inout Report) throws {
        progress("UI figures")
        let store = try NotesStore.open(at: files.store)
        report.figures += UIMeasurement.figures(database: store.contents, storePath: files.store.path)

        progress("committing single edits")
        let ids = synthetic.notes.map(\.id)
        let commits = try StoreBenchmarks.commitEdits(store: store, ids: ids, count: 200, minimum: 10, budgetSeconds: 30)
        report.fact("commit_samples", .figure(Double(commits.count)))
        progress("naive baseline: rewriting the whole file for one edit")
        let rewrite = try BaselineMeasurement.rewrite(database: store.contents, file: files.mirror, repetitions: 3)
        progress("the app's own paths (AppRunner on an in-memory terminal)")
        report.figures += AppPathMeasurement.figures(store: store)
        store.close()
        progress("commits that compact")
        let compacting = try StoreBenchmarks.compactingCommits(url: files.store, ids: ids, repetitions: 3)
        let background = try StoreBenchmarks.backgroundCompactingCommits(url: files.store, ids: ids, repetitions: 3)
        report.figures += CommitFigures.make(commits, rewrite: rewrite, compacting: compacting, background: background)
        report.figures += open.memoryFigures(storeBytes: report.storeBytes, baselinePeak: decode.peakResidentBytes,
                                               ratioTarget: OpenMeasurement.peakRatioTarget(notes: options.noteCount))
        report.figures += try GrowthMeasurement.figures(folder: files.mirror.deletingLastPathComponent(), progress: progress)
    }
}
