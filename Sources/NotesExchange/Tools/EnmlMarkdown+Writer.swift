import Foundation

extension EnmlMarkdown {
    /// Builds the Markdown line by line, with the prefixes of lists and quotes. The current
    /// line is kept as bytes, so undoing an empty wrapper removes its marker alone.
    struct Writer {
        private(set) var lines: [String] = []
        private var line: [UInt8] = []
        /// The bytes appended to, removed from and copied out of the current line so far.
        private(set) var work = 0
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

        func mark() -> Mark { Mark(lines: lines.count, length: line.count) }

        mutating func rewind(to mark: Mark) {
            guard mark.lines == lines.count, line.count >= mark.length else { return }
            work += line.count - mark.length
            line.removeLast(line.count - mark.length)
        }

        private mutating func append<Text: StringProtocol>(_ text: Text) {
            work += text.utf8.count
            line.append(contentsOf: text.utf8)
        }

        /// Moves the current line to `lines`.
        private mutating func flushLine() {
            work += line.count
            lines.append(String(decoding: line, as: UTF8.self))
            line.removeAll(keepingCapacity: true)
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
            if pendingSpace { append(" "); pendingSpace = false }
            append(text)
            lineHasContent = true
        }

        /// Closes an inline marker, keeping a pending space outside it (`**bold** next`).
        mutating func closeInline(_ marker: String) {
            append(marker)
        }

        /// Text as written (in `<pre>`), line breaks kept.
        mutating func raw(_ text: String) {
            var first = true
            for part in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if !first { lineBreak() }
                first = false
                if !part.isEmpty {
                    beginLine()
                    append(part)
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
            flushLine()
            lineHasContent = false
            pendingSpace = false
        }

        /// Ends the line, even an empty one (`<br/>`).
        mutating func lineBreak() {
            if !lineHasContent, line.isEmpty { beginLine() }
            flushLine()
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
            append(quotePrefix + (itemPrefix ?? continuation.last ?? ""))
            itemPrefix = nil
        }

        private var quotePrefix: String { String(repeating: "> ", count: quoteDepth) }

        mutating func finish() -> String {
            endLine()
            // Trailing blanks dropped from the end of each line only: no pattern run over the line.
            var result: [String] = []
            result.reserveCapacity(lines.count)
            for line in lines { result.append(droppingTrailingBlanks(line)) }
            while result.first?.isEmpty == true { result.removeFirst() }
            while result.last?.isEmpty == true { result.removeLast() }
            // At most one blank line in a row.
            var collapsed: [String] = []
            for line in result where !(line.isEmpty && collapsed.last?.isEmpty == true) { collapsed.append(line) }
            return collapsed.joined(separator: "\n")
        }

        /// `line` without the whitespace at its end, read from the end.
        private mutating func droppingTrailingBlanks(_ line: String) -> String {
            guard let last = line.last, last.isWhitespace else { return line }
            var end = line.endIndex
            while end > line.startIndex, line[line.index(before: end)].isWhitespace {
                end = line.index(before: end)
                work += 1
            }
            return String(line[..<end])
        }
    }
}
