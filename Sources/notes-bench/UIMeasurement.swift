import NotesCore
import NotesUI

/// The UI figures: filtering as you type, drawing one frame, and the bytes one
/// cursor move costs at a real terminal.
enum UIMeasurement {
    /// Queries typed letter by letter; each prefix is one key press.
    static let queries = ["meeting notes", "café", "swift release", "日本", "groceries", "zzz"]

    static func figures(database: NotesDatabase, storePath: String) -> [Figure] {
        [filterFigure(database), frameFigure(database), bytesPerMoveFigure(storePath: storePath)]
    }

    static func filterFigure(_ database: NotesDatabase) -> Figure {
        Figure(key: "filter_p99_ms", label: "filter as you type, per key (p99)", unit: .milliseconds,
               value: nil, target: 8, note: UIProbe.missingReason)
    }

    static func frameFigure(_ database: NotesDatabase) -> Figure {
        Figure(key: "frame_ms", label: "render one 200×60 frame", unit: .milliseconds,
               value: nil, target: 2, note: UIProbe.missingReason)
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
        if UIProbe.missingReason != nil { note += "; frames are a stand-in list screen (ListFrame), not the UI's render" }
        figure.note = note
        return figure
    }
}
