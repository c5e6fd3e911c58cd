import Foundation
import NotesModel

/// The tags screen's state (`#`): every tag of the live notes with its count, the
/// selected row and its scroll, the narrowing text typed after `/`, and the field `r`
/// opens to rename (or merge) the selected tag. The counts are taken when the screen
/// opens and again whenever the app takes in a change (its own or another process's),
/// from the counts the note index keeps (`NoteIndex.tagCounts`).
public struct TagBrowser: Equatable, Sendable {
    /// `r`: the tag being renamed, the field with its new name, and what is wrong with it.
    public struct Renaming: Equatable, Sendable {
        public var tag: String
        public var field: TextField
        public var problem: String?
    }

    public private(set) var counts: [TagCount]
    public var row = 0
    public var scroll = 0
    /// The narrowing text: tags containing it (case and accents ignored) are shown.
    public var query = ""
    /// Open while `/` is taking the narrowing text.
    public var filterField: TextField?
    public var renaming: Renaming?

    public init(counts: [TagCount]) {
        self.counts = counts
    }

    /// Whether a field is open (keys go there).
    public var isAsking: Bool { filterField != nil || renaming != nil }

    /// Takes the new `counts`, keeping the selected tag where it still is.
    mutating func refresh(counts: [TagCount]) {
        let kept = selected?.tag
        self.counts = counts
        if let kept, let index = entries.firstIndex(where: { $0.tag == kept }) { row = index }
    }

    /// The tags shown: every tag, or those containing the narrowing text (`#` before it ignored).
    public var entries: [TagCount] {
        var text = (filterField?.text ?? query).trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("#") { text.removeFirst() }
        guard !text.isEmpty else { return counts }
        return counts.filter { $0.tag.range(of: text, options: [.caseInsensitive, .diacriticInsensitive]) != nil }
    }

    /// The selected tag, if any is shown (the last one if the list has shrunk below the row).
    public var selected: TagCount? {
        let shown = entries
        return shown.isEmpty ? nil : shown[max(0, min(row, shown.count - 1))]
    }

    /// Keeps the row inside the list and visible in `rows` lines.
    mutating func clamp(rows: Int) {
        let count = entries.count
        row = max(0, min(row, count - 1))
        scroll = AppState.scroll(scroll, showing: row, rows: rows, count: count)
    }

    /// The `/` search that lists the notes with `tag` (quoted when it holds a blank or a quote).
    static func searchText(for tag: String) -> String {
        tag.contains(where: { $0.isWhitespace || $0 == "\"" }) ? "#\"" + tag.replacingOccurrences(of: "\"", with: "") + "\"" : "#" + tag
    }
}
