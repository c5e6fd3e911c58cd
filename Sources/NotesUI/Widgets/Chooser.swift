import Foundation
import NotesColor
import NotesTerminal

/// One row of a `Chooser`: what it picks (nil: the "none" row), its name, and an
/// optional color swatch.
public struct ChooserItem: Equatable, Sendable {
    public var id: UUID?
    public var title: String
    public var swatch: RGB8?

    public init(id: UUID?, title: String, swatch: RGB8? = nil) {
        self.id = id
        self.title = title
        self.swatch = swatch
    }
}

/// How a chooser closed.
public enum ChooserOutcome: Equatable, Sendable {
    /// The id of the row picked; nil for the "none" row (or `-`).
    case picked(UUID?)
    case cancelled
}

/// A list to pick one row from, narrowed as you type (a `TextField` holds the text;
/// rows whose title contains it, ignoring case and accents, stay). `↑`/`↓` (`Ctrl-P`/
/// `Ctrl-N`, `Tab`) move, `PgUp`/`PgDn` page, `Enter` picks, `-` in an empty field picks
/// the "none" row, `Esc` or `Ctrl-C` cancels. Knows nothing of what the ids mean.
public struct Chooser: Equatable, Sendable {
    public let title: String
    public private(set) var items: [ChooserItem]
    public private(set) var field = TextField()
    /// The highlighted row among `visibleItems`.
    public private(set) var row = 0
    /// The rows that match the typed text, in the order given.
    public private(set) var visibleItems: [ChooserItem]

    /// - Parameter selected: the row highlighted first (the current choice), if present.
    public init(title: String, items: [ChooserItem], selected: UUID?) {
        self.title = title
        self.items = items
        self.visibleItems = items
        row = items.firstIndex { $0.id == selected } ?? 0
    }

    /// The highlighted row, if any row matches.
    public var highlighted: ChooserItem? {
        visibleItems.indices.contains(row) ? visibleItems[row] : nil
    }

    /// Handles a key; nil while the chooser stays open.
    public mutating func handle(_ key: Key, page: Int = 10) -> ChooserOutcome? {
        switch key {
        case .escape, .control("c"):
            return .cancelled
        case .enter:
            guard let highlighted else { return nil }
            return .picked(highlighted.id)
        case .character("-") where field.text.isEmpty && items.contains(where: { $0.id == nil }):
            return .picked(nil)
        case .up, .control("p"), .backTab: move(by: -1)
        case .down, .control("n"), .tab: move(by: 1)
        case .pageUp: move(by: -max(1, page - 1))
        case .pageDown: move(by: max(1, page - 1))
        default:
            let before = field.text
            if field.handle(key) == .cancelled { return .cancelled }
            if field.text != before { narrow() }
        }
        return nil
    }

    /// Takes in a new list of items (another process added, renamed or deleted some),
    /// keeping the typed text and the highlighted item where it is still there.
    public mutating func replaceItems(with newItems: [ChooserItem]) {
        guard newItems != items else { return }
        let kept = highlighted?.id
        items = newItems
        let query = field.text.trimmingCharacters(in: .whitespaces)
        visibleItems = query.isEmpty ? items : items.filter {
            $0.title.range(of: query, options: [.caseInsensitive, .diacriticInsensitive]) != nil
        }
        row = visibleItems.firstIndex { $0.id == kept } ?? 0
    }

    private mutating func move(by delta: Int) {
        guard !visibleItems.isEmpty else { return }
        row = max(0, min(visibleItems.count - 1, row + delta))
    }

    private mutating func narrow() {
        let query = field.text.trimmingCharacters(in: .whitespaces)
        visibleItems = query.isEmpty ? items : items.filter {
            $0.title.range(of: query, options: [.caseInsensitive, .diacriticInsensitive]) != nil
        }
        row = 0
    }
}
