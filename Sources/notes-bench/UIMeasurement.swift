import Foundation
import NotesCore
import NotesUI

/// The UI figures: filtering as you type, drawing one frame, and the bytes one
/// cursor move costs at a real terminal.
enum UIMeasurement {
    /// Queries typed letter by letter after `/`; each is then corrected with backspaces
    /// down to its first two letters (a shrinking query searches all notes again).
    static let queries = ["meeting notes", "café", "swift release", "日本", "groceries", "zzz", "#todo"]
    static let backspaces = 3

    static func figures(database: NotesDatabase, storePath: String) -> [Figure] {
        let prepared = UIProbe.prepareFirstFrame(database)
        return [filterFigure(prepared), frameFigure(prepared), bytesPerMoveFigure(storePath: storePath)]
    }

    /// Every key press of every query, timed through `AppUpdate.update` (which runs `NoteFilter`).
    static func filterFigure(_ prepared: UIProbe.Prepared) -> Figure {
        var typing = Samples()
        var correcting = Samples()
        for query in queries {
            var state = prepared.state
            UIProbe.press(.character("/"), &state, prepared.snapshot)
            for character in query {
                let (_, milliseconds) = Stopwatch.time { UIProbe.press(.character(character), &state, prepared.snapshot) }
                typing.add(milliseconds)
            }
            for _ in 0..<min(backspaces, max(0, query.count - 2)) {
                let (_, milliseconds) = Stopwatch.time { UIProbe.press(.backspace, &state, prepared.snapshot) }
                correcting.add(milliseconds)
            }
        }
        var all = typing
        for value in correcting.values { all.add(value) }
        let note = "\(all.count) key presses over \(queries.count) queries through AppUpdate.update: typing p99 "
            + format(typing.p99) + ", median " + format(typing.median) + "; backspace p99 " + format(correcting.p99)
            + ", median " + format(correcting.median)
        return Figure(key: "filter_p99_ms", label: "filter as you type, per key (p99)", unit: .milliseconds,
                      value: all.p99, target: 8, note: note)
    }

    /// The notes list with the first note selected, rendered at 200×60, several times; the median.
    static func frameFigure(_ prepared: UIProbe.Prepared) -> Figure {
        var samples = Samples()
        var state = prepared.state
        for repetition in 0..<30 {
            if repetition % 2 == 1 { UIProbe.press(.down, &state, prepared.snapshot) }
            let (buffer, milliseconds) = Stopwatch.time { UIProbe.render(state, prepared.snapshot) }
            samples.add(milliseconds)
            withExtendedLifetime(buffer) {}
        }
        return Figure(key: "frame_ms", label: "render one 200×60 frame", unit: .milliseconds, value: samples.median,
                      target: 2, note: "median of \(samples.count) renders of the notes screen (AppRender.render), max "
                        + format(samples.maximum))
    }

    static func bytesPerMoveFigure(storePath: String) -> Figure {
        var figure = Figure(key: "bytes_per_move", label: "bytes to the terminal per cursor move", unit: .bytes,
                            value: nil, target: 256)
        let (result, reason) = TerminalMeasurement.measure(storePath: storePath, term: "xterm-256color")
        guard let result else {
            figure.note = reason
            return figure
        }
        figure.value = result.perMove.median
        var note = result.note + "; median of the moves, max \(Int(result.perMove.maximum ?? 0)), first full frame \(result.firstFrameBytes) bytes"
        let (truecolor, _) = TerminalMeasurement.measure(storePath: storePath, term: "xterm-256color", colorTerm: "truecolor")
        if let truecolor, let median = truecolor.perMove.median {
            note += "; with " + truecolor.note.prefix { $0 != "," } + " the median is \(Int(median)) bytes"
        }
        figure.note = note
        return figure
    }

    static func format(_ milliseconds: Double?) -> String {
        milliseconds.map { Figure.format($0, .milliseconds) } ?? "n/a"
    }
}
