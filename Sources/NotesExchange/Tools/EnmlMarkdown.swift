import Foundation

/// Turns a note's ENML (Evernote's XHTML) into Markdown, as Evernote shows the note:
/// a `<div>` is one line (`<div><br/></div>` an empty one), `<p>` a paragraph, `<h1>`…`<h6>`
/// headings, `<ul>`/`<ol>` lists (nested by indenting), `<en-todo checked="true"/>` a
/// checkbox `- [x]` (and Evernote 10's `<ul style="--en-todo:true">` checklists), `<a href>` links, `<b>`/`<strong>` bold, `<i>`/`<em>` italic,
/// `<s>`/`<strike>`/`<del>` struck out, `<code>` and `<pre>` code, `<blockquote>` quotes,
/// `<hr>` a rule, tables as Markdown table rows (roughly: cells on one line), `<img>` an
/// image link. `<en-media>` (an attachment) becomes a link to where the file is saved
/// (`![name](attachments/…)` for an image), or a line naming it when the export lacks it;
/// `<en-crypt>` says the text is encrypted. Whitespace is collapsed as a browser
/// does; `&nbsp;` is a space that stays.
struct EnmlMarkdown {
    struct Resource {
        var fileName: String?
        var mime: String
        var size: Int
        /// Where the file is kept, relative to the store's folder.
        var path: String?
    }

    /// The note's attachments by the MD5 of their bytes (as `<en-media hash>` names them).
    var resources: [String: Resource] = [:]

    func markdown(_ enml: String) -> String {
        var writer = Writer()
        render(HTMLTree.parse(enml).children, into: &writer, context: Context())
        return writer.finish()
    }

    private struct Context {
        var inPre = false
        var listDepth = 0
        var inTable = false
    }

    private func render(_ nodes: [HTMLTree.Node], into writer: inout Writer, context: Context) {
        for node in nodes {
            switch node {
            case .text(let text):
                if context.inPre { writer.raw(text) } else { writer.text(text) }
            case .element(let element):
                render(element, into: &writer, context: context)
            }
        }
    }

    private func render(_ element: HTMLTree.Element, into writer: inout Writer, context: Context) {
        var inner = context
        switch element.name {
        case "div" where Self.style(element, has: "--en-codeblock:true"):
            // Evernote 10's code block: its lines as a fenced block.
            var code = Writer()
            render(element.children, into: &code, context: context)
            writer.paragraph()
            writer.raw("```\n" + code.finish() + "\n```")
            writer.paragraph()
        case "div", "section", "article", "header", "footer", "center", "en-note", "body", "html", "dl", "dt", "dd", "address":
            writer.endLine()
            render(element.children, into: &writer, context: context)
            writer.endLine()
        case "p":
            writer.paragraph()
            render(element.children, into: &writer, context: context)
            writer.paragraph()
        case "h1", "h2", "h3", "h4", "h5", "h6":
            writer.paragraph()
            writer.inline(String(repeating: "#", count: Int(String(element.name.dropFirst())) ?? 1) + " ")
            render(element.children, into: &writer, context: context)
            writer.paragraph()
        case "br":
            writer.lineBreak()
        case "hr":
            writer.paragraph()
            writer.inline("---")
            writer.paragraph()
        case "ul", "ol":
            if context.listDepth == 0 { writer.paragraph() } else { writer.endLine() }
            inner.listDepth += 1
            var number = Int(element.attributes["start"] ?? "") ?? 1
            for child in element.children {
                guard case .element(let item) = child, item.name == "li" else {
                    if case .element = child { render([child], into: &writer, context: inner) }
                    continue
                }
                writer.endLine()
                var marker = element.name == "ol" ? "\(number). " : "- "
                if Self.style(element, has: "--en-todo:true") {
                    // Evernote 10's checklist: `<ul style="--en-todo:true"><li style="--en-checked:true">`.
                    marker += Self.style(item, has: "--en-checked:true") ? "[x] " : "[ ] "
                }
                number += 1
                writer.startItem(indent: String(repeating: "  ", count: context.listDepth), marker: marker)
                render(item.children, into: &writer, context: inner)
                writer.endItem()
            }
            if context.listDepth == 0 { writer.paragraph() } else { writer.endLine() }
        case "li":
            writer.endLine()
            writer.startItem(indent: String(repeating: "  ", count: context.listDepth), marker: "- ")
            render(element.children, into: &writer, context: context)
            writer.endItem()
        case "en-todo":
            let checked = element.attributes["checked"]?.lowercased() == "true"
            writer.checkbox(checked: checked, inList: context.listDepth > 0)
        case "input" where element.attributes["type"]?.lowercased() == "checkbox":
            writer.checkbox(checked: element.attributes["checked"] != nil, inList: context.listDepth > 0)
        case "b", "strong":
            wrap("**", element, into: &writer, context: context)
        case "i", "em":
            wrap("*", element, into: &writer, context: context)
        case "s", "strike", "del":
            wrap("~~", element, into: &writer, context: context)
        case "code", "tt", "kbd", "samp":
            if context.inPre { render(element.children, into: &writer, context: context) } else {
                wrap("`", element, into: &writer, context: context)
            }
        case "pre":
            writer.paragraph()
            writer.raw("```\n")
            inner.inPre = true
            render(element.children, into: &writer, context: inner)
            writer.endLine()
            writer.raw("```")
            writer.paragraph()
        case "blockquote":
            writer.paragraph()
            writer.quoteDepth += 1
            render(element.children, into: &writer, context: context)
            writer.endLine()
            writer.quoteDepth -= 1
            writer.paragraph()
        case "a":
            let href = element.attributes["href"] ?? ""
            guard !href.isEmpty else { render(element.children, into: &writer, context: context); return }
            let mark = writer.mark()
            writer.inline("[")
            let start = writer.mark()
            render(element.children, into: &writer, context: context)
            if writer.mark() == start {
                writer.rewind(to: mark)
                writer.inline("<\(href)>")
            } else {
                writer.inline("](\(href.replacingOccurrences(of: " ", with: "%20")))")
            }
        case "img":
            let source = element.attributes["src"] ?? ""
            let alt = element.attributes["alt"] ?? ""
            writer.inline(source.hasPrefix("data:") ? "![\(alt.isEmpty ? "image" : alt)](embedded image, not imported)"
                : "![\(alt)](\(source))")
        case "en-media":
            writer.inline(mediaLine(element))
        case "en-crypt":
            writer.inline("(encrypted text: it can only be read in Evernote)")
        case "table":
            writer.paragraph()
            inner.inTable = true
            var rows: [HTMLTree.Element] = []
            collectRows(element, into: &rows, depth: 0)
            for (index, row) in rows.enumerated() {
                var cells: [String] = []
                for child in row.children {
                    guard case .element(let cell) = child, cell.name == "td" || cell.name == "th" else { continue }
                    var cellWriter = Writer()
                    render(cell.children, into: &cellWriter, context: inner)
                    cells.append(cellWriter.finish().replacingOccurrences(of: "\n", with: " ")
                        .replacingOccurrences(of: "|", with: "\\|"))
                }
                guard !cells.isEmpty else { continue }
                writer.endLine()
                writer.inline("| " + cells.joined(separator: " | ") + " |")
                writer.endLine()
                if index == 0 {
                    writer.inline("|" + String(repeating: " --- |", count: cells.count))
                    writer.endLine()
                }
            }
            writer.paragraph()
        default:
            render(element.children, into: &writer, context: context)
        }
    }

    /// Whether the element's `style` holds `declaration` (blanks ignored).
    private static func style(_ element: HTMLTree.Element, has declaration: String) -> Bool {
        guard let style = element.attributes["style"] else { return false }
        return style.replacingOccurrences(of: " ", with: "").lowercased().contains(declaration)
    }

    private func collectRows(_ element: HTMLTree.Element, into rows: inout [HTMLTree.Element], depth: Int) {
        for child in element.children {
            guard case .element(let inner) = child else { continue }
            if inner.name == "tr" { rows.append(inner) } else if ["thead", "tbody", "tfoot"].contains(inner.name), depth < 2 {
                collectRows(inner, into: &rows, depth: depth + 1)
            }
        }
    }

    private func wrap(_ marker: String, _ element: HTMLTree.Element, into writer: inout Writer, context: Context) {
        let mark = writer.mark()
        writer.inline(marker)
        let start = writer.mark()
        render(element.children, into: &writer, context: context)
        if writer.mark() == start { writer.rewind(to: mark); return }
        writer.closeInline(marker)
    }

    /// `[report.pdf](attachments/<id>/report.pdf)` (`![…](…)` for an image); when the export
    /// lacks the file, `[attachment: application/pdf, not in the export]`.
    private func mediaLine(_ element: HTMLTree.Element) -> String {
        let hash = element.attributes["hash"]?.lowercased() ?? ""
        guard let resource = resources[hash], let path = resource.path else {
            return "[attachment: \(element.attributes["type"] ?? "a file"), not in the export]"
        }
        let name = (resource.fileName ?? "attachment").replacingOccurrences(of: "]", with: "\\]")
        let target = path.replacingOccurrences(of: " ", with: "%20")
        return (resource.mime.lowercased().hasPrefix("image/") ? "!" : "") + "[\(name)](\(target))"
    }

    /// Builds the Markdown line by line, with the prefixes of lists and quotes.
    private struct Writer {
        private(set) var lines: [String] = []
        private var line = ""
        /// Whether `line` holds anything of its own (a prefix alone does not count).
        private var lineHasContent = false
        private var pendingBlank = false
        private var pendingSpace = false
        private var itemPrefix: String?
        private var continuation: [String] = []
        var quoteDepth = 0

        /// Where the writer is, to undo an empty wrapper.
        struct Mark: Equatable {
            let lines: Int
            let length: Int
        }

        func mark() -> Mark { Mark(lines: lines.count, length: line.utf8.count) }

        mutating func rewind(to mark: Mark) {
            guard mark.lines == lines.count, line.utf8.count >= mark.length else { return }
            line = String(decoding: line.utf8.prefix(mark.length), as: UTF8.self)
        }

        /// Text, whitespace collapsed.
        mutating func text(_ text: String) {
            for character in text {
                if character.isWhitespace, character != "\u{A0}" {
                    if lineHasContent { pendingSpace = true }
                } else {
                    inline(character == "\u{A0}" ? " " : String(character))
                }
            }
        }

        mutating func inline(_ text: String) {
            beginLine()
            if pendingSpace { line += " "; pendingSpace = false }
            line += text
            lineHasContent = true
        }

        /// Closes an inline marker, keeping a pending space outside it (`**bold** next`).
        mutating func closeInline(_ marker: String) {
            line += marker
        }

        /// Text as written (in `<pre>`), line breaks kept.
        mutating func raw(_ text: String) {
            var first = true
            for part in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if !first { lineBreak() }
                first = false
                if !part.isEmpty {
                    beginLine()
                    line += part
                    lineHasContent = true
                }
            }
        }

        mutating func checkbox(checked: Bool, inList: Bool) {
            let box = checked ? "[x] " : "[ ] "
            if !lineHasContent, !inList, itemPrefix == nil, continuation.isEmpty {
                inline("- " + box)
            } else {
                inline(box)
            }
            lineHasContent = false  // text after the box starts without a space
            pendingSpace = false
        }

        mutating func startItem(indent: String, marker: String) {
            endLine()
            itemPrefix = indent + marker
            continuation.append(indent + String(repeating: " ", count: marker.count))
        }

        mutating func endItem() {
            endLine()
            itemPrefix = nil
            if !continuation.isEmpty { continuation.removeLast() }
        }

        /// Ends the line if it holds anything.
        mutating func endLine() {
            guard lineHasContent || !line.isEmpty else { return }
            lines.append(line)
            line = ""
            lineHasContent = false
            pendingSpace = false
        }

        /// Ends the line, even an empty one (`<br/>`).
        mutating func lineBreak() {
            if !lineHasContent, line.isEmpty { beginLine() }
            lines.append(line)
            line = ""
            lineHasContent = false
            pendingSpace = false
            pendingBlank = false
        }

        /// Ends the line and asks for one blank line before what follows.
        mutating func paragraph() {
            endLine()
            if !lines.isEmpty { pendingBlank = true }
        }

        private mutating func beginLine() {
            guard line.isEmpty, !lineHasContent else { return }
            if pendingBlank {
                if let last = lines.last, !last.trimmingCharacters(in: .whitespaces).isEmpty { lines.append(quotePrefix) }
                pendingBlank = false
            }
            line = quotePrefix + (itemPrefix ?? continuation.last ?? "")
            itemPrefix = nil
        }

        private var quotePrefix: String { String(repeating: "> ", count: quoteDepth) }

        mutating func finish() -> String {
            endLine()
            var result = lines.map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
            while result.first?.isEmpty == true { result.removeFirst() }
            while result.last?.isEmpty == true { result.removeLast() }
            // At most one blank line in a row.
            var collapsed: [String] = []
            for line in result where !(line.isEmpty && collapsed.last?.isEmpty == true) { collapsed.append(line) }
            return collapsed.joined(separator: "\n")
        }
    }
}
