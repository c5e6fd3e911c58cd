import Foundation

/// Bytes written to a real terminal per cursor move in the list: the benchmark runs
/// itself on a 200×60 pseudo-terminal through `NCursesTerminal` and counts the
/// bytes between the marks the child writes after each draw.
enum TerminalMeasurement {
    struct Result {
        var perMove = Samples()
        var firstFrameBytes: Int
        var note: String
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
        let session: PTYSession
        do {
            session = try PTYSession.run(arguments: ["--child-terminal", storePath], environment: environment,
                                         width: 200, height: 60)
        } catch {
            return (nil, "pseudo-terminal: \(error)")
        }
        guard session.exitStatus == 0 else {
            return (nil, "terminal child exited \(session.exitStatus): \(session.childErrors.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        let moves = session.segments.dropFirst().prefix(TerminalChild.moves)
        guard session.segments.count >= TerminalChild.moves + 1 else {
            return (nil, "terminal child wrote \(session.segments.count - 1) marks, expected \(TerminalChild.moves)")
        }
        var result = Result(firstFrameBytes: session.segments[0].count,
                            note: "TERM=\(term)" + (colorTerm.map { " COLORTERM=\($0)" } ?? "")
                                + " (\(colorModeReported(session.childErrors)))"
                                + ", \(moves.count) ↓ presses through AppRunner on a 200×60 pty")
        for segment in moves { result.perMove.add(Double(segment.count)) }
        return (result, "")
    }

    /// The child's "ok colorMode=…" line, shortened to "colorMode=…".
    static func colorModeReported(_ text: String) -> String {
        guard let range = text.range(of: "colorMode=") else { return "color mode unknown" }
        return String(text[range.lowerBound...].prefix { !$0.isNewline })
    }
}
