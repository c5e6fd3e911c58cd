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
        let root = Element(name: "#root", attributes: [:])
        var stack = [root]
        var skippedDepth = 0  // elements not kept because the stack was full
        let scalars = Array(html.unicodeScalars)
        var index = 0
        var text = String.UnicodeScalarView()

        func flushText() {
            guard !text.isEmpty else { return }
            stack[stack.count - 1].children.append(.text(decodeEntities(String(text))))
            text = String.UnicodeScalarView()
        }

        func starts(with literal: String, at position: Int) -> Bool {
            var offset = position
            for scalar in literal.unicodeScalars {
                guard offset < scalars.count, scalars[offset] == scalar else { return false }
                offset += 1
            }
            return true
        }

        func find(_ literal: String, from position: Int) -> Int? {
            let first = literal.unicodeScalars.first
            var offset = position
            while offset < scalars.count {
                if scalars[offset] == first, starts(with: literal, at: offset) { return offset }
                offset += 1
            }
            return nil
        }

        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "<" else {
                text.append(scalar)
                index += 1
                continue
            }
            if starts(with: "<!--", at: index) {
                flushText()
                index = (find("-->", from: index + 4) ?? scalars.count - 3) + 3
                continue
            }
            if starts(with: "<![CDATA[", at: index) {
                flushText()
                let end = find("]]>", from: index + 9) ?? scalars.count
                var view = String.UnicodeScalarView()
                view.append(contentsOf: scalars[(index + 9)..<end])
                stack[stack.count - 1].children.append(.text(String(view)))
                index = min(end + 3, scalars.count)
                continue
            }
            if starts(with: "<!", at: index) || starts(with: "<?", at: index) {
                flushText()
                index = (find(">", from: index) ?? scalars.count - 1) + 1
                continue
            }
            // A tag: `<name attributes…>` or `</name>`; a `<` followed by anything else is text.
            var cursor = index + 1
            let closing = cursor < scalars.count && scalars[cursor] == "/"
            if closing { cursor += 1 }
            let nameStart = cursor
            while cursor < scalars.count, isNameScalar(scalars[cursor]) { cursor += 1 }
            guard cursor > nameStart, isLetter(scalars[nameStart]) else {
                text.append(scalar)
                index += 1
                continue
            }
            var nameView = String.UnicodeScalarView()
            nameView.append(contentsOf: scalars[nameStart..<cursor])
            let name = String(nameView).lowercased()
            var attributes: [String: String] = [:]
            var selfClosing = false
            // Attributes up to the closing `>` (quotes may hold `>`).
            while cursor < scalars.count, scalars[cursor] != ">" {
                let here = scalars[cursor]
                if here == "/" { selfClosing = true; cursor += 1; continue }
                if here.properties.isWhitespace { cursor += 1; continue }
                selfClosing = false
                let keyStart = cursor
                while cursor < scalars.count, !scalars[cursor].properties.isWhitespace, scalars[cursor] != "=",
                      scalars[cursor] != ">", scalars[cursor] != "/" { cursor += 1 }
                var keyView = String.UnicodeScalarView()
                keyView.append(contentsOf: scalars[keyStart..<cursor])
                var value = ""
                if cursor < scalars.count, scalars[cursor] == "=" {
                    cursor += 1
                    if cursor < scalars.count, scalars[cursor] == "\"" || scalars[cursor] == "'" {
                        let quote = scalars[cursor]
                        let valueStart = cursor + 1
                        cursor = valueStart
                        while cursor < scalars.count, scalars[cursor] != quote { cursor += 1 }
                        var valueView = String.UnicodeScalarView()
                        valueView.append(contentsOf: scalars[valueStart..<min(cursor, scalars.count)])
                        value = String(valueView)
                        cursor += 1
                    } else {
                        let valueStart = cursor
                        while cursor < scalars.count, !scalars[cursor].properties.isWhitespace, scalars[cursor] != ">" { cursor += 1 }
                        var valueView = String.UnicodeScalarView()
                        valueView.append(contentsOf: scalars[valueStart..<cursor])
                        value = String(valueView)
                    }
                }
                if keyView.isEmpty { cursor += 1; continue }
                attributes[String(keyView).lowercased()] = decodeEntities(value)
            }
            index = min(cursor + 1, scalars.count)
            flushText()
            if closing {
                if let open = stack.lastIndex(where: { $0.name == name }), open > 0 {
                    stack.removeSubrange(open...)
                } else if skippedDepth > 0 {
                    skippedDepth -= 1
                }
                continue
            }
            if hiddenElements.contains(name), !selfClosing {
                // Skip to its end tag: nothing in it is shown.
                let end = find("</" + name, from: index) ?? scalars.count
                index = min((find(">", from: end) ?? scalars.count - 1) + 1, scalars.count)
                continue
            }
            let element = Element(name: name, attributes: attributes)
            if stack.count > maximumDepth {
                if !selfClosing, !voidElements.contains(name) { skippedDepth += 1 }
                if voidElements.contains(name) { stack[stack.count - 1].children.append(.element(element)) }
                continue
            }
            stack[stack.count - 1].children.append(.element(element))
            if !selfClosing, !voidElements.contains(name) { stack.append(element) }
        }
        flushText()
        return root
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
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
