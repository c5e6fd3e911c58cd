import CNCursesW
import Foundation
import NotesColor

/// The real terminal, over ncursesw: the only type in the project that talks to curses.
///
/// Opening it puts the terminal in raw mode on the alternate screen; `close()` (or
/// `deinit`, or exit, or a signal: see `TerminalRestoration`) gives it back as it was.
/// Only one may be open at a time: curses has one current screen.
public final class NCursesTerminal: Terminal {
    public let colorMode: ColorMode
    /// The terminfo entry in use (`$TERM`, or its `-direct` variant; see `ColorModeDetection`).
    public let terminfoName: String

    var screen: OpaquePointer?
    private var previous: ScreenBuffer?
    var needsFullRedraw = true
    private var pairs: ColorPairTable
    private var colorNumbers: [RGB8: Int32] = [:]
    /// Clusters curses cannot hold (see `TerminalGlyph`), written by `ClusterOverlays`.
    var overlays = ClusterOverlays()
    var pendingEvents: [InputEvent] = []
    var input: InputAssembler
    /// Whether the terminal's cursor is shown now (`curs_set`), so it is switched only on a change.
    private var cursorShown = false
    /// Whether clicks and the wheel are reported (SGR mouse mode) while the app has the terminal.
    let reportsMouse: Bool

    /// Opens the terminal named by `environment["TERM"]`, deciding colors from terminfo
    /// and `environment` (`COLORTERM`, `NO_COLOR`).
    ///
    /// `directColorEntry` makes a terminfo entry with 24-bit color for a `TERM` whose own
    /// entry lacks it (NotesCore's `DirectColorTerminfo`; file work stays out of this
    /// layer); it is asked only when `COLORTERM` promises 24-bit color. Without it, or
    /// when it returns nil, an installed `-direct` entry is used if there is one.
    /// Nothing is written to the terminal before every check has passed. `mouse`: whether
    /// clicks and the wheel are reported (turned off again on every way out, like bracketed paste).
    public init(environment: [String: String] = ProcessInfo.processInfo.environment,
                directColorEntry: ((String) -> CompiledTerminfoEntry?)? = nil, mouse: Bool = true) throws {
        reportsMouse = mouse
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw TerminalError.notATerminal
        }
        setlocale(LC_ALL, "")
        guard let term = environment["TERM"], !term.isEmpty else { throw TerminalError.noTerminalType }
        guard let facts = NCursesTerminal.probe(term) else { throw TerminalError.unknownTerminal(term) }
        guard facts.canAddressCursor else { throw TerminalError.cannotAddressCursor(term) }
        var chosen = term
        var extraFolder: String?
        let candidates = ColorModeDetection.directCandidates(terminfo: facts.colors, environment: environment)
        if !candidates.isEmpty {
            if let entry = directColorEntry?(term),
               NCursesTerminal.withTerminfoFolder(entry.folderPath, { NCursesTerminal.probe(entry.name)?.colors.hasRGB == true }) {
                chosen = entry.name
                extraFolder = entry.folderPath
            } else if let direct = candidates.first(where: { NCursesTerminal.probe($0)?.colors.hasRGB == true }) {
                chosen = direct
            }
        }
        TerminalRestoration.installSignalHandlers()
        TerminalRestoration.saveModes()
        let name = chosen
        guard let opened = NCursesTerminal.withTerminfoFolder(extraFolder, { newterm(name, notes_stdout(), notes_stdin()) }) else {
            throw TerminalError.unknownTerminal(chosen)
        }
        screen = opened
        TerminalRestoration.prepareResetBytes()
        TerminalRestoration.screenIsActive = true
        terminfoName = chosen

        raw()
        noecho()
        nonl()
        keypad(notes_stdscr(), true)
        // Inserting or deleting characters would move clusters written past curses.
        idcok(notes_stdscr(), false)
        set_escdelay(25)
        NCursesTerminal.defineCommonKeySequences()
        let paste = NCursesTerminal.definePasteMarkers()
        curs_set(0)
        var colors: Int32 = 0
        if has_colors() {
            start_color()
            use_default_colors()
            colors = notes_colors()
        }
        let openedFacts = TerminfoColorFacts(hasRGB: tigetflag("RGB") == 1, colors: Int(colors))
        colorMode = ColorModeDetection.mode(terminfo: openedFacts, environment: environment)
        pairs = ColorPairTable(capacity: Int(max(0, notes_color_pairs() - 1)))
        input = InputAssembler(decoder: NCursesTerminal.makeDecoder(), pasteStartCode: paste.start,
                               pasteEndCode: paste.end, mouseStartCode: NCursesTerminal.defineMouseStart())
        notes_bracketed_paste(1)
        TerminalRestoration.bracketedPasteIsOn = true
        if mouse { NCursesTerminal.setMouseReporting(true) }
    }

    deinit { close() }

    /// Gives the terminal back (leaves the alternate screen, restores the shell's tty
    /// modes). Safe to call more than once; the object is unusable afterwards.
    public func close() {
        guard let opened = screen else { return }
        if !TerminalRestoration.hasAlternateScreen {
            // No alternate screen (`TERM=linux`): the last frame would stay on screen.
            wclear(notes_stdscr())
            wrefresh(notes_stdscr())
        }
        endwin()
        NCursesTerminal.turnOffBracketedPaste()
        NCursesTerminal.setMouseReporting(false)
        delscreen(opened)
        screen = nil
        TerminalRestoration.screenIsActive = false
    }

    public var size: TerminalSize {
        TerminalSize(width: Int(notes_cols()), height: Int(notes_lines()))
    }

    // MARK: Drawing

    public func draw(_ buffer: ScreenBuffer) {
        guard screen != nil else { return }
        let full = needsFullRedraw || previous?.size != buffer.size
        if full { overlays.removeAll() }
        if !write(buffer, full: full) {
            // Out of color pairs: renumber from scratch and repaint every cell, so no
            // cell on screen keeps a pair that now means other colors. A frame needing
            // more pairs than the terminal has shows the rest in default colors.
            pairs.reset()
            overlays.removeAll()
            _ = write(buffer, full: true, fallBackToDefaultColors: true)
        }
        markReplacedOverlaysForRepaint()
        placeCursor(buffer.cursor)
        wnoutrefresh(notes_stdscr())
        doupdate()
        writePendingOverlays(buffer)
        previous = buffer
        needsFullRedraw = false
    }

    /// Shows the terminal's cursor at `position` (a text field's insertion point), or hides it.
    private func placeCursor(_ position: CursorPosition?) {
        guard let position, position.x >= 0, position.y >= 0,
              position.x < Int(notes_cols()), position.y < Int(notes_lines()) else {
            if cursorShown { curs_set(0) }
            cursorShown = false
            return
        }
        wmove(notes_stdscr(), Int32(position.y), Int32(position.x))
        if !cursorShown { curs_set(1) }
        cursorShown = true
    }

    /// Writes the cells that differ from the last frame (all of them when `full`), as
    /// `FrameDiff` says. False when the pair table ran out part way (never with
    /// `fallBackToDefaultColors`).
    private func write(_ buffer: ScreenBuffer, full: Bool, fallBackToDefaultColors: Bool = false) -> Bool {
        if full { werase(notes_stdscr()) }
        let writes = FrameDiff.writes(from: full ? nil : previous, to: buffer,
                                      width: Int(notes_cols()), height: Int(notes_lines()))
        for write in writes {
            switch write {
            case .cell(let x, let y):
                guard put(buffer[x, y], x: x, y: y, fallBack: fallBackToDefaultColors) else { return false }
            case .covered(let x, let y):
                // The right half of a wide character curses draws: a cluster drawn here
                // before must not be written again over it.
                overlays.replace(at: x, y: y, with: nil)
            }
        }
        return true
    }

    /// Writes one cell at (x, y): its grapheme as a base character plus combining marks,
    /// or, for a cluster curses cannot hold, blank cells that `ClusterOverlays` writes over.
    /// False when no color pair is left for its colors, unless `fallBack` (then default colors).
    private func put(_ cell: Cell, x: Int, y: Int, fallBack: Bool) -> Bool {
        guard let (attributes, pair) = look(of: cell.style, fallBack: fallBack) else { return false }
        if TerminalGlyph.fitsOneCursesCell(cell.text, scalarLimit: Int(CCHARW_MAX)) {
            overlays.replace(at: x, y: y, with: nil)
            putCharacters(NCursesTerminal.wideCharacters(cell.text), x: x, y: y, attributes: attributes, pair: pair)
            return true
        }
        let width = max(1, DisplayWidth.of(cell.text))
        for column in x..<min(x + width, Int(notes_cols())) {
            putCharacters([wchar_t(bitPattern: 0x20), 0], x: column, y: y, attributes: attributes, pair: pair)
        }
        overlays.replace(at: x, y: y, with: ClusterOverlays.Overlay(text: cell.text, width: width,
                                                                    attributes: attributes, pair: pair))
        return true
    }

    private func putCharacters(_ characters: [wchar_t], x: Int, y: Int, attributes: attr_t, pair: Int32) {
        var characters = characters
        var pair = pair
        var complex = cchar_t()
        setcchar(&complex, &characters, attributes, 0, &pair)
        mvwadd_wch(notes_stdscr(), Int32(y), Int32(x), &complex)
    }

    /// The curses attributes and color pair of `style`; nil when no pair is left, unless
    /// `fallBack` (then pair 0, default colors).
    func look(of style: CellStyle, fallBack: Bool) -> (attr_t, Int32)? {
        var pair: Int32 = 0
        if colorMode != .monochrome {
            let colors = ColorPairTable.Colors(foreground: number(for: style.foreground),
                                               background: number(for: style.background))
            switch pairs.pair(for: colors) {
            case .existing(let number):
                pair = number
            case .new(let number):
                init_extended_pair(number, colors.foreground, colors.background)
                pair = number
            case .full:
                guard fallBack else { return nil }
                pair = 0
            }
        }
        var attributes = notes_a_normal()
        if style.bold { attributes |= notes_a_bold() }
        if style.dim { attributes |= notes_a_dim() }
        if style.reverse { attributes |= notes_a_reverse() }
        if style.underline { attributes |= notes_a_underline() }
        return (attributes, pair)
    }

    private func number(for color: RGB8?) -> Int32 {
        guard let color else { return TerminalColor.terminalDefault }
        if let known = colorNumbers[color] { return known }
        let mapped = TerminalColor.number(for: color, mode: colorMode)
        colorNumbers[color] = mapped
        return mapped
    }

    /// A grapheme as at most `CCHARW_MAX` wide characters, zero-terminated; control
    /// characters (which curses would print as `^X`, two columns) become a space.
    static func wideCharacters(_ text: String) -> [wchar_t] {
        var scalars = Array(text.unicodeScalars.prefix(Int(CCHARW_MAX)))
        if let first = scalars.first, first.value < 0x20 || (0x7F..<0xA0).contains(first.value) {
            scalars[0] = " "
        }
        if scalars.isEmpty { scalars = [" "] }
        return scalars.map { wchar_t(bitPattern: $0.value) } + [0]
    }

    // MARK: Suspending

    /// Gives the terminal to another program (`$EDITOR`). Until `resume()`, `SIGINT`
    /// is left to that program: Ctrl-C reaches the whole foreground process group,
    /// and it must not end the notes behind the editor.
    public func suspend() {
        guard screen != nil else { return }
        TerminalRestoration.ignoresInterrupt = true
        endwin()  // shows the cursor; the next frame after resume puts back what it should be
        NCursesTerminal.turnOffBracketedPaste()
        NCursesTerminal.setMouseReporting(false)
    }

    public func resume() {
        guard screen != nil else { return }
        TerminalRestoration.ignoresInterrupt = false
        var window = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0, window.ws_col > 0,
           Int32(window.ws_row) != notes_lines() || Int32(window.ws_col) != notes_cols() {
            // Resized while we were away: curses did not see the SIGWINCH.
            resizeterm(Int32(window.ws_row), Int32(window.ws_col))
            pendingEvents.append(.resize(size))
        }
        notes_bracketed_paste(1)
        TerminalRestoration.bracketedPasteIsOn = true
        if reportsMouse { NCursesTerminal.setMouseReporting(true) }
        clearok(notes_curscr(), true)
        needsFullRedraw = true
        wrefresh(notes_stdscr())
    }

    /// `Ctrl-Z`: gives the terminal back, stops the process as the shell's job control
    /// expects, and takes the terminal again when the shell continues it (`fg`).
    /// In raw mode `Ctrl-Z` arrives as `.control("z")`; the app calls this.
    public func suspendToShell() {
        suspend()
        let previousHandler = signal(SIGTSTP, notes_sig_dfl())
        raise(SIGTSTP)
        signal(SIGTSTP, previousHandler)
        resume()
    }
}
