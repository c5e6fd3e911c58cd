import Foundation
import NotesTerminal
import NotesUI

/// Quick open (`Ctrl-P`), timed as the user sees it: from a key typed in its field to
/// the frame showing the ranked titles (`NoteIndex.quickOpen` over every title, then the
/// highlighted rows drawn).
enum QuickOpenMeasurement {
    /// Rough names typed letter by letter, then corrected with backspaces. `e` matches
    /// nearly every title at its first key; `zzz` matches none.
    static let queries = ["mtng nts", "grcrs", "swft rls", "café", "日本", "zzz", "e"]
    static let backspaces = 2
    /// The whole sequence is typed this many times, so that p99 is not just the slowest key.
    static let repetitions = 3
    /// The target of a key at any size up to 1,000,000 notes (PRODUCT §6).
    static let targetMilliseconds = 16.0

    static func figures(_ prepared: UIProbe.Prepared) -> [Figure] {
        var samples = Samples()
        for query in Array(repeating: queries, count: repetitions).joined() {
            var state = prepared.state
            UIProbe.press(.control("p"), &state, prepared.snapshot)
            let keys = query.map { Key.character($0) } + Array(repeating: Key.backspace, count: min(backspaces, query.count - 1))
            for key in keys {
                let start = DispatchTime.now().uptimeNanoseconds
                UIProbe.press(key, &state, prepared.snapshot)
                withExtendedLifetime(UIProbe.render(state, prepared.snapshot)) {}
                samples.add(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
            }
        }
        let note = "\(samples.count) keys: \(repetitions)× \(queries.count) rough names (\(queries.map { "\"\($0)\"" }.joined(separator: ", "))), "
            + "each typed after Ctrl-P and corrected with up to \(backspaces) backspaces; through AppUpdate.update and "
            + "AppRender.render at \(UIProbe.frameSize.width)×\(UIProbe.frameSize.height), the best "
            + "\(QuickOpen.limit) kept; median " + FilterMeasurement.format(samples.median)
            + ", max " + FilterMeasurement.format(samples.maximum)
        return [Figure(key: "quick_open_p99_ms", label: "quick open: key → ranked titles drawn (p99)", unit: .milliseconds,
                       value: samples.p99, target: targetMilliseconds, note: note)]
    }
}
