import NotesTerminal

/// A status message shown whole (`M`, PRODUCT §5: "a message longer than the line can
/// be read whole"): wrapped in a box over the screen, the path of kept text, git's
/// error or a conflict's note readable to the end. When it is taller than the box,
/// `j`/`k`, arrows, `PgUp`/`PgDn`, `g`/`G` scroll it; any other key closes it.
public enum MessageOverlay {
    /// Whether `message` is cut on a status line `width` columns wide (it then ends in
    /// `…` and the `M` hint).
    public static func isCut(_ message: AppState.Message, width: Int) -> Bool {
        DisplayWidth.of(message.text) > width
    }

    /// The status line of a message: whole when it fits, else cut with `…` and what `M` does.
    public static func statusText(_ message: AppState.Message, width: Int) -> (text: String, hint: String?) {
        guard isCut(message, width: width) else { return (message.text, nil) }
        let hint = KeyMap.wholeMessage.footer ?? ""
        let room = width - DisplayWidth.of(hint) - 2
        guard room >= 10 else { return (DisplayWidth.truncate(message.text, to: width), nil) }
        return (DisplayWidth.truncate(message.text, to: room), hint)
    }

    /// The box the message is drawn in: the whole screen but a margin and the status line.
    static func box(_ size: TerminalSize) -> Rect {
        let area = Layout.dialogArea(size)
        let width = min(area.width, 100)
        return Rect(x: (area.width - width) / 2, y: min(1, area.height / 8), width: width,
                    height: max(0, area.height - 2 * min(1, area.height / 8)))
    }

    /// The message's lines at the box's width.
    static func lines(_ message: AppState.Message, size: TerminalSize) -> [String] {
        TextWrap.lines(message.text, width: max(1, box(size).width - 4))
    }

    /// The rows of text the box shows (its height less the borders and the key line).
    static func rows(_ size: TerminalSize) -> Int { max(1, box(size).height - 3) }

    public static func draw(_ state: AppState, into buffer: inout ScreenBuffer) {
        guard let (message, scroll) = state.wholeMessage else { return }
        let box = box(buffer.size)
        guard box.width >= 8, box.height >= 4 else { return }
        buffer.fill(box)
        buffer.box(box, title: message.isError ? "Error" : "Message", style: Theme.border)
        let lines = lines(message, size: buffer.size), rows = rows(buffer.size)
        let top = clamped(scroll, lines: lines.count, rows: rows)
        for (row, line) in lines.dropFirst(top).prefix(rows).enumerated() {
            buffer.write(line, x: box.x + 2, y: box.y + 1 + row, style: message.isError ? Theme.error : .plain,
                         limit: box.width - 4)
        }
        let footer = lines.count > rows
            ? "\(top + 1)–\(min(lines.count, top + rows)) of \(lines.count)  j/k scroll  any other key closes"
            : "any key closes"
        buffer.write(DisplayWidth.truncate(footer, to: box.width - 4), x: box.x + 2, y: box.maxY - 2,
                     style: Theme.secondary, limit: box.width - 4)
    }

    /// A key while the message is open: scrolling keys scroll (when it is taller than the box), any other closes.
    public static func handle(_ key: Key, _ state: inout AppState) {
        guard case .message(let message, let scroll, let over) = state.modal else { return }
        let count = lines(message, size: state.size).count, rows = rows(state.size)
        guard count > rows else {
            state.modal = over
            return
        }
        var next = scroll
        switch key {
        case .down, .character("j"): next += 1
        case .up, .character("k"): next -= 1
        case .pageDown, .character(" "): next += max(1, rows - 1)
        case .pageUp: next -= max(1, rows - 1)
        case .home, .character("g"): next = 0
        case .end, .character("G"): next = count
        default:
            state.modal = over
            return
        }
        state.modal = .message(message, scroll: clamped(next, lines: count, rows: rows), over: over)
    }

    static func clamped(_ scroll: Int, lines: Int, rows: Int) -> Int {
        max(0, min(scroll, lines - rows))
    }
}
