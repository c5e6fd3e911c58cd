/// The color pairs in use on screen: one pair number per (foreground, background)
/// combination, handed out in order and never reused behind the screen's back.
///
/// ncurses' `alloc_pair` evicts the oldest pair when the table is full, which would
/// silently recolor cells still on screen. This table reports `.full` instead; the
/// terminal then calls `reset()` and redraws every cell with fresh pairs.
public struct ColorPairTable: Sendable {
    /// A foreground and background color number (`-1` is the default color).
    public struct Colors: Hashable, Sendable {
        public var foreground: Int32
        public var background: Int32
        public init(foreground: Int32, background: Int32) {
            self.foreground = foreground
            self.background = background
        }
    }

    /// The outcome of asking for a pair.
    public enum Lookup: Equatable, Sendable {
        /// Already defined: use it.
        case existing(Int32)
        /// Newly numbered: the caller must define it (`init_extended_pair`) before use.
        case new(Int32)
        /// No pair numbers left.
        case full
    }

    /// Pair numbers available: 1 through `capacity` (pair 0 is default on default).
    public let capacity: Int
    private var pairs: [Colors: Int32] = [:]

    public init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// How many pairs are numbered.
    public var count: Int { pairs.count }

    /// The pair for `colors`; default on default is always pair 0.
    public mutating func pair(for colors: Colors) -> Lookup {
        if colors.foreground == -1 && colors.background == -1 { return .existing(0) }
        if let number = pairs[colors] { return .existing(number) }
        guard pairs.count < capacity else { return .full }
        let number = Int32(pairs.count + 1)
        pairs[colors] = number
        return .new(number)
    }

    /// Forgets every pair; numbering starts again at 1.
    public mutating func reset() {
        pairs.removeAll(keepingCapacity: true)
    }
}
