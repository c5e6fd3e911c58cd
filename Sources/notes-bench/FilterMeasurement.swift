import Foundation
import NotesTerminal
import NotesUI

/// Filtering as you type, timed as the user sees it: from a key to the frame that shows
/// the right first screenful, and to the frame whose count is complete. The app searches
/// in slices (`FilterWork`): a key searches until the list's rows are known, and each
/// pause (`.idle`, which the runner sends whenever no key waits while the filter counts)
/// searches the next slice; a frame is drawn after each, as `AppRunner.run` does.
enum FilterMeasurement {
    /// Queries typed letter by letter after `/`; each is then corrected with backspaces
    /// down to its first two letters (a shrinking query reuses the results on the way).
    /// `the` matches most notes at every key; `zzz` matches none.
    static let queries = ["meeting notes", "café", "swift release", "日本", "groceries", "zzz", "#todo", "the"]
    static let backspaces = 3
    /// The typing model: the next key comes this long after the one before (a fast
    /// typist); meanwhile the app counts. After a query's last key the user waits.
    static let keyIntervalMilliseconds = 100.0
    /// The whole sequence is typed this many times, so that p99 is not just the slowest key.
    static let repetitions = 3

    struct Times {
        var firstFrame = Samples()
        var screenful = Samples()
        var count = Samples()
        var cpuScreenful = Samples()
        /// Each key of the sequence, in the order typed: key → right first screenful.
        var keys: [QuickOpenMeasurement.KeyTimes] = []
        /// Keys whose count was not complete when the next key came.
        var overtaken = 0
    }

    /// The p99 target of a key: ≤ 5 ms up to 100,000 notes, ≤ 16 ms at 1,000,000 (issue 23).
    static func target(notes: Int) -> Double { notes > 100_000 ? 16 : 5 }

    static func figures(_ prepared: UIProbe.Prepared) -> [Figure] {
        var times = Times()
        for query in Array(repeating: queries, count: repetitions).joined() {
            var state = prepared.state
            UIProbe.press(.character("/"), &state, prepared.snapshot)
            let keys = query.map { Key.character($0) } + Array(repeating: Key.backspace, count: min(backspaces, max(0, query.count - 2)))
            for (number, key) in keys.enumerated() {
                let waits = number == query.count - 1 || number == keys.count - 1
                type(key, &state, prepared.snapshot, waitsForCount: waits, into: &times)
                let label = "\"\(state.filter.query)\"" + (key == .backspace ? "⌫" : "")
                if !times.keys.contains(where: { $0.label == label }) { times.keys.append(.init(label: label)) }
                if let known = times.keys.firstIndex(where: { $0.label == label }) {
                    times.keys[known].wall.add(times.screenful.values.last ?? 0)
                    times.keys[known].cpu.add(times.cpuScreenful.values.last ?? 0)
                }
            }
        }
        let notes = prepared.snapshot.index.count
        let note = "\(times.screenful.count) keys: \(repetitions)× \(queries.count) queries (\(queries.map { "\"\($0)\"" }.joined(separator: ", "))), "
            + "each typed and then corrected with up to \(backspaces) backspaces, a key every "
            + "\(Int(keyIntervalMilliseconds)) ms; through AppUpdate.update and AppRender.render at "
            + "\(UIProbe.frameSize.width)×\(UIProbe.frameSize.height), search text already built: key → first frame p99 "
            + format(times.firstFrame.p99) + "; key → right first screenful median " + format(times.screenful.median)
            + ", max " + format(times.screenful.maximum) + ", CPU p99 " + format(times.cpuScreenful.p99)
            + "; slowest keys, median (process CPU): "
            + times.keys.sorted { ($0.wall.median ?? 0) > ($1.wall.median ?? 0) }.prefix(8)
                .map(QuickOpenMeasurement.describe).joined(separator: ", ")
        let countNote = "the same keys: key → frame with the whole count, median " + format(times.count.median)
            + " (\(times.count.count) counts finished before the next key or after a query's last key; "
            + "\(times.overtaken) overtaken by the next key)"
        return [
            Figure(key: "filter_p99_ms", label: "filter as you type: key → right first screenful (p99)",
                   unit: .milliseconds, value: times.screenful.p99, target: target(notes: notes), note: note),
            Figure(key: "filter_count_p99_ms", label: "… key → complete count (p99)", unit: .milliseconds,
                   value: times.count.p99, target: nil, note: countNote),
        ]
    }

    /// One key, then the pauses until its screenful is known, then until its count is
    /// complete or the next key comes (`waitsForCount`: however long it takes).
    private static func type(_ key: Key, _ state: inout AppState, _ snapshot: NotesSnapshot, waitsForCount: Bool,
                             into times: inout Times) {
        let start = DispatchTime.now().uptimeNanoseconds
        let cpuStart = ProcessCPUTime.milliseconds()
        func elapsed() -> Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000 }
        func frame() { withExtendedLifetime(UIProbe.render(state, snapshot)) {} }
        UIProbe.press(key, &state, snapshot)
        frame()
        times.firstFrame.add(elapsed())
        let rows = Layout.main(state.size, preview: state.showsPreview).list.height
        while state.filter.isCounting && state.filter.count(in: snapshot.index) < rows {
            UIProbe.pause(&state, snapshot)
            frame()
        }
        times.screenful.add(elapsed())
        times.cpuScreenful.add(ProcessCPUTime.milliseconds() - cpuStart)
        while state.filter.isCounting && (waitsForCount || elapsed() < keyIntervalMilliseconds) {
            UIProbe.pause(&state, snapshot)
            frame()
        }
        if state.filter.isCounting { times.overtaken += 1 } else { times.count.add(elapsed()) }
    }

    static func format(_ milliseconds: Double?) -> String {
        milliseconds.map { Figure.format($0, .milliseconds) } ?? "n/a"
    }
}
