import NotesStore

/// The commit figures: median and p99 of single-edit commits, beside the whole-file rewrite.
enum CommitFigures {
    static func make(_ commits: Samples, rewrite: Samples, compacting: Samples, background: Samples) -> [Figure] {
        let baseline = rewrite.median.map {
            Figure.Baseline(key: "baseline_rewrite_commit_ms", label: "rewrite file", value: $0)
        }
        var note = "\(commits.count) separate one-note commits"
        if commits.count < 200 { note += " (stopped early: time budget spent; p99 is close to the maximum)" }
        if commits.count < 100 { note += "; p99 of fewer than 100 samples is the maximum" }
        let median = Figure(key: "commit_median_ms", label: "commit one edit (median)", unit: .milliseconds,
                            value: commits.median, target: 2, baseline: baseline, note: note)
        let p99 = Figure(key: "commit_p99_ms", label: "commit one edit (p99)", unit: .milliseconds,
                         value: commits.p99, target: nil, note: nil)
        let compaction = Figure(key: "commit_compacting_ms", label: "commit that compacts (periodic)", unit: .milliseconds,
                                value: compacting.median, target: nil,
                                note: "median of \(compacting.count) one-edit commits forced to fold the journal into the snapshot "
                                    + "in the commit (inline, as tests do); by default a compaction is due, and runs in `notes compact`, "
                                    + "once the journal passes \(NotesStoreOptions().compactionMinimumBytes / 1024) KiB and either "
                                    + "\(Int(NotesStoreOptions().compactionRatio * 100))% of the snapshot or "
                                    + "\(NotesStoreOptions().compactionMaximumBytes / 1024) KiB")
        let off = Figure(key: "commit_background_compaction_max_ms", label: "UI around a compaction: commit, take-in (max)",
                         unit: .milliseconds, value: background.maximum, target: 50,
                         note: "max of \(background.count / 2) commits that find a compaction due (handed to notes compact) "
                             + "and as many refreshes that take the compacted snapshot in, as the UI does (the compaction "
                             + "itself runs untimed in between); commits " + list(background.values.enumerated().filter { $0.offset % 2 == 0 })
                             + " ms, take-ins " + list(background.values.enumerated().filter { $0.offset % 2 == 1 }) + " ms")
        return [median, p99, compaction, off]
    }

    private static func list(_ samples: [EnumeratedSequence<[Double]>.Element]) -> String {
        samples.map { String(format: "%.1f", $0.element) }.joined(separator: ", ")
    }
}
