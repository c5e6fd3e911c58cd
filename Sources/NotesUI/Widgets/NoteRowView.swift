import NotesColor
import NotesModel
import NotesTerminal

/// One row of the note list: a two-column strip in the category's color, the title,
/// the tags and the date. In monochrome the strip shows the category's marker instead.
/// A journal, reference or checklist note shows its kind's letter (`J`, `R`, `C`), dim,
/// before its title.
public struct NoteRowView {
    public var title: String
    public var date: String
    public var tags: [String]
    /// The category's color; nil for an uncategorized note (no strip).
    public var color: RGB8?
    /// The category's marker letter, drawn in the strip in monochrome, and with 8 or 16
    /// colors when categories share a color (`NotesSnapshot.marker(for:in:)`).
    public var marker: Character?
    public var isSelected: Bool
    /// A pinned note's title is drawn after `* ` (as `notes list` shows it).
    public var isPinned: Bool
    /// The folded patterns of the filter's words (`SearchQuery.textPatterns`), highlighted in the title and tags.
    public var highlights: [[UInt8]]
    /// The folded starts of the filter's `#tag` terms (`SearchQuery.tagPrefixes`), highlighted in the tags.
    public var tagPrefixes: [[UInt8]]
    /// The note's kind: every kind but `note` shows its letter (`NoteKind.letter`).
    public var kind: NoteKind

    public init(title: String, date: String, tags: [String], color: RGB8?, marker: Character?, isSelected: Bool,
                isPinned: Bool = false, highlights: [[UInt8]] = [], tagPrefixes: [[UInt8]] = [], kind: NoteKind = .note) {
        self.kind = kind
        self.isPinned = isPinned
        self.highlights = highlights
        self.tagPrefixes = tagPrefixes
        self.title = title
        self.date = date
        self.tags = tags
        self.color = color
        self.marker = marker
        self.isSelected = isSelected
    }

    /// Columns of the strip at the left of the row.
    public static let stripWidth = 2

    /// The selected row shows `▶` after the strip and its title in reverse video.
    /// Only those cells differ from an unselected row, so moving the selection
    /// rewrites little of the screen.
    public func draw(into buffer: inout ScreenBuffer, x: Int, y: Int, width: Int, colorMode: ColorMode) {
        guard width > Self.stripWidth else { return }
        buffer.fill(Rect(x: x, y: y, width: width, height: 1))
        if let color {
            let stripText = colorMode == .monochrome ? String(marker ?? "*") + " " : marker.map { String($0) + " " } ?? "  "
            buffer.write(stripText, x: x, y: y, style: Theme.swatch(color), limit: Self.stripWidth)
        }
        if isSelected { buffer.write("▶", x: x + Self.stripWidth, y: y, style: Theme.title, limit: 1) }
        let rest = width - Self.stripWidth - 1
        let dateWidth = rest >= 30 ? DisplayWidth.of(date) : 0
        let tagsWidth = rest >= 36 ? min(20, max(8, rest / 4)) : 0
        var titleWidth = rest - (dateWidth > 0 ? dateWidth + 1 : 0) - (tagsWidth > 0 ? tagsWidth + 1 : 0)
        var column = x + Self.stripWidth + 1
        if let letter = kind.letter, titleWidth > 4 {
            buffer.write(String(letter), x: column, y: y, style: Theme.secondary, limit: 1)
            column += 2
            titleWidth -= 2
        }
        let title = isPinned ? "* " + self.title : self.title
        HighlightedText.write(DisplayWidth.truncate(title, to: titleWidth), patterns: highlights, in: &buffer,
                              x: column, y: y, style: isSelected ? Theme.selected : .plain, limit: titleWidth)
        column += titleWidth + 1
        if tagsWidth > 0 {
            let text = tags.map { "#" + $0 }.joined(separator: " ")
            let shown = DisplayWidth.truncate(text, to: tagsWidth)
            // A cut list ends with `…`, which is never highlighted.
            let ranges = SearchHighlight.tagRanges(of: tags, textPatterns: highlights, tagPrefixes: tagPrefixes)
                .map { $0.clamped(to: 0..<(shown == text ? shown.count : shown.count - 1)) }
            HighlightedText.write(shown, ranges: ranges, in: &buffer, x: column, y: y, style: Theme.secondary, limit: tagsWidth)
            column += tagsWidth + 1
        }
        if dateWidth > 0 {
            buffer.write(date, x: column, y: y, style: Theme.secondary, limit: dateWidth)
        }
    }
}
