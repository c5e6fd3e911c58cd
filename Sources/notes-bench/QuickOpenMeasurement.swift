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
    /// How many of the slowest keys the figure's note names (`keys` names every key).
    static let slowestNamed = 8

    /// One key of the sequence: the field's text after it, and its times over the repetitions.
    struct KeyTimes {
        /// The field's text after the key, quoted; `⌫` after it when the key was a backspace.
        let label: String
        var wall = Samples()
        var cpu = Samples()
    }

    /// The figure, and every key's times in the order they are typed.
    static func measure(_ prepared: UIProbe.Prepared) -> (figure: Figure, keys: [KeyTimes]) {
        var samples = Samples()
        var keys: [KeyTimes] = []
        for query in Array(repeating: queries, count: repetitions).joined() {
            var state = prepared.state
            UIProbe.press(.control("p"), &state, prepared.snapshot)
            let typed = query.map { Key.character($0) } + Array(repeating: Key.backspace, count: min(backspaces, query.count - 1))
            for key in typed {
                let start = DispatchTime.now().uptimeNanoseconds, cpuStart = ProcessCPUTime.milliseconds()
                UIProbe.press(key, &state, prepared.snapshot)
                withExtendedLifetime(UIProbe.render(state, prepared.snapshot)) {}
                let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
                samples.add(wall)
                let label = "\"\(state.quickOpen?.field.text ?? "")\"" + (key == .backspace ? " ⌫" : "")
                let index = keys.firstIndex { $0.label == label } ?? { keys.append(KeyTimes(label: label)); return keys.count - 1 }()
                keys[index].wall.add(wall)
                keys[index].cpu.add(ProcessCPUTime.milliseconds() - cpuStart)
            }
        }
        let slowest = keys.sorted { ($0.wall.median ?? 0) > ($1.wall.median ?? 0) }.prefix(slowestNamed)
        let note = "\(samples.count) keys: \(repetitions)× \(queries.count) rough names (\(queries.map { "\"\($0)\"" }.joined(separator: ", "))), "
            + "each typed after Ctrl-P and corrected with up to \(backspaces) backspaces; through AppUpdate.update and "
            + "AppRender.render at \(UIProbe.frameSize.width)×\(UIProbe.frameSize.height), the best "
            + "\(QuickOpen.limit) kept; median " + FilterMeasurement.format(samples.median)
            + ", max " + FilterMeasurement.format(samples.maximum) + "; slowest keys, median wall (process CPU): "
            + slowest.map(describe).joined(separator: ", ")
        let figure = Figure(key: "quick_open_p99_ms", label: "quick open: key → ranked titles drawn (p99)", unit: .milliseconds,
                            value: samples.p99, target: targetMilliseconds, note: note)
        return (figure, keys)
    }

    static func figures(_ prepared: UIProbe.Prepared) -> [Figure] {
        [measure(prepared).figure]
    }

    /// `"mt" 12.1 (23.0)`: the key's median wall time and median process CPU time, in ms.
    static func describe(_ key: KeyTimes) -> String {
        "\(key.label) " + Figure.fixed(key.wall.median ?? 0, 1) + " (" + Figure.fixed(key.cpu.median ?? 0, 1) + ")"
    }
}
