/// How the terminal layer can write one grapheme cluster.
///
/// curses keeps a cell as one spacing character followed by at most `CCHARW_MAX - 1`
/// zero-width ones, and takes its width from `wcwidth` of the first: it cuts a flag, a
/// skin-tone or ZWJ sequence after the first emoji, and takes `✈️` for one column. Such
/// clusters are written by the terminal layer itself, over blank cells curses keeps
/// in their place.
enum TerminalGlyph {
    /// Whether curses holds `text` whole in one cell, `DisplayWidth` columns wide.
    static func fitsOneCursesCell(_ text: String, scalarLimit: Int) -> Bool {
        let scalars = text.unicodeScalars
        guard let first = scalars.first else { return true }
        if first.isASCII && scalars.count == 1 { return true }
        var count = 0
        for scalar in scalars {
            count += 1
            if count > 1 && DisplayWidth.scalarWidth(scalar) != 0 { return false }
        }
        guard count <= scalarLimit else { return false }
        return DisplayWidth.of(text) == max(0, DisplayWidth.scalarWidth(first))
    }

    /// The most columns a terminal may move on for `text`: one that knows no emoji
    /// sequences draws each of their emoji apart (the sum of `wcwidth`), one that
    /// knows them draws `DisplayWidth`.
    static func widestAdvance(_ text: String) -> Int {
        let apart = text.unicodeScalars.reduce(0) { $0 + max(0, DisplayWidth.scalarWidth($1)) }
        return max(apart, DisplayWidth.of(text))
    }
}
