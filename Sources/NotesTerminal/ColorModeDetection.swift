/// What terminfo says about the terminal's colors (read by `NCursesTerminal`).
public struct TerminfoColorFacts: Hashable, Sendable {
    /// The terminfo `RGB` flag: color numbers are packed 24-bit values.
    public var hasRGB: Bool
    /// `COLORS` (terminfo `colors`); 0 or less when the terminal has no colors.
    public var colors: Int

    public init(hasRGB: Bool, colors: Int) {
        self.hasRGB = hasRGB
        self.colors = colors
    }
}

/// Decides the `ColorMode` from terminfo facts and the environment; a pure function,
/// so every rule is unit-tested without a terminal.
///
/// Rules, first match wins:
/// 1. `NO_COLOR` set and non-empty → `.monochrome` (https://no-color.org).
/// 2. terminfo has `RGB` → `.trueColor`.
/// 3. `COLORS` ≥ 256 → `.palette256`; ≥ 16 → `.ansi16`; ≥ 8 → `.ansi8`; else `.monochrome`.
///
/// ncurses ignores `COLORTERM`. When it says `truecolor`/`24bit` but the terminfo entry
/// lacks `RGB` (and `NO_COLOR` is not set), `directCandidates` is not empty: `NCursesTerminal`
/// then opens the screen with a compiled `use=$TERM` + `RGB` entry (NotesCore's
/// `DirectColorTerminfo`), else with the first of these installed `-direct` entries: the
/// same terminal's (`xterm-256color` → `xterm-direct`), then `xterm-direct`. The facts it
/// then reads give `.trueColor` by rule 2.
public enum ColorModeDetection {
    /// The color mode for these facts and environment variables.
    public static func mode(terminfo: TerminfoColorFacts, environment: [String: String]) -> ColorMode {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .monochrome }
        if terminfo.hasRGB { return .trueColor }
        switch terminfo.colors {
        case 256...: return .palette256
        case 16..<256: return .ansi16
        case 8..<16: return .ansi8
        default: return .monochrome
        }
    }

    /// True when `COLORTERM` announces 24-bit color.
    public static func colortermSaysTrueColor(_ environment: [String: String]) -> Bool {
        guard let value = environment["COLORTERM"]?.lowercased() else { return false }
        return value == "truecolor" || value == "24bit"
    }

    /// The terminfo entries to try, in order, instead of `$TERM` (empty: use `$TERM` as it
    /// is): `-direct` entries when `COLORTERM` promises 24-bit color that terminfo does not
    /// declare, and colors are wanted at all.
    public static func directCandidates(terminfo: TerminfoColorFacts,
                                        environment: [String: String]) -> [String] {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return [] }
        guard !terminfo.hasRGB, colortermSaysTrueColor(environment),
              let term = environment["TERM"], let variant = directVariant(of: term) else { return [] }
        return variant == "xterm-direct" ? [variant] : [variant, "xterm-direct"]
    }

    /// `xterm-256color` → `xterm-direct`, `tmux-256color` → `tmux-direct`,
    /// `xterm` → `xterm-direct`; nil for a name that is already direct or empty.
    public static func directVariant(of term: String) -> String? {
        guard !term.isEmpty, !term.hasSuffix("-direct"), term != "dumb" else { return nil }
        var base = term
        for suffix in ["-256color", "-88color", "-16color", "-color"] where base.hasSuffix(suffix) {
            base.removeLast(suffix.count)
            break
        }
        return base.isEmpty ? nil : base + "-direct"
    }
}
