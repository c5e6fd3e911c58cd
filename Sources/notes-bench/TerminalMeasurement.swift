import Foundation

/// Bytes written to a real terminal per cursor move in the list: the benchmark runs
/// the app (`AppRunner.run` over `NCursesTerminal`) on a 200×60 pseudo-terminal, types
/// ↓ into it as a terminal does, and counts the bytes of each frame by the marks
/// `MarkingTerminal` writes.
///
/// Three ways of pressing ↓, each starting from the top of the list:
/// - single presses: one ↓, then the terminal stays idle until the app waits for the
///   next key (so the preview has caught up); all the bytes in between;
/// - key repeat: `presses` ↓ sent `repeatIntervalMilliseconds` apart, as a held key
///   repeats; all the bytes until the app waits again, divided by the presses;
/// - single presses with the preview hidden (`v`).
enum TerminalMeasurement {
    static let presses = 20
    /// 30 repeats a second, a common key-repeat rate.
    static let repeatIntervalMilliseconds = 33
    /// ↓ as xterm sends it in keypad mode (`kcud1`), which curses turns on.
    static let down = Array("\u{1B}OB".utf8)

    struct Result {
        var firstFrameBytes = 0
        /// Bytes per single ↓, the preview's catch-up included.
        var press = Samples()
        /// The part of `press` drawn at once for the key (the list rows).
        var pressMoveFrame = Samples()
        /// Bytes per ↓ during key repeat (the whole burst ÷ `presses`).
        var repeatPerMove: Double = 0
        /// How many times the preview caught up during the burst (1 when no repeat came late).
        var repeatPreviewDraws = 0
        /// Bytes per single ↓ with the preview hidden.
        var pressHidden = Samples()
        /// "TERM=… (colorMode=…)".
        var terminal = ""
    }

    /// Nil and a reason when it cannot be measured.
    static func measure(storePath: String, term: String, colorTerm: String? = nil) -> (Result?, String) {
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = term
        environment["COLORTERM"] = colorTerm
        environment["NO_COLOR"] = nil
        environment["LC_ALL"] = "C.UTF-8"
        environment["LINES"] = nil
        environment["COLUMNS"] = nil
        do {
            let session = try PTYSession(arguments: ["--child-terminal", storePath], environment: environment,
                                         width: 200, height: 60)
            var result = try run(session)
            let (status, errors) = try session.finish()
            guard status == 0 else {
                return (nil, "terminal child exited \(status): \(errors.trimmingCharacters(in: .whitespacesAndNewlines))")
            }
            result.terminal = "TERM=\(term)" + (colorTerm.map { " COLORTERM=\($0)" } ?? "") + " (\(colorModeReported(errors)))"
            return (result, "")
        } catch {
            return (nil, "pseudo-terminal: \(error)")
        }
    }

    private static func run(_ session: PTYSession) throws -> Result {
        var result = Result()
        try session.read { $0.last?.mark == "waiting" }
        result.firstFrameBytes = session.pieces.reduce(0) { $0 + $1.bytes }

        for _ in 0..<presses {
            let frames = try settle(session, after: down)
            result.press.add(Double(frames.reduce(0) { $0 + $1.bytes }))
            result.pressMoveFrame.add(Double(frames.first { $0.mark == "draw:key" }?.bytes ?? 0))
        }

        _ = try settle(session, after: Array("g".utf8))
        let start = session.pieces.count
        for _ in 0..<presses {
            try session.send(down)
            try session.pump(milliseconds: repeatIntervalMilliseconds)
        }
        try session.read { pieces in
            let burst = pieces[start...]
            return burst.last?.mark == "waiting" && burst.filter { $0.mark == "draw:key" }.count >= presses
        }
        let burst = session.pieces[start...]
        result.repeatPerMove = Double(burst.reduce(0) { $0 + $1.bytes }) / Double(presses)
        result.repeatPreviewDraws = burst.filter { $0.mark == "draw:idle" }.count

        _ = try settle(session, after: Array("g".utf8))
        _ = try settle(session, after: Array("v".utf8))
        for _ in 0..<presses {
            let frames = try settle(session, after: down)
            result.pressHidden.add(Double(frames.reduce(0) { $0 + $1.bytes }))
        }
        try session.send(Array("q".utf8))
        return result
    }

    /// Types `key`, then reads until the app waits for the next key; the pieces in between.
    private static func settle(_ session: PTYSession, after key: [UInt8]) throws -> ArraySlice<PTYSession.Piece> {
        let start = session.pieces.count
        try session.send(key)
        try session.read { $0.count > start && $0.last?.mark == "waiting" }
        return session.pieces[start...]
    }

    /// The child's "ok colorMode=…" line, shortened to "colorMode=…".
    static func colorModeReported(_ text: String) -> String {
        guard let range = text.range(of: "colorMode=") else { return "color mode unknown" }
        return String(text[range.lowerBound...].prefix { !$0.isNewline })
    }
}
