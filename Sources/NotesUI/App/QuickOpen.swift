import Foundation
import NotesModel
import NotesTerminal

/// Quick open (`Ctrl-P`, `o`): a field and the notes whose titles match it fuzzily
/// (`NoteIndex.quickOpen`), best first; the most recently updated while the field is
/// empty. `↑`/`↓` (`Ctrl-P`/`Ctrl-N`) move, `PgUp`/`PgDn` page, `Enter` opens the
/// highlighted note, `Esc` or `Ctrl-C` closes.
public struct QuickOpen: Equatable, Sendable {
    /// How many notes are ranked and listed at most.
    public static let limit = 100

    /// One note listed: its id and its title as it was ranked.
    public struct Row: Equatable, Sendable {
        public var id: UUID
        public var title: String
    }

    /// How quick open closed.
    public enum Outcome: Equatable, Sendable {
        case open(UUID)
        case cancelled
    }

    public private(set) var field = TextField()
    public private(set) var rows: [Row] = []
    /// The highlighted row.
    public private(set) var row = 0
    /// Whether the rows are the best of the most recent notes only: the field was typed
    /// before the index's search text was built, or while only the first notes of the list
    /// are in (`NoteIndex.quickOpenAmongRecent`, `searchesEveryNote`), and
    /// `rankWhenReady` ranks every note once it is. The box says "still counting".
    public private(set) var isCounting = false
    /// The notes that may match the field's text and the texts it was before, longest
    /// last: a text that extends one of them (typed on, or back to after a backspace)
    /// looks only at its notes.
    private var candidates: [NoteIndex.QuickOpenCandidates] = []
    /// How many texts' candidates are kept: the shorter texts' are dropped first.
    static let keptCandidates = 8

    /// Opens with an empty field: the most recently updated notes.
    public init(in index: NoteIndex) {
        rank(in: index, narrowing: nil)
    }

    /// The highlighted row, if any note matches.
    public var highlighted: Row? { rows.indices.contains(row) ? rows[row] : nil }

    /// Handles a key; nil while quick open stays open. `page`: the rows the list shows.
    public mutating func handle(_ key: Key, in index: NoteIndex, page: Int) -> Outcome? {
        switch key {
        case .escape, .control("c"):
            return .cancelled
        case .enter:
            return highlighted.map { .open($0.id) }
        case .up, .control("p"): move(by: -1)
        case .down, .control("n"): move(by: 1)
        case .pageUp: move(by: -max(1, page - 1))
        case .pageDown: move(by: max(1, page - 1))
        default:
            let before = field.text
            if field.handle(key) == .cancelled { return .cancelled }
            if field.text != before { rank(in: index, narrowing: narrowest(for: field.text)) }
        }
        return nil
    }

    /// Ranks again: the field changed (the first row is highlighted), or another process
    /// changed the notes (`keeping` the highlighted note where it is still listed).
    public mutating func rank(in index: NoteIndex, keeping kept: UUID?) {
        candidates = []
        rank(in: index, narrowing: nil)
        row = kept.flatMap { id in rows.firstIndex { $0.id == id } } ?? 0
    }

    /// Ranks every note once the index's search text is built, if only the most recent
    /// were ranked before (`isCounting`); highlights the first row. Whether it ranked.
    public mutating func rankWhenReady(in index: NoteIndex) -> Bool {
        guard isCounting, index.searchesEveryNote else { return false }
        rank(in: index, narrowing: nil)
        return true
    }

    /// Ranks the field's text, scoring only `previous`'s titles when it extends their text
    /// in this index (see `NoteIndex.quickOpen(_:limit:narrowing:)`); highlights the first row.
    /// Never waits for the search text: until it is built, ranks the most recent notes.
    private mutating func rank(in index: NoteIndex, narrowing previous: NoteIndex.QuickOpenCandidates?) {
        isCounting = !index.searchesEveryNote && !FuzzyMatcher(query: field.text).isEmpty
        if isCounting {
            candidates = []
            show(index.quickOpenAmongRecent(field.text, limit: Self.limit), in: index)
            return
        }
        let result = index.quickOpen(field.text, limit: Self.limit, narrowing: previous)
        if let found = result.candidates {
            if candidates.last?.query == found.query { candidates.removeLast() }
            candidates.append(found)
            if candidates.count > Self.keptCandidates { candidates.removeFirst() }
        }
        show(result.hits, in: index)
    }

    /// Lists `hits`, the first highlighted.
    private mutating func show(_ hits: [NoteIndex.QuickOpenHit], in index: NoteIndex) {
        rows = hits.map { hit in
            let note = index.note(at: Int(hit.position))
            return Row(id: note.id, title: note.title)
        }
        row = 0
    }

    /// The kept candidates of the longest earlier text that `text` extends; drops those
    /// of texts it does not extend (they were typed after it and erased).
    private mutating func narrowest(for text: String) -> NoteIndex.QuickOpenCandidates? {
        let query = FuzzyMatcher(query: text).query
        while let last = candidates.last, !query.starts(with: last.query) { candidates.removeLast() }
        return candidates.last
    }

    private mutating func move(by delta: Int) {
        guard !rows.isEmpty else { return }
        row = max(0, min(rows.count - 1, row + delta))
    }
}
