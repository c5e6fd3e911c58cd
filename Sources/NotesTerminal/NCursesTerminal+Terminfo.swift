import CNCursesW
import Foundation

/// Terminfo entries read before the screen opens.
extension NCursesTerminal {
    /// What a terminfo entry says, read without opening a screen.
    struct EntryFacts {
        var colors: TerminfoColorFacts
        /// It has `cup` (cursor addressing) and is not a hardcopy terminal.
        var canAddressCursor: Bool
    }

    /// Reads the facts of a terminfo entry without opening a screen or writing anything;
    /// nil when there is no such entry.
    static func probe(_ name: String) -> EntryFacts? {
        var status: Int32 = 0
        guard setupterm(name, STDOUT_FILENO, &status) == OK else { return nil }
        let colors = TerminfoColorFacts(hasRGB: tigetflag("RGB") == 1, colors: Int(tigetnum("colors")))
        let cup = tigetstr("cup")
        let hasCup = cup != nil && Int(bitPattern: cup) != -1
        let facts = EntryFacts(colors: colors, canAddressCursor: hasCup && tigetflag("hc") != 1)
        if let loaded = set_curterm(nil) { del_curterm(loaded) }
        return facts
    }

    /// Runs `body` with `folder` searched first for terminfo entries (`TERMINFO_DIRS`, the
    /// system's folders after it), then puts the environment back, so that programs
    /// started later (`$EDITOR`) see the environment the user gave.
    static func withTerminfoFolder<T>(_ folder: String?, _ body: () -> T) -> T {
        guard let folder else { return body() }
        let previous = getenv("TERMINFO_DIRS").map { String(cString: $0) }
        setenv("TERMINFO_DIRS", folder + ":" + (previous ?? ""), 1)
        defer {
            if let previous { setenv("TERMINFO_DIRS", previous, 1) } else { unsetenv("TERMINFO_DIRS") }
        }
        return body()
    }
}
