/// The scalars of an HTML text, read for `HTMLTree.parse`: literals found, comments,
/// CDATA and declarations skipped, and one tag with its attributes read at a time.
struct HTMLScanner {
    let scalars: [Unicode.Scalar]
    var count: Int { scalars.count }

    init(_ html: String) { scalars = Array(html.unicodeScalars) }

    /// A tag read: its lowercased name, whether it is an end tag, its attributes (keys
    /// lowercased, values with entities decoded), and the index after its `>`.
    struct Tag {
        let name: String
        let closing: Bool
        let attributes: [String: String]
        let selfClosing: Bool
        let end: Int
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

    func text(_ range: Range<Int>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[range])
        return String(view)
    }

    /// A comment, CDATA section, declaration or processing instruction at `index` (a `<`):
    /// where reading goes on after it, and the text of a CDATA section. Nil for anything else.
    func markup(at index: Int) -> (next: Int, cdata: String?)? {
        if starts(with: "<!--", at: index) {
            return ((find("-->", from: index + 4) ?? scalars.count - 3) + 3, nil)
        }
        if starts(with: "<![CDATA[", at: index) {
            let end = find("]]>", from: index + 9) ?? scalars.count
            return (min(end + 3, scalars.count), text((index + 9)..<end))
        }
        if starts(with: "<!", at: index) || starts(with: "<?", at: index) {
            return ((find(">", from: index) ?? scalars.count - 1) + 1, nil)
        }
        return nil
    }

    /// The tag at `index` (a `<`), or nil when no letter-led name follows (that `<` is text).
    /// Attributes are read up to the closing `>`; quotes may hold `>`.
    func tag(at index: Int) -> Tag? {
        var cursor = index + 1
        let closing = cursor < scalars.count && scalars[cursor] == "/"
        if closing { cursor += 1 }
        let nameStart = cursor
        while cursor < scalars.count, HTMLTree.isNameScalar(scalars[cursor]) { cursor += 1 }
        guard cursor > nameStart, HTMLTree.isLetter(scalars[nameStart]) else { return nil }
        let name = text(nameStart..<cursor).lowercased()
        var attributes: [String: String] = [:]
        var selfClosing = false
        while cursor < scalars.count, scalars[cursor] != ">" {
            let here = scalars[cursor]
            if here == "/" { selfClosing = true; cursor += 1; continue }
            if here.properties.isWhitespace { cursor += 1; continue }
            selfClosing = false
            let read = attribute(at: cursor)
            cursor = read.next
            if read.key.isEmpty { cursor += 1; continue }
            attributes[read.key.lowercased()] = HTMLTree.decodeEntities(read.value)
        }
        return Tag(name: name, closing: closing, attributes: attributes, selfClosing: selfClosing, end: min(cursor + 1, scalars.count))
    }

    /// One attribute from `start`: its key, its value ("" without `=`), and where reading goes on.
    private func attribute(at start: Int) -> (key: String, value: String, next: Int) {
        var cursor = start
        while cursor < scalars.count, !scalars[cursor].properties.isWhitespace, scalars[cursor] != "=",
              scalars[cursor] != ">", scalars[cursor] != "/" { cursor += 1 }
        let key = text(start..<cursor)
        guard cursor < scalars.count, scalars[cursor] == "=" else { return (key, "", cursor) }
        cursor += 1
        if cursor < scalars.count, scalars[cursor] == "\"" || scalars[cursor] == "'" {
            let quote = scalars[cursor]
            let valueStart = cursor + 1
            cursor = valueStart
            while cursor < scalars.count, scalars[cursor] != quote { cursor += 1 }
            return (key, text(valueStart..<min(cursor, scalars.count)), cursor + 1)
        }
        let valueStart = cursor
        while cursor < scalars.count, !scalars[cursor].properties.isWhitespace, scalars[cursor] != ">" { cursor += 1 }
        return (key, text(valueStart..<cursor), cursor)
    }
}
