import CNCursesW
import Foundation

/// Keys, pastes, the mouse and resizes as curses reads them, and the key sequences defined
/// for curses when the terminal opens.
extension NCursesTerminal {
    public func nextEvent(idleAfter milliseconds: Int?) -> InputEvent? {
        if !pendingEvents.isEmpty { return pendingEvents.removeFirst() }
        guard screen != nil else { return nil }
        var interruptions = 0
        while true {
            let wait = input.wait
            switch wait {
            case .asAsked:
                // A negative delay makes the read wait as long as it takes.
                wtimeout(notes_stdscr(), Int32(clamping: milliseconds.map { max(0, $0) } ?? -1))
            case .noWait:
                wtimeout(notes_stdscr(), 0)
            case .untilPasteEnds:
                wtimeout(notes_stdscr(), Int32(InputAssembler.pasteSilenceMilliseconds))
            case .untilMouseEnds:
                wtimeout(notes_stdscr(), Int32(InputAssembler.mouseSilenceMilliseconds))
            }
            var code: wint_t = 0
            let result = wget_wch(notes_stdscr(), &code)
            let read: RawInput
            if result == KEY_CODE_YES {
                read = .keyCode(Int32(bitPattern: code))
            } else if result == OK {
                read = .character(UInt32(code))
            } else if wait != .asAsked {
                // Nothing more came: a lone Esc, or a paste whose end did not arrive.
                read = .nothing
            } else if milliseconds != nil {
                // ERR with a time limit: nothing came in time (a signal that cut the wait
                // short counts too). Should input have ended, the next unlimited read says so.
                return .idle
            } else {
                // ERR: a signal interrupted the read (retry), or input has ended.
                interruptions += 1
                if notes_errno() == EINTR && interruptions < 1000 { continue }
                return nil
            }
            var events = input.feed(read, size: size, time: ProcessInfo.processInfo.systemUptime)
            guard !events.isEmpty else { continue }
            if events.contains(where: { if case .resize = $0 { true } else { false } }) { needsFullRedraw = true }
            if events.contains(.key(.control("l"))) {
                // Ctrl-L, everywhere: the next frame repaints every cell, whatever the
                // terminal shows now (another program wrote over it, a lost byte).
                clearok(notes_curscr(), true)
                needsFullRedraw = true
            }
            let first = events.removeFirst()
            pendingEvents += events
            return first
        }
    }

    /// Key codes of our own for the bracketed-paste markers `ESC[200~` and `ESC[201~`,
    /// so curses hands each over as one key (the codes of an existing definition if any).
    static func definePasteMarkers() -> (start: Int32, end: Int32) {
        let markers: [(String, Int32)] = [("\u{1B}[200~", 0x7E00), ("\u{1B}[201~", 0x7E01)]
        let codes = markers.map { sequence, code -> Int32 in
            let existing = key_defined(sequence)
            if existing > 0 { return existing }
            define_key(sequence, code)
            return code
        }
        return (codes[0], codes[1])
    }

    static func turnOffBracketedPaste() {
        notes_bracketed_paste(0)
        TerminalRestoration.bracketedPasteIsOn = false
    }

    /// Home/End as tmux, screen, rxvt and the Linux console send them, which some
    /// terminfo entries (xterm's, used inside tmux) do not list; and the arrows in both
    /// cursor-key modes: terminfo lists only the application mode's `ESC O A`, but a
    /// terminal sends `ESC [ A` whenever that mode is off (another program, an editor or
    /// the shell, turned it off and the terminal had not yet read our `smkx`).
    static func defineCommonKeySequences() {
        let sequences: [(String, Int32)] = [
            ("\u{1B}[A", KEY_UP), ("\u{1B}[B", KEY_DOWN), ("\u{1B}[C", KEY_RIGHT), ("\u{1B}[D", KEY_LEFT),
            ("\u{1B}OA", KEY_UP), ("\u{1B}OB", KEY_DOWN), ("\u{1B}OC", KEY_RIGHT), ("\u{1B}OD", KEY_LEFT),
            ("\u{1B}[1~", KEY_HOME), ("\u{1B}[7~", KEY_HOME), ("\u{1B}[H", KEY_HOME), ("\u{1B}OH", KEY_HOME),
            ("\u{1B}[4~", KEY_END), ("\u{1B}[8~", KEY_END), ("\u{1B}[F", KEY_END), ("\u{1B}OF", KEY_END),
        ]
        for (sequence, key) in sequences where key_defined(sequence) == 0 {
            define_key(sequence, key)
        }
    }

    static func makeDecoder() -> KeyDecoder {
        let codes: [Int32: Key] = [
            KEY_UP: .up, KEY_DOWN: .down, KEY_LEFT: .left, KEY_RIGHT: .right,
            KEY_PPAGE: .pageUp, KEY_NPAGE: .pageDown, KEY_HOME: .home, KEY_END: .end,
            KEY_A1: .home, KEY_C1: .end, KEY_A3: .pageUp, KEY_C3: .pageDown, KEY_LL: .end,
            KEY_ENTER: .enter, KEY_BTAB: .backTab, KEY_BACKSPACE: .backspace, KEY_DC: .delete,
        ]
        return KeyDecoder(keyCodes: codes, functionKeyBase: notes_key_f0(), resizeCode: KEY_RESIZE)
    }
}
