/// Markdown text to lines of semantically styled runs at a width: a pure function of the
/// text, the width, the caller's column count for a `Character` and the options. The
/// parse is cmark-gfm's (CommonMark with GitHub's tables, task lists, strikethrough and
/// autolinks); nothing here knows of terminals, stores or notes.
public enum MarkdownRenderer {
    /// The columns a grapheme cluster takes on the caller's screen.
    public typealias WidthFunction = (Character) -> Int

    /// All of `text` rendered at `width`; offsets are UTF-8 offsets into `text`. Footnotes
    /// are rendered here only, where every definition is in the parse (`FootnoteLayout`).
    public static func render(_ text: String, width: Int, displayWidth: @escaping WidthFunction,
                              options: MarkdownOptions = MarkdownOptions()) -> MarkdownRendering {
        parse(Array(text.utf8), base: 0, floor: 0, comments: CommentScanner(), footnotes: true,
              width: width, displayWidth: displayWidth, options: options)
    }

    /// One block of a body found by `MarkdownBlocks` (a run of whole top-level blocks),
    /// rendered alone: offsets are offsets into the whole body.
    public static func render<Bytes>(_ block: MarkdownBlock, of body: Bytes, width: Int,
                                     displayWidth: @escaping WidthFunction,
                                     options: MarkdownOptions = MarkdownOptions()) -> MarkdownRendering
    where Bytes: RandomAccessCollection<UInt8>, Bytes.Index == Int {
        let range = block.range.clamped(to: body.startIndex..<body.endIndex)
        let bytes = block.openFence + Array(body[range])
        return parse(bytes, base: range.lowerBound - block.openFence.count, floor: range.lowerBound,
                     comments: CommentScanner(isInComment: block.startsInComment), footnotes: false,
                     width: width, displayWidth: displayWidth, options: options)
    }

    /// The blocks from the block start `start` on, rendered until there are at least
    /// `minimumLines` lines (a blank line between blocks, as between the blocks of one
    /// parse), and where the next block starts (nil at the end of the body). Only the
    /// blocks rendered are read: the first screen of a huge note costs what it shows.
    public static func render<Bytes>(from start: Int, of blocks: inout MarkdownBlocks<Bytes>, minimumLines: Int,
                                     width: Int, displayWidth: @escaping WidthFunction,
                                     options: MarkdownOptions = MarkdownOptions())
        -> (rendering: MarkdownRendering, next: Int?)
    where Bytes: RandomAccessCollection<UInt8>, Bytes.Index == Int {
        var result = MarkdownRendering()
        var next: Int? = start
        while let position = next, position < blocks.bytes.endIndex, result.lines.count < minimumLines {
            let block = blocks.block(at: position)
            let rendered = render(block, of: blocks.bytes, width: width, displayWidth: displayWidth, options: options)
            blocks.noteParsed(block)
            if !result.lines.isEmpty, !block.isContinuation, let first = rendered.lines.first {
                let at = first.source.lowerBound
                result.lines.append(MarkdownLine(runs: [], source: at..<at))
            }
            result.append(rendered)
            next = block.range.upperBound < blocks.bytes.endIndex ? block.range.upperBound : nil
        }
        return (result, next)
    }

    /// `body` with the task's box ticked or unticked: exactly one byte changes (` ` to
    /// `x`, `x` or `X` to ` `). Nil when the body no longer has a box at that offset.
    public static func toggleTask(in body: String, at task: MarkdownTask) -> String? {
        var bytes = Array(body.utf8)
        guard toggleTask(in: &bytes, at: task) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Toggles the task's box in `bytes` in place; false (and nothing changed) when there
    /// is no box at its offset.
    public static func toggleTask(in bytes: inout [UInt8], at task: MarkdownTask) -> Bool {
        let offset = task.boxOffset
        guard offset > 0, offset + 1 < bytes.count,
              bytes[offset - 1] == UInt8(ascii: "["), bytes[offset + 1] == UInt8(ascii: "]") else { return false }
        switch bytes[offset] {
        case UInt8(ascii: " "): bytes[offset] = UInt8(ascii: "x")
        case UInt8(ascii: "x"), UInt8(ascii: "X"): bytes[offset] = UInt8(ascii: " ")
        default: return false
        }
        return true
    }

    /// `bytes` parsed with their comments (from state `comments`) taken out; footnote
    /// definitions, when `footnotes`, gathered at the end.
    private static func parse(_ bytes: [UInt8], base: Int, floor: Int, comments: CommentScanner, footnotes: Bool,
                              width: Int, displayWidth: @escaping WidthFunction, options: MarkdownOptions) -> MarkdownRendering {
        guard width > 0 else { return MarkdownRendering() }
        let filter = CommentFilter(bytes, state: comments)
        let parsed = filter?.bytes ?? bytes
        let tree = parsed.withUnsafeBufferPointer { CMarkTree(parsing: $0, footnotes: footnotes) }
        // The nodes live as long as the tree: keep it alive through the layout.
        return withExtendedLifetime(tree) {
            guard let root = tree.root else { return MarkdownRendering() }
            let source = SourceText(bytes: parsed, base: base, floor: floor, comments: filter)
            let layout = BlockLayout(source: source, widthOf: displayWidth, options: options)
            let children = root.children
            let notes = children.filter { $0.kind == .footnoteDefinition }
            var result = layout.blocks(children.filter { $0.kind != .footnoteDefinition }, width: width,
                                       quoteDepth: 0, separated: true)
            if !notes.isEmpty { result.append(FootnoteLayout(layout: layout).render(notes, width: width, after: result)) }
            return result
        }
    }
}
