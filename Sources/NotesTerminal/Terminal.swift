
/// A terminal the app draws on and reads keys from. `NCursesTerminal` is the real
/// one; `MemoryTerminal` keeps the last drawn buffer and a queue of events, for tests.
public protocol Terminal: AnyObject {
    /// Columns and rows.
    var size: TerminalSize { get }
    /// What colors this terminal can show (24-bit, 256, 16, 8, none).
    var colorMode: ColorMode { get }
    /// Makes the screen show `buffer`, writing only what changed since the last draw.
    func draw(_ buffer: ScreenBuffer)
    /// Waits for the next key or resize. Nil when input has ended. With `idleAfter`,
    /// waits at most that many milliseconds and returns `.idle` if nothing came.
    func nextEvent(idleAfter milliseconds: Int?) -> InputEvent?
    /// Gives the terminal back to the shell (for `$EDITOR`, `Ctrl-Z`); `resume` takes it again.
    func suspend()
    func resume()
    /// `Ctrl-Z`: gives the terminal back and stops the process until the shell's `fg`
    /// (a default implementation exists for in-memory terminals).
    func suspendToShell()
}

/// Columns and rows of a terminal or a buffer.
public struct TerminalSize: Hashable, Sendable {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

/// How many colors the terminal can show, best first. `NO_COLOR` gives `.monochrome`.
public enum ColorMode: Int, Comparable, Sendable, CaseIterable {
    case monochrome = 0
    case ansi8 = 8
    case ansi16 = 16
    case palette256 = 256
    case trueColor = 16_777_216

    public static func < (lhs: ColorMode, rhs: ColorMode) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Something that happened at the terminal.
public enum InputEvent: Hashable, Sendable {
    case key(Key)
    case resize(TerminalSize)
    /// A click, a release or a wheel step (SGR mouse reporting, when it is on).
    case mouse(MouseEvent)
    /// No key came within the wait the app asked for (`nextEvent(idleAfter:)`).
    case idle
}

/// A key press, decoded.
public enum Key: Hashable, Sendable {
    case character(Character)
    /// Ctrl plus a letter, lowercase (`Ctrl-Z` is `.control("z")`).
    case control(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, escape, tab, backTab, backspace, delete
    case function(Int)
    /// Alt (Meta) with another key: the terminal sent ESC and that key at once
    /// (`Alt-Backspace` is `.alt(.backspace)`, `Alt-b` is `.alt(.character("b"))`).
    indirect case alt(Key)
    /// A bracketed paste: everything between `ESC[200~` and `ESC[201~`, exactly as
    /// the terminal sent it (line breaks included). Only text fields take it; it never
    /// runs as keys.
    case paste(String)
}

extension Terminal {
    /// Waits, without a time limit, for the next key or resize. Nil when input has ended.
    public func nextEvent() -> InputEvent? {
        nextEvent(idleAfter: nil)
    }

    /// `Ctrl-Z`: give the terminal back and stop the process until the shell's `fg`.
    /// In raw mode `Ctrl-Z` arrives as `.control("z")`; the app calls this.
    /// `NCursesTerminal` really stops; this default (for in-memory terminals) only
    /// suspends and resumes.
    public func suspendToShell() {
        suspend()
        resume()
    }
}
