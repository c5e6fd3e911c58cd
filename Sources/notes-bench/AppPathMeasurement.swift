import Foundation
import NotesEditing
import NotesStore
import NotesTerminal
import NotesUI

/// What the user waits for in the running app, beyond the §6 figures: a key press
/// (update, the store's `refresh`, render), one body edit saved and one category renamed
/// (`AppRunner` commits it, then changes its `NotesSnapshot` in place). Measured through
/// `AppRunner` on an in-memory terminal.
enum AppPathMeasurement {
    static func figures(store: NotesStore) -> [Figure] { measure(store: store).figures }

    /// The figures, and each body edit's wall time and the runner thread's CPU time in the order made (`--only app`).
    static func measure(store: NotesStore) -> (figures: [Figure], editLines: [String]) {
        let terminal = MemoryTerminal(size: UIProbe.frameSize, colorMode: .trueColor)
        var counter = 0
        let runner = AppRunner(terminal: terminal, repository: store, timeZone: UIProbe.timeZone,
                               now: { SyntheticStore.firstDate.addingTimeInterval(Double(counter)) },
                               editor: UserEditor.scripted { body in counter += 1; return body + "\nedited \(counter)" })
        runner.draw()
        var keys = Samples()
        for _ in 0..<40 {
            let (_, milliseconds) = Stopwatch.time {
                _ = runner.handle(.key(.down))
                runner.draw()
            }
            keys.add(milliseconds)
        }
        var edits = Samples()
        var editLines: [String] = []
        // The first edit after opening included: it must not wait for the search text.
        for edit in 0..<20 {
            let cpuStart = ThreadCPUTime.milliseconds()
            let (_, milliseconds) = Stopwatch.time {
                _ = runner.handle(.key(.character("e")))
                runner.draw()
            }
            edits.add(milliseconds)
            editLines.append("  \(edit + 1): " + Figure.fixed(milliseconds, 1) + " ("
                + Figure.fixed(ThreadCPUTime.milliseconds() - cpuStart, 1) + ")"
                + (runner.snapshot.index.isSearchable ? "" : ", search text still building"))
        }
        let renames = categoryRenames(runner)
        return ([
            Figure(key: "app_key_ms", label: "app: ↓ key, update + refresh + render", unit: .milliseconds,
                   value: keys.median, note: "median of \(keys.count) presses through AppRunner.handle + draw, max "
                    + UIMeasurement.format(keys.maximum)),
            Figure(key: "app_edit_max_ms", label: "app: save one body edit (max)", unit: .milliseconds, value: edits.maximum,
                   target: 50,
                   note: "max of \(edits.count) `e` edits through AppRunner (commit + NotesSnapshot changed in place + draw), "
                    + "the first after opening included; median " + UIMeasurement.format(edits.median)),
            Figure(key: "app_category_rename_max_ms", label: "app: rename a category (max)", unit: .milliseconds,
                   value: renames.maximum, target: 50,
                   note: renames.count > 0
                    ? "max of \(renames.count) renames on the categories screen (`r`, a letter added or taken off, "
                        + "Enter timed: commit + NotesSnapshot changed in place + draw); median "
                        + UIMeasurement.format(renames.median)
                    : "the store has no category to rename"),
        ], editLines)
    }

    /// Renames the first category back and forth on the categories screen (`c`, then `r`,
    /// a letter added or taken off): the times of the Enter that commits each.
    static func categoryRenames(_ runner: AppRunner) -> Samples {
        var samples = Samples()
        _ = runner.handle(.key(.character("c")))
        runner.draw()
        for round in 0..<10 {
            if runner.state.selectedCategory(in: runner.snapshot) == nil {
                _ = runner.handle(.key(.down))
                guard runner.state.selectedCategory(in: runner.snapshot) != nil else { break }
            }
            _ = runner.handle(.key(.character("r")))
            _ = runner.handle(.key(round % 2 == 0 ? .character("x") : .backspace))
            let (_, milliseconds) = Stopwatch.time {
                _ = runner.handle(.key(.enter))
                runner.draw()
            }
            samples.add(milliseconds)
        }
        _ = runner.handle(.key(.character("q")))
        return samples
    }
}
