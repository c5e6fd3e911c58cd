import Foundation
import NotesModel
import NotesUI

/// The UI figures: filtering as you type, drawing one frame, and the bytes a
/// cursor move costs at a real terminal (during key repeat, and a single press).
enum UIMeasurement {
    static func figures(database: NotesDatabase, storePath: String) -> [Figure] {
        let prepared = UIProbe.prepareFirstFrame(database)
        prepared.snapshot.index.waitUntilSearchable()
        return FilterMeasurement.figures(prepared) + QuickOpenMeasurement.figures(prepared)
            + OrganizeMeasurement.figures(prepared)
            + [frameFigure(prepared), searchTextFigure(prepared, storePath: storePath), LinksMeasurement.figure(prepared)]
            + bytesPerMoveFigures(storePath: storePath)
    }

    /// What the folded search text of every note holds in memory, against the store file:
    /// a large part of the peak memory figure.
    static func searchTextFigure(_ prepared: UIProbe.Prepared, storePath: String) -> Figure {
        let bytes = prepared.snapshot.index.searchTextBytes
        let attributes = try? FileManager.default.attributesOfItem(atPath: storePath)
        let storeBytes = (attributes?[.size] as? NSNumber)?.intValue ?? 0
        return Figure(key: "search_text_ratio", label: "search text in memory (× store file)", unit: .ratio,
                      value: storeBytes > 0 ? Double(bytes) / Double(storeBytes) : nil, target: nil,
                      note: "NoteIndex.searchTextBytes: \(bytes) bytes (folded text, slot starts, byte-pair blocks and quick open's titles) for a "
                        + "\(storeBytes)-byte store file")
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

    /// Bytes per ↓ during key repeat (the figure of §6), and per single ↓: the move's own
    /// frame (held to §6's target) and everything until the app waits again, the preview
    /// catching up with the next note included (reported, no target: see
    /// docs/decisions/0031-preview-and-the-256-byte-target.md). All measured at a real terminal; see `TerminalMeasurement`.
    static func bytesPerMoveFigures(storePath: String) -> [Figure] {
        var repeating = Figure(key: "bytes_per_move", label: "bytes to the terminal per ↓, key repeat", unit: .bytes,
                               value: nil, target: 256)
        var move = Figure(key: "bytes_per_press_move", label: "bytes to the terminal per single ↓: the move",
                          unit: .bytes, value: nil, target: 256)
        var single = Figure(key: "bytes_per_press", label: "… and then the preview of the next note", unit: .bytes,
                            value: nil, target: nil)
        let (measured, reason) = TerminalMeasurement.measure(storePath: storePath, term: "xterm-256color")
        guard let result = measured else {
            repeating.note = reason
            move.note = reason
            single.note = reason
            return [repeating, move, single]
        }
        let (truecolor, _) = TerminalMeasurement.measure(storePath: storePath, term: "xterm-256color", colorTerm: "truecolor")
        let presses = TerminalMeasurement.presses
        repeating.value = result.repeatPerMove
        repeating.note = "\(presses) ↓ sent \(TerminalMeasurement.repeatIntervalMilliseconds) ms apart (a held key repeating) "
            + "to the app (AppRunner.run) on a 200×60 pty, \(result.terminal), preview shown: every byte written until "
            + "the app waits again, the preview catching up included (drawn \(result.repeatPreviewDraws)×), ÷ \(presses)"
            + "; first full frame \(result.firstFrameBytes) bytes"
            + (truecolor.map { "; with \($0.terminal) " + format(bytes: $0.repeatPerMove) } ?? "")
        move.value = result.pressMoveFrame.median
        move.note = "median over \(presses) separate ↓ presses: the frame drawn for the key (the two list rows), "
            + "\(result.terminal), max " + format(bytes: result.pressMoveFrame.maximum)
            + (truecolor.map { "; with \($0.terminal) median " + format(bytes: $0.pressMoveFrame.median) } ?? "")
        single.value = result.press.median
        single.note = "median over the same \(presses) presses of every byte until the app waits again: the move, then "
            + "\(AppRunner.previewDelayMilliseconds) ms later the preview drawing the next note's title, date, tags and "
            + "body (its length is the note's); max " + format(bytes: result.press.maximum)
            + "; with the preview hidden (v) median " + format(bytes: result.pressHidden.median) + ", max "
            + format(bytes: result.pressHidden.maximum)
            + (truecolor.map { "; with \($0.terminal) median " + format(bytes: $0.press.median) } ?? "")
        return [repeating, move, single]
    }

    static func format(bytes: Double?) -> String {
        bytes.map { Figure.format($0, .bytes) } ?? "n/a"
    }

    static func format(_ milliseconds: Double?) -> String {
        milliseconds.map { Figure.format($0, .milliseconds) } ?? "n/a"
    }
}
