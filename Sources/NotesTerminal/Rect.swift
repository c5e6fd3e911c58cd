/// A rectangle of cells: a column, a row, a width and a height.
public struct Rect: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// Whether the cell at column `x`, row `y` is inside.
    public func contains(x: Int, y: Int) -> Bool {
        x >= self.x && x < maxX && y >= self.y && y < maxY
    }

    /// The part of this rectangle inside a buffer of `size`.
    public func clipped(to size: TerminalSize) -> Rect {
        let left = max(0, x), top = max(0, y)
        let right = min(size.width, maxX), bottom = min(size.height, maxY)
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// A rectangle of `width`×`height` centered in this one (shrunk to fit).
    public func centered(width: Int, height: Int) -> Rect {
        let w = min(width, self.width), h = min(height, self.height)
        return Rect(x: x + (self.width - w) / 2, y: y + (self.height - h) / 2, width: w, height: h)
    }
}
