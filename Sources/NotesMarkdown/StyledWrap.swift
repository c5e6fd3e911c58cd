/// Breaks styled runs into lines of at most `width` columns: at spaces, and inside a word
/// only when the word alone is wider than a line; never inside a grapheme cluster. A run
/// of "\n" ends a line. Tabs advance to the next multiple of the tab width.
struct StyledWrap {
    let width: Int
    let widthOf: (Character) -> Int
    let tabWidth: Int
    /// Whether spaces at the start of a line are kept (code), not dropped (prose).
    let keepsLeadingSpaces: Bool

    private struct Atom {
        let character: Character
        let columns: Int
        let run: Int
        /// Whether a line may break at this space (not inside a placeholder).
        var breaks = true
    }

    func lines(_ runs: [MarkdownRun]) -> [[MarkdownRun]] {
        var state = State(width: max(width, 1), keepsLeadingSpaces: keepsLeadingSpaces)
        for (index, run) in runs.enumerated() {
            if run.text == "\n" {
                state.breakLine()
                continue
            }
            for character in run.text {
                if character == "\t" {
                    let columns = tabWidth - state.column % max(tabWidth, 1)
                    for _ in 0..<max(columns, 1) { state.add(Atom(character: " ", columns: 1, run: index)) }
                } else if character == "\n" || character == "\r\n" || character == "\r" {
                    state.add(Atom(character: " ", columns: 1, run: index))
                } else {
                    var atom = Atom(character: character, columns: max(widthOf(character), 0), run: index)
                    atom.breaks = !Self.isPlaceholder(run)
                    state.add(atom)
                }
            }
        }
        state.finish()
        return state.lines.map { group($0, runs) }
    }

    /// Whether a run is an `[image: …]` or `[embed: …]` placeholder, kept on one line when it fits.
    private static func isPlaceholder(_ run: MarkdownRun) -> Bool {
        run.styles.contains { style in
            switch style {
            case .image, .embed: true
            default: false
            }
        }
    }

    /// Atoms back into runs: consecutive atoms of runs with equal styles share a run.
    private func group(_ atoms: [Atom], _ runs: [MarkdownRun]) -> [MarkdownRun] {
        var result: [MarkdownRun] = []
        for atom in atoms {
            let styles = runs[atom.run].styles
            if let last = result.last, last.styles == styles {
                result[result.count - 1].text.append(atom.character)
            } else {
                result.append(MarkdownRun(String(atom.character), styles))
            }
        }
        return result
    }

    /// The line being filled, the spaces before the word being read, and the word.
    private struct State {
        let width: Int
        let keepsLeadingSpaces: Bool
        var lines: [[Atom]] = []
        var line: [Atom] = []
        var lineWidth = 0
        var spaces: [Atom] = []
        var word: [Atom] = []
        var wordWidth = 0
        var atLineStart = true

        init(width: Int, keepsLeadingSpaces: Bool) {
            self.width = width
            self.keepsLeadingSpaces = keepsLeadingSpaces
        }

        /// The column the next character would take on the line (for tab stops).
        var column: Int { lineWidth + spaces.count + wordWidth }

        mutating func add(_ atom: Atom) {
            if atom.character == " ", atom.breaks {
                placeWord()
                spaces.append(atom)
                return
            }
            if wordWidth + atom.columns > width, !word.isEmpty {
                placeWord()
                emitLine()
            }
            word.append(atom)
            wordWidth += atom.columns
        }

        mutating func breakLine() {
            placeWord()
            emitLine()
            spaces = []
            atLineStart = true
        }

        mutating func finish() {
            placeWord()
            if !line.isEmpty || lines.isEmpty { emitLine() }
        }

        private mutating func placeWord() {
            guard !word.isEmpty else { return }
            if lineWidth > 0, lineWidth + spaces.count + wordWidth > width {
                emitLine()
                spaces = []
            }
            let keepSpaces = lineWidth > 0 || (atLineStart && keepsLeadingSpaces && spaces.count + wordWidth <= width)
            if keepSpaces {
                line += spaces
                lineWidth += spaces.count
            }
            line += word
            lineWidth += wordWidth
            spaces = []
            word = []
            wordWidth = 0
            atLineStart = false
        }

        private mutating func emitLine() {
            lines.append(line)
            line = []
            lineWidth = 0
        }
    }
}
