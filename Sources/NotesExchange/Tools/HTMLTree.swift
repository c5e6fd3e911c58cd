import Foundation

/// A forgiving reader of the HTML that Evernote keeps in a note (ENML) into a small tree,
/// for `EnmlMarkdown`. Real ENML is not always well-formed (and names entities such as
/// `&nbsp;` from a DTD no one should fetch), so it is not read as XML: tags, attributes,
/// text, character references, comments and CDATA are read in one pass; an end tag closes
/// the nearest open element of its name (others are ignored); void elements (`br`, `img`,
/// `en-media`, `en-todo`…) never hold anything. Elements nested deeper than `maximumDepth`
/// are not nested further (their text goes to the deepest element kept), so nothing
/// recurses without bound. Linear in the text.
struct HTMLTree {
    final class Element {
        let name: String
        let attributes: [String: String]
        var children: [Node] = []

        init(name: String, attributes: [String: String]) {
            self.name = name
            self.attributes = attributes
        }
    }

    enum Node {
        case text(String)
        case element(Element)
    }

    static let voidElements: Set<String> = ["br", "hr", "img", "en-media", "en-todo", "en-crypt-placeholder", "input",
                                            "meta", "link", "col", "area", "base", "wbr", "source", "embed", "param"]
    /// Elements whose text is not shown.
    static let hiddenElements: Set<String> = ["style", "script", "head", "title"]

    static let maximumDepth = 64

    /// The tree of `html`: a root element named `#root`.
    static func parse(_ html: String) -> Element {
        let scanner = HTMLScanner(html)
        var builder = Builder()
        var index = 0
        while index < scanner.count {
            let scalar = scanner.scalars[index]
            guard scalar == "<" else {
                builder.text.append(scalar)
                index += 1
                continue
            }
            if let markup = scanner.markup(at: index) {
                builder.flushText()
                if let cdata = markup.cdata { builder.append(.text(cdata)) }
                index = markup.next
                continue
            }
            // A tag: `<name attributes…>` or `</name>`; a `<` followed by anything else is text.
            guard let tag = scanner.tag(at: index) else {
                builder.text.append(scalar)
                index += 1
                continue
            }
            index = tag.end
            builder.flushText()
            if !tag.closing, hiddenElements.contains(tag.name), !tag.selfClosing {
                // Skip to its end tag: nothing in it is shown.
                let end = scanner.find("</" + tag.name, from: index) ?? scanner.count
                index = min((scanner.find(">", from: end) ?? scanner.count - 1) + 1, scanner.count)
                continue
            }
            builder.add(tag)
        }
        builder.flushText()
        return builder.root
    }

    /// The open elements while parsing, and the text not yet added to the innermost one.
    private struct Builder {
        let root: Element
        var stack: [Element]
        var skippedDepth = 0  // elements not kept because the stack was full
        var text = String.UnicodeScalarView()

        init() {
            root = Element(name: "#root", attributes: [:])
            stack = [root]
        }

        func append(_ node: Node) { stack[stack.count - 1].children.append(node) }

        mutating func flushText() {
            guard !text.isEmpty else { return }
            append(.text(decodeEntities(String(text))))
            text = String.UnicodeScalarView()
        }

        /// An end tag closes the nearest open element of its name; a start tag adds an
        /// element, opened unless it is void or self-closing, or the stack is full.
        mutating func add(_ tag: HTMLScanner.Tag) {
            if tag.closing {
                if let open = stack.lastIndex(where: { $0.name == tag.name }), open > 0 {
                    stack.removeSubrange(open...)
                } else if skippedDepth > 0 {
                    skippedDepth -= 1
                }
                return
            }
            let element = Element(name: tag.name, attributes: tag.attributes)
            let holds = !tag.selfClosing && !voidElements.contains(tag.name)
            if stack.count > maximumDepth {
                if holds { skippedDepth += 1 }
                if voidElements.contains(tag.name) { append(.element(element)) }
                return
            }
            append(.element(element))
            if holds { stack.append(element) }
        }
    }

    static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        isLetter(scalar) || ("0"..."9").contains(scalar) || scalar == "-" || scalar == ":" || scalar == "_"
    }

    /// `&amp;`, `&#233;`, `&#x1F600;` and the named references Evernote writes; any other
    /// `&…;` is kept as written.
    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var output = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            output += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            guard let semicolon = after.prefix(12).firstIndex(of: ";") else {
                output += "&"
                rest = after
                continue
            }
            let name = after[..<semicolon]
            var replacement: String?
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                replacement = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
            } else if name.hasPrefix("#") {
                replacement = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
            } else {
                replacement = namedEntities[String(name)]
            }
            if let replacement {
                output += replacement
                rest = after[after.index(after: semicolon)...]
            } else {
                output += "&"
                rest = after
            }
        }
        output += rest
        return output
    }

    static let namedEntities: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "shy": "",
        "mdash": "—", "ndash": "–", "hellip": "…", "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”",
        "laquo": "«", "raquo": "»", "bull": "•", "middot": "·", "copy": "©", "reg": "®", "trade": "™",
        "euro": "€", "pound": "£", "yen": "¥", "cent": "¢", "sect": "§", "para": "¶", "deg": "°", "plusmn": "±",
        "times": "×", "divide": "÷", "iexcl": "¡", "iquest": "¿", "larr": "←", "rarr": "→", "uarr": "↑",
        "darr": "↓", "harr": "↔", "zwnj": "\u{200C}", "zwj": "\u{200D}", "ensp": "\u{2002}", "emsp": "\u{2003}",
        "thinsp": "\u{2009}",
    ]
}
