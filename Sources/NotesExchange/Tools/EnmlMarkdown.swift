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
        markdownCountingWork(enml).markdown
    }

    /// The Markdown and the bytes the writer appended, removed and copied to make it: what a
    /// test checks is linear in the note (an empty `<b></b>` undoes its marker, not the line).
    func markdownCountingWork(_ enml: String) -> (markdown: String, work: Int) {
        var writer = Writer()
        render(HTMLTree.parse(enml).children, into: &writer, context: Context())
        let markdown = writer.finish()
        return (markdown, writer.work)
    }

    struct Context {
        var inPre = false
        var listDepth = 0
        var inTable = false
    }

    func render(_ nodes: [HTMLTree.Node], into writer: inout Writer, context: Context) {
        for node in nodes {
            switch node {
            case .text(let text):
                if context.inPre { writer.raw(text) } else { writer.text(text) }
            case .element(let element):
                render(element, into: &writer, context: context)
            }
        }
    }

    // Long because it is one switch over every element ENML holds, each arm a few lines.
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
            renderList(element, into: &writer, context: context)
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
            renderLink(element, into: &writer, context: context)
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
            renderTable(element, into: &writer, context: context)
        default:
            render(element.children, into: &writer, context: context)
        }
    }

    /// A list: each `<li>` an item with its marker (numbered from `start` in an `<ol>`, a
    /// checkbox in Evernote 10's checklists), nested lists indented.
    private func renderList(_ element: HTMLTree.Element, into writer: inout Writer, context: Context) {
        var inner = context
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
    }

    /// A link: `[text](href)`, `<href>` when it has no text, its text alone without an `href`.
    private func renderLink(_ element: HTMLTree.Element, into writer: inout Writer, context: Context) {
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
    }

    /// A table as Markdown rows, cells on one line each, a rule after the first row.
    private func renderTable(_ element: HTMLTree.Element, into writer: inout Writer, context: Context) {
        var inner = context
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
}
