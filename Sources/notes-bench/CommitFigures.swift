/// The commit figures: median and p99 of single-edit commits, beside the whole-file rewrite.
enum CommitFigures {
    static func make(_ commits: Samples, rewrite: Samples) -> [Figure] {
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
        return [median, p99]
    }
}
