import Foundation

/// Opening the store, ready to draw, each time in a fresh child process; and the
/// peak memory of those processes.
struct OpenMeasurement {
    /// `NotesStore.open` plus building what the first frame needs.
    var total = Samples()
    /// `NotesStore.open` alone.
    var storeOnly = Samples()
    /// From ready to draw until the search text (built on another core) is ready.
    var untilSearchable = Samples()
    /// Process CPU time (all threads) of open + ready: less disturbed by a busy machine.
    var cpu = Samples()
    var peakResidentBytes: Int?
    /// VmHWM of a child before it opened the store: the Swift runtime and Foundation alone.
    var startupResidentBytes: Int?
    /// VmHWM right after `NotesStore.open`, before the UI's preparation.
    var peakAfterStoreOpen: Int?

    static func measure(store: URL, repetitions: Int) throws -> OpenMeasurement {
        var result = OpenMeasurement()
        for _ in 0..<repetitions {
            let fields = try ChildProcess.run(["--child-open", store.path])
            guard let open = fields["open_ms"].flatMap(Double.init), let ready = fields["ready_ms"].flatMap(Double.init) else {
                throw ChildProcess.Failure(description: "child open printed no times: \(fields)")
            }
            result.storeOnly.add(open)
            result.total.add(open + ready)
            if let cpu = fields["cpu_ms"].flatMap(Double.init) { result.cpu.add(cpu) }
            if let searchable = fields["searchable_ms"].flatMap(Double.init) { result.untilSearchable.add(searchable) }
            if let open = fields["peak_rss_open"].flatMap(Int.init) {
                result.peakAfterStoreOpen = max(result.peakAfterStoreOpen ?? 0, open)
            }
            if let startup = fields["baseline_rss"].flatMap(Int.init) { result.startupResidentBytes = startup }
            if let peak = fields["peak_rss"].flatMap(Int.init) {
                result.peakResidentBytes = max(result.peakResidentBytes ?? 0, peak)
            }
        }
        return result
    }

    /// PRODUCT §6: open ≤ 150 ms at 100,000 notes; above that the target is the SQLite
    /// ratio alone (≤ 1.0×, its own figure).
    static func openTarget(notes: Int) -> Double? { notes <= 100_000 ? 150 : nil }

    func openFigure(baseline: BaselineMeasurement.Decode, notes: Int) -> Figure {
        var note = "median of \(total.count) fresh processes (page cache warm)"
        note += "; NotesStore.open + NotesSnapshot(searchText: .inBackground) (display order) + AppState.reconcile, as AppRunner.init"
        if let storeOnly = storeOnly.median { note += "; NotesStore.open alone " + Figure.format(storeOnly, .milliseconds) }
        if let cpu = cpu.median { note += "; CPU time (all threads) " + Figure.format(cpu, .milliseconds) }
        if let searchable = untilSearchable.median {
            note += "; the search text, built on another core, was ready " + Figure.format(searchable, .milliseconds) + " later"
        }
        return Figure(key: "open_ms", label: "open, ready to draw", unit: .milliseconds,
                      value: total.median, target: Self.openTarget(notes: notes),
                      baseline: baseline.milliseconds.median.map { .init(key: "baseline_jsondecoder_open_ms", label: "JSONDecoder", value: $0) },
                      note: note)
    }

    /// PRODUCT §6: peak memory ≤ 3× the store file at 100,000 notes, ≤ 2.5× at 1,000,000.
    static func peakRatioTarget(notes: Int) -> Double { notes >= 1_000_000 ? 2.5 : 3 }

    func memoryFigures(storeBytes: Int?, baselinePeak: Int?, ratioTarget: Double = 3) -> [Figure] {
        let peak = peakResidentBytes.map(Double.init)
        var note = "VmHWM of a fresh process after open" + " and first-frame preparation, once the search text is built"
        if let startup = startupResidentBytes {
            note += "; \(startup / 1_048_576) MiB of it is the process before opening (Swift runtime, Foundation)"
        }
        if let open = peakAfterStoreOpen {
            note += "; \(open / 1_048_576) MiB peak already after NotesStore.open alone"
        }
        var bytes = Figure(key: "peak_rss_bytes", label: "peak memory after open", unit: .bytes, value: peak,
                           target: storeBytes.map { ratioTarget * Double($0) }, note: peak == nil ? "/proc/self/status unreadable" : note)
        if let baselinePeak { bytes.baseline = .init(key: "baseline_jsondecoder_peak_rss_bytes", label: "JSONDecoder", value: Double(baselinePeak)) }
        let ratio = Figure(key: "peak_rss_ratio", label: "peak memory / store file", unit: .ratio,
                           value: peak.flatMap { peak in storeBytes.map { peak / Double(max($0, 1)) } }, target: ratioTarget,
                           note: storeBytes == nil ? "store size unknown" : nil)
        return [bytes, ratio]
    }
}
