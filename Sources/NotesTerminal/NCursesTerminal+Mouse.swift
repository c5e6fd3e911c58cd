import CNCursesW

extension NCursesTerminal {
    /// Our own key code for `ESC[<`, the start of an SGR mouse report, so curses hands it
    /// over as one key and leaves the rest to `InputAssembler`. A terminfo `kmous` of the
    /// same string is taken out first, so curses never reads the report itself.
    static func defineMouseStart() -> Int32 {
        let sequence = "\u{1B}[<", code: Int32 = 0x7E02
        if key_defined(sequence) != 0 { define_key(sequence, 0) }
        define_key(sequence, code)
        return code
    }

    /// Turns SGR mouse reporting on or off, and records it for the ways out.
    static func setMouseReporting(_ on: Bool) {
        notes_mouse_reporting(on ? 1 : 0)
        TerminalRestoration.mouseReportingIsOn = on
    }
}
