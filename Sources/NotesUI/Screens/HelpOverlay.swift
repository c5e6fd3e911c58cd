import NotesTerminal

/// The `?` help: the keys of the screen the user is on (`KeyHelp.sections(for:)`), in a
/// box over it. The keys flow into as many columns as the width allows before the box
/// is taller than the screen; each column's key names are as wide as its longest one,
/// and an action that does not fit ends in `…`, so entries never run into each other.
/// When even that is taller than the screen, one column scrolls: `j`/`k`, arrows,
/// `PgUp`/`PgDn`, `g`/`G`; any other key closes.
public enum HelpOverlay {
    /// Columns between two columns of keys.
    static let gap = 2
    /// The fewest columns an action keeps in a column.
    static let minimumActionWidth = 14

    /// One line of the help: a section title, a key and its action, or a blank.
    enum Line: Equatable {
        case title(String)
        case entry(key: String, action: String)
        /// The rest of the action above, wrapped under it.
        case more(String)
        case blank
    }

    /// Where the lines go: columns of lines, or one scrolling column.
    struct Layout: Equatable {
        var columns: [[Line]]
        var keyWidths: [Int]
        /// The width of each column (its widest line, or an equal share when they do not all fit).
        var columnWidths: [Int]
        /// The rows of keys the box shows.
        var rows: Int
        var scrolls: Bool
        var box: Rect
    }

    public static func draw(_ state: AppState, into buffer: inout ScreenBuffer) {
        let layout = layout(KeyHelp.sections(for: state), size: buffer.size)
        let box = layout.box
        guard box.width >= 8, box.height >= 4 else { return }
        buffer.box(box, title: "Keys", style: Theme.border)
        let scroll = layout.scrolls ? clampedScroll(state.helpScroll, layout) : 0
        var x = box.x + 2
        for (index, lines) in layout.columns.enumerated() {
            for (row, line) in lines.dropFirst(scroll).prefix(layout.rows).enumerated() {
                draw(line, keyWidth: layout.keyWidths[index], x: x, y: box.y + 1 + row, width: layout.columnWidths[index],
                     buffer: &buffer)
            }
            x += layout.columnWidths[index] + gap
        }
        let footer: String
        if layout.scrolls {
            let total = layout.columns.first?.count ?? 0
            let last = min(total, scroll + layout.rows)
            footer = "\(scroll + 1)–\(last) of \(total)  j/k scroll  any other key closes"
        } else {
            footer = "any key closes"
        }
        buffer.write(DisplayWidth.truncate(footer, to: box.width - 4), x: box.x + 2, y: box.maxY - 2,
                     style: Theme.secondary, limit: box.width - 4)
    }

    /// A key while the help is open: scrolling keys scroll (when it scrolls), any other closes.
    public static func handle(_ key: Key, _ state: inout AppState) {
        let layout = layout(KeyHelp.sections(for: state), size: state.size)
        guard layout.scrolls else { return close(&state) }
        let page = max(1, layout.rows - 1)
        var scroll = clampedScroll(state.helpScroll, layout)
        // The keys the config gave `down` and `up` scroll too (`j`, `k` and the arrows always do).
        let moved = state.settings.keyMaps.notes.action(for: key)
        switch key {
        case .down, .character("j"): scroll += 1
        case .up, .character("k"): scroll -= 1
        case _ where moved == .down: scroll += 1
        case _ where moved == .up: scroll -= 1
        case .pageDown, .character(" "): scroll += page
        case .pageUp: scroll -= page
        case .home, .character("g"): scroll = 0
        case .end, .character("G"): scroll = Int.max / 2
        default:
            return close(&state)
        }
        state.helpScroll = clampedScroll(scroll, layout)
    }

    private static func close(_ state: inout AppState) {
        state.showsHelp = false
        state.helpScroll = 0
    }

    static func clampedScroll(_ scroll: Int, _ layout: Layout) -> Int {
        let total = layout.columns.first?.count ?? 0
        return max(0, min(scroll, total - layout.rows))
    }

    /// The layout of `sections` on a screen of `size` (the last row is the status line).
    static func layout(_ sections: [KeyHelp.Section], size: TerminalSize) -> Layout {
        let area = Rect(x: 0, y: 0, width: size.width, height: max(0, size.height - 1))
        let maxBoxWidth = min(area.width, 100)
        let rows = max(1, area.height - 3)  // borders and the footer
        let inner = maxBoxWidth - 4
        for count in 1...3 {
            let share = (inner - (count - 1) * gap) / count
            let columns = flow(sections, rows: rows)
            guard columns.count <= count else { continue }
            let keyWidths = columns.map(keyWidth)
            // Narrower columns would leave even less room: scroll instead.
            guard keyWidths.allSatisfy({ share - 3 - $0 >= minimumActionWidth }) else { break }
            let natural = zip(columns, keyWidths).map { lines, keys in
                max(20, lines.map { width(of: $0, keyWidth: keys) }.max() ?? 0)
            }
            let fitsNaturally = natural.reduce(0, +) + (columns.count - 1) * gap <= inner
            let widths = fitsNaturally ? natural : fairWidths(natural, total: inner - (columns.count - 1) * gap)
            // Actions too long for their column wrap under themselves where the rows allow;
            // else they end in `…`.
            var shown = columns
            if !fitsNaturally {
                let wrapped = zip(columns, zip(keyWidths, widths)).map { wrap($0, keyWidth: $1.0, width: $1.1) }
                if !wrapped.contains(where: { $0.count > rows }) { shown = wrapped }
            }
            let boxWidth = widths.reduce(0, +) + (columns.count - 1) * gap + 4
            let height = (shown.map(\.count).max() ?? 0) + 3
            return Layout(columns: shown, keyWidths: keyWidths, columnWidths: widths, rows: height - 3,
                          scrolls: false, box: area.centered(width: boxWidth, height: height))
        }
        // Too tall for the screen in as many columns as leave room: one column scrolls.
        let lines = self.lines(of: sections)
        let keys = keyWidth(lines)
        let natural = lines.map { width(of: $0, keyWidth: keys) }.max() ?? 0
        let boxWidth = min(maxBoxWidth, max(30, natural + 4))
        let shown = min(rows, lines.count)
        return Layout(columns: [lines], keyWidths: [keys], columnWidths: [boxWidth - 4], rows: shown,
                      scrolls: lines.count > rows, box: area.centered(width: boxWidth, height: shown + 3))
    }

    /// Widths for columns that do not all fit at their natural widths in `total`: a column
    /// that needs no more than an even share gets what it needs, and the others share what
    /// is left evenly (so a narrow column never leaves room unused beside a cut one).
    static func fairWidths(_ natural: [Int], total: Int) -> [Int] {
        var widths = natural
        var remaining = total
        var open = Array(natural.indices)
        while !open.isEmpty {
            let share = remaining / open.count
            let needsLittle = open.filter { natural[$0] <= share }
            guard !needsLittle.isEmpty else {
                for (position, column) in open.enumerated() {
                    widths[column] = share + (position < remaining % open.count ? 1 : 0)
                }
                break
            }
            for column in needsLittle { remaining -= natural[column] }
            open.removeAll { needsLittle.contains($0) }
        }
        return widths
    }

    /// `lines` with each action wider than `width` broken at spaces into an entry and
    /// `more` lines under it (a single word too long stays whole, to end in `…`).
    static func wrap(_ lines: [Line], keyWidth: Int, width: Int) -> [Line] {
        let room = width - (2 + keyWidth + 1)
        guard room > 0 else { return lines }
        var result: [Line] = []
        for line in lines {
            guard case .entry(let key, let action) = line, DisplayWidth.of(action) > room else {
                result.append(line)
                continue
            }
            var pieces: [String] = []
            for word in action.split(separator: " ").map(String.init) {
                if let last = pieces.last, DisplayWidth.of(last) + 1 + DisplayWidth.of(word) <= room {
                    pieces[pieces.count - 1] = last + " " + word
                } else {
                    pieces.append(word)
                }
            }
            result.append(.entry(key: key, action: pieces.first ?? action))
            result += pieces.dropFirst().map(Line.more)
        }
        return result
    }

    /// The sections as lines, a blank line between two.
    static func lines(of sections: [KeyHelp.Section]) -> [Line] {
        var lines: [Line] = []
        for section in sections {
            if !lines.isEmpty { lines.append(.blank) }
            lines.append(.title(section.title))
            lines += section.keys.map { Line.entry(key: $0.key, action: $0.action) }
        }
        return lines
    }

    /// The sections in columns of at most `rows` lines, a section kept whole unless it
    /// alone is taller than a column.
    static func flow(_ sections: [KeyHelp.Section], rows: Int) -> [[Line]] {
        flow(sections.map { lines(of: [$0]) }, rows: rows)
    }

    /// `flow` of sections already made into lines (each a title and its entries).
    static func flow(_ sectionLines: [[Line]], rows: Int) -> [[Line]] {
        var result: [[Line]] = [[]]
        for sectionLines in sectionLines {
            let current = result[result.count - 1]
            let needed = (current.isEmpty ? 0 : 1) + sectionLines.count
            if !current.isEmpty, current.count + needed > rows { result.append([]) }
            for line in sectionLines {
                if result[result.count - 1].count >= rows { result.append([]) }
                if !result[result.count - 1].isEmpty, line == sectionLines.first { result[result.count - 1].append(.blank) }
                result[result.count - 1].append(line)
            }
        }
        return result
    }

    /// The widest key name among `lines`.
    static func keyWidth(_ lines: [Line]) -> Int {
        lines.map { line in
            if case .entry(let key, _) = line { return DisplayWidth.of(key) }
            return 0
        }.max() ?? 0
    }

    static func width(of line: Line, keyWidth: Int) -> Int {
        switch line {
        case .title(let title): DisplayWidth.of(title)
        case .entry(_, let action), .more(let action): 2 + keyWidth + 1 + DisplayWidth.of(action)
        case .blank: 0
        }
    }

    private static func draw(_ line: Line, keyWidth: Int, x: Int, y: Int, width: Int, buffer: inout ScreenBuffer) {
        switch line {
        case .title(let title):
            buffer.write(DisplayWidth.truncate(title, to: width), x: x, y: y, style: Theme.title, limit: width)
        case .entry(let key, let action):
            let text = "  " + DisplayWidth.fit(key, to: keyWidth) + " " + action
            buffer.write(DisplayWidth.truncate(text, to: width), x: x, y: y, limit: width)
        case .more(let action):
            let text = String(repeating: " ", count: 2 + keyWidth + 1) + action
            buffer.write(DisplayWidth.truncate(text, to: width), x: x, y: y, limit: width)
        case .blank:
            break
        }
    }
}
