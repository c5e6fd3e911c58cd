import NotesTerminal

/// Where each part of a screen goes, for a terminal size. `update` (page sizes,
/// scrolling) and `render` use the same rectangles.
public enum Layout {
    /// Below this the app shows only a "too small" message.
    public static let minimumSize = TerminalSize(width: 40, height: 10)

    public static func isTooSmall(_ size: TerminalSize) -> Bool {
        size.width < minimumSize.width || size.height < minimumSize.height
    }

    /// Where dialogs (help, chooser) sit: the whole screen above the status line.
    public static func dialogArea(_ size: TerminalSize) -> Rect {
        Rect(x: 0, y: 0, width: size.width, height: max(0, size.height - 1))
    }

    /// The notes screen: a header row, the categories pane (from 70 columns), the
    /// note list, the preview (from 100 columns, unless hidden), and the status line.
    public struct Main: Equatable, Sendable {
        public var header: Rect
        public var categories: Rect?
        public var list: Rect
        public var preview: Rect?
        public var status: Rect
    }

    public static let categoriesPaneWidth = 22

    public static func main(_ size: TerminalSize, preview showsPreview: Bool = true) -> Main {
        let bodyHeight = max(0, size.height - 2)
        var x = 0
        var categories: Rect?
        if size.width >= 70 {
            categories = Rect(x: 0, y: 1, width: categoriesPaneWidth, height: bodyHeight)
            x = categoriesPaneWidth + 1
        }
        var listWidth = size.width - x
        var preview: Rect?
        if showsPreview, size.width >= 100 {
            let previewWidth = max(30, listWidth * 2 / 5)
            listWidth -= previewWidth + 1
            preview = Rect(x: size.width - previewWidth, y: 1, width: previewWidth, height: bodyHeight)
        }
        return Main(header: Rect(x: 0, y: 0, width: size.width, height: 1), categories: categories,
                    list: Rect(x: x, y: 1, width: listWidth, height: bodyHeight), preview: preview,
                    status: Rect(x: 0, y: size.height - 1, width: size.width, height: 1))
    }

    /// The categories screen and the read view: a header, one full-width pane, the status line.
    public struct Single: Equatable, Sendable {
        public var header: Rect
        public var list: Rect
        public var status: Rect
    }

    public static func categoriesScreen(_ size: TerminalSize) -> Single {
        Single(header: Rect(x: 0, y: 0, width: size.width, height: 1),
               list: Rect(x: 0, y: 1, width: size.width, height: max(0, size.height - 2)),
               status: Rect(x: 0, y: size.height - 1, width: size.width, height: 1))
    }
}
