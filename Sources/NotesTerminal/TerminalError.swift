import Foundation

/// Why the terminal could not be opened.
public enum TerminalError: Error, Equatable, CustomStringConvertible {
    /// Standard input or output is not a terminal.
    case notATerminal
    /// `TERM` is unset or empty.
    case noTerminalType
    /// ncurses has no terminfo entry for this `TERM`.
    case unknownTerminal(String)
    /// The terminal cannot move the cursor (`dumb`, or no `cup` in terminfo).
    case cannotAddressCursor(String)

    public var description: String {
        switch self {
        case .notATerminal:
            return "the full-screen UI needs a terminal on standard input and output"
        case .noTerminalType:
            return "TERM is not set, so the terminal type is unknown "
                + "(set it, for example TERM=xterm-256color; the command-line commands work without it)"
        case .unknownTerminal(let term):
            return "unknown terminal type '\(term)' (no terminfo entry; try TERM=xterm-256color)"
        case .cannotAddressCursor(let term):
            return "the terminal type '\(term)' cannot move the cursor, which the full-screen UI needs "
                + "(use a terminal such as TERM=xterm-256color; the command-line commands work on any terminal)"
        }
    }
}
