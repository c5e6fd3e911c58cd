/// Where a long body can be cut into runs of whole top-level blocks that cmark-gfm parses
/// alone as it parses them in the whole body, found line by line without parsing.
///
/// The rule: a run may end before a line that starts at column 0, follows a blank line,
/// and is not inside a comment (`%%`, `CommentScanner`), fenced code or an HTML block that runs over blank lines (comments,
/// `<pre>`, `<script>`, `<style>`, `<textarea>`, `<?…?>`, `<!…>`, CDATA). A line that
/// starts a list item (`-`, `+`, `*`, a digit), a link reference definition (`[`) or
/// HTML (`<`) is not taken either: a list continues over a blank line and would come
/// apart (a loose list turned into two), and a definition or HTML block is best kept with
/// what precedes it. Quirks: a link reference definition used in another run does not
/// resolve there; a list whose items are all far apart is cut where it grows too long.
public struct BlockBoundaries: Sendable, Equatable {
    /// The fenced code block open at this point, if any.
    public private(set) var openFence: FenceLine?
    /// What ends the HTML block open at this point (lowercased), if any.
    private var htmlEnd: [UInt8]?
    private var previousBlank = true
    private var lineCount = 0
    /// Whether a comment is open here (a run that starts inside one hides up to its end).
    private var comments = CommentScanner()

    /// The state at the start of a body (or of a run known to start outside every block).
    public init() {}

    /// The state inside the fenced code opened by `fence` (a run cut inside a code block).
    public init(insideFence fence: FenceLine?) {
        openFence = fence
    }

    /// Whether nothing (fence, HTML block or comment) is open here.
    public var isClosed: Bool { openFence == nil && htmlEnd == nil && !comments.isInComment }

    /// Whether a comment (`%%`) is open here.
    public var isInComment: Bool { comments.isInComment }

    /// Whether a run may start with `line`: see `canCut(before:)` for bytes in an array.
    public func canCut<Line: Collection<UInt8>>(before line: Line) -> Bool {
        canCut(before: Array(line))
    }

    /// Feeds the next line: see `feed(_:)` for bytes in an array.
    public mutating func feed<Line: Collection<UInt8>>(_ line: Line) {
        feed(Array(line))
    }

    /// Whether a run may start with `line` (its first bytes, without the line break),
    /// the next line after the ones fed so far. (Bytes in an array: a caller in another
    /// module would otherwise run the generic code, a byte at a time through witnesses.)
    public func canCut(before line: [UInt8]) -> Bool {
        guard lineCount > 0, previousBlank, isClosed, let first = line.first else { return false }
        return !Self.unsafeFirstBytes.contains(first)
    }

    /// Bytes a line must not start with for a run to start there: blanks (not column 0),
    /// list markers, digits, `[`, `<`, `|` and a line break.
    private static let unsafeFirstBytes: Set<UInt8> = Set(" \t\r\n-+*[<|0123456789".utf8)

    /// Feeds the next line (its first bytes, up to a few KB, without the line break).
    /// A fence line with an info string, of the open fence's marker and length, is taken
    /// to open a block even when one seemed open (where the state was guessed, its
    /// opening may have been a closing fence): a closing fence has no info string, so in
    /// a state known to be right this changes only which line is taken for the opening.
    public mutating func feed(_ line: [UInt8]) {
        lineCount += 1
        let blank = line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
        defer { previousBlank = blank }
        if comments.isInComment {
            _ = comments.hiddenRanges(in: line[...], inFence: false, blank: blank)
            return
        }
        let fenceBefore = openFence
        defer { _ = comments.hiddenRanges(in: line[...], inFence: fenceBefore != nil || openFence != nil, blank: blank) }
        if let open = openFence {
            if open.isClosed(by: line) {
                openFence = nil
            } else if let fence = FenceLine(line), fence.hasInfo, fence.marker == open.marker,
                      fence.length == open.length {
                openFence = fence
            }
            return
        }
        if let end = htmlEnd {
            if Self.contains(end, in: line) { htmlEnd = nil }
            return
        }
        if let fence = FenceLine(line) {
            openFence = fence
        } else if let end = Self.htmlBlockEnd(opening: line), !Self.contains(end, in: line.dropFirst(2)) {
            htmlEnd = end
        }
    }

    /// The text that ends an HTML block of kinds 1–5 opened by `line`, nil when it opens none.
    static func htmlBlockEnd<Line: Collection<UInt8>>(opening line: Line) -> [UInt8]? {
        guard line.first(where: { $0 != 0x20 }) == UInt8(ascii: "<") else { return nil }
        let bytes = Array(line.drop(while: { $0 == 0x20 }).prefix(16)).map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        guard bytes.first == UInt8(ascii: "<") else { return nil }
        for tag in ["pre", "script", "style", "textarea"] {
            let open = Array(("<" + tag).utf8)
            guard bytes.starts(with: open) else { continue }
            let after = bytes.count > open.count ? bytes[open.count] : 0x0A
            if after == 0x20 || after == 0x09 || after == UInt8(ascii: ">") || after == 0x0A || after == 0x0D {
                return Array("</\(tag)>".utf8)
            }
        }
        if bytes.starts(with: Array("<!--".utf8)) { return Array("-->".utf8) }
        if bytes.starts(with: Array("<?".utf8)) { return Array("?>".utf8) }
        if bytes.starts(with: Array("<![cdata[".utf8)) { return Array("]]>".utf8) }
        if bytes.count > 2, bytes[1] == UInt8(ascii: "!"), (0x61...0x7A).contains(bytes[2]) { return [UInt8(ascii: ">")] }
        return nil
    }

    /// Whether `needle` (lowercase) occurs in `line`, ASCII case ignored.
    static func contains<Line: Collection<UInt8>>(_ needle: [UInt8], in line: Line) -> Bool {
        let bytes = line.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
        guard bytes.count >= needle.count else { return false }
        return (0...(bytes.count - needle.count)).contains { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}
