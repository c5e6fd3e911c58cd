import CMarkGFM
import Synchronization

/// A cmark-gfm parse of some Markdown bytes with GitHub's table, task-list,
/// strikethrough and autolink extensions; the tree is freed with this value.
final class CMarkTree {
    /// The document node; nil only if cmark could not allocate.
    let root: CMarkNode?

    /// `bytes` parsed; with `footnotes`, cmark-gfm's footnotes too (references numbered,
    /// definitions moved to the end of the document).
    init(parsing bytes: UnsafeBufferPointer<UInt8>, footnotes: Bool = false) {
        // The root's address crosses the lock (a node is not `Sendable`); the tree is ours alone.
        let address = Self.parsing.withLock { _ in Self.parse(bytes, footnotes: footnotes).map { Int(bitPattern: $0.pointer) } }
        root = address.flatMap(OpaquePointer.init(bitPattern:)).map(CMarkNode.init)
    }

    /// One parse at a time: attaching an extension adds its characters (`~` for
    /// strikethrough) to a table cmark-gfm shares between parsers, and freeing a parser
    /// takes them out, so a parse running meanwhile on another thread would miss them.
    private static let parsing = Mutex(())

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, footnotes: Bool) -> CMarkNode? {
        _ = CMarkTree.registered
        guard let parser = cmark_parser_new(CMARK_OPT_DEFAULT | (footnotes ? CMARK_OPT_FOOTNOTES : 0)) else { return nil }
        defer { cmark_parser_free(parser) }
        for name in ["table", "tasklist", "strikethrough", "autolink"] {
            if let syntax = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, syntax)
            }
        }
        if let base = bytes.baseAddress, !bytes.isEmpty {
            base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { cmark_parser_feed(parser, $0, bytes.count) }
        }
        return cmark_parser_finish(parser).map(CMarkNode.init)
    }

    deinit {
        if let root { cmark_node_free(root.pointer) }
    }

    /// The core extensions are registered once per process.
    private static let registered: Bool = {
        cmark_gfm_core_extensions_ensure_registered()
        return true
    }()
}

/// What a node is, from cmark's type names (extension types have no fixed enum value).
enum CMarkKind {
    case document, blockQuote, list, item, taskItem, codeBlock, htmlBlock, paragraph, heading, thematicBreak
    case table, tableRow, tableCell
    case text, softBreak, lineBreak, code, htmlInline, emphasis, strong, strikethrough, link, image
    case footnoteReference, footnoteDefinition
    case other

    init(typeName: String) {
        switch typeName {
        case "document": self = .document
        case "block_quote": self = .blockQuote
        case "list": self = .list
        case "item": self = .item
        case "tasklist": self = .taskItem
        case "code_block": self = .codeBlock
        case "html_block": self = .htmlBlock
        case "paragraph": self = .paragraph
        case "heading": self = .heading
        case "thematic_break": self = .thematicBreak
        case "table": self = .table
        case "table_header", "table_row": self = .tableRow
        case "table_cell": self = .tableCell
        case "text": self = .text
        case "softbreak": self = .softBreak
        case "linebreak": self = .lineBreak
        case "code": self = .code
        case "html_inline": self = .htmlInline
        case "emph": self = .emphasis
        case "strong": self = .strong
        case "strikethrough": self = .strikethrough
        case "link": self = .link
        case "image": self = .image
        default: self = .other
        }
    }
}

/// One node of a `CMarkTree`, valid while the tree lives.
struct CMarkNode {
    let pointer: OpaquePointer

    var kind: CMarkKind {
        // Footnotes have no type name in cmark-gfm 0.29.
        switch cmark_node_get_type(pointer) {
        case CMARK_NODE_FOOTNOTE_REFERENCE: return .footnoteReference
        case CMARK_NODE_FOOTNOTE_DEFINITION: return .footnoteDefinition
        default: break
        }
        guard let name = cmark_node_get_type_string(pointer) else { return .other }
        return CMarkKind(typeName: String(cString: name))
    }

    var children: [CMarkNode] {
        var result: [CMarkNode] = []
        var child = cmark_node_first_child(pointer)
        while let node = child {
            result.append(CMarkNode(pointer: node))
            child = cmark_node_next(node)
        }
        return result
    }

    var parent: CMarkNode? { cmark_node_parent(pointer).map(CMarkNode.init) }

    /// The text of a text, code or HTML node ("" for others).
    var literal: String { cmark_node_get_literal(pointer).map { String(cString: $0) } ?? "" }

    var headingLevel: Int { Int(cmark_node_get_heading_level(pointer)) }

    /// A fenced code block's info string, first word only.
    var fenceLanguage: String? {
        guard let info = cmark_node_get_fence_info(pointer) else { return nil }
        let word = String(cString: info).split(whereSeparator: { $0 == " " || $0 == "\t" }).first
        return word.map(String.init)
    }

    var url: String { cmark_node_get_url(pointer).map { String(cString: $0) } ?? "" }

    var isOrderedList: Bool { cmark_node_get_list_type(pointer) == CMARK_ORDERED_LIST }
    var listStart: Int { Int(cmark_node_get_list_start(pointer)) }
    var isTightList: Bool { cmark_node_get_list_tight(pointer) != 0 }

    var isTaskChecked: Bool { cmark_gfm_extensions_get_tasklist_item_checked(pointer) }
    var isHeaderRow: Bool { cmark_gfm_extensions_get_table_row_is_header(pointer) != 0 }

    /// Column alignments of a table: "l", "c", "r" or nothing, one per column.
    var tableAlignments: [UInt8] {
        let columns = Int(cmark_gfm_extensions_get_table_columns(pointer))
        guard columns > 0, let alignments = cmark_gfm_extensions_get_table_alignments(pointer) else { return [] }
        return (0..<columns).map { alignments[$0] }
    }

    /// 1-based source lines (0 for nodes cmark made up, such as autolinks).
    var startLine: Int { Int(cmark_node_get_start_line(pointer)) }
    var endLine: Int { Int(cmark_node_get_end_line(pointer)) }
    /// 1-based byte column of the node's first character on its start line.
    var startColumn: Int { Int(cmark_node_get_start_column(pointer)) }
}
