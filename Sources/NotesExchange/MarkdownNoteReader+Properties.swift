import Foundation
import NotesModel

/// Obsidian shows every property of a note above its text. The ones notes turns into no
/// field (`author`, `rating`, `cover`, a `title` beside the file name, …) are kept at the
/// head of the body, as the YAML lines the file holds, in a `yaml` code block: a vault
/// whose notes are mostly properties (a book's author, year and rating) loses nothing.
/// Beside them, the fields that need more than one key's text: the kind and the id.
extension MarkdownNoteReader {
    /// `body` with the properties no field took before it, in an Obsidian vault's Markdown;
    /// else `body`. Called once every field has read its keys from `header`.
    func keepingOtherProperties(_ body: String, of text: String, header: NoteHeader) -> String {
        guard tool == .obsidian, style == .markdown, let properties = Self.otherProperties(of: text, header: header) else { return body }
        return Self.body(body, after: properties)
    }

    /// The note's kind from `kind`, `.note` when there is none.
    func kind(_ header: NoteHeader) throws(ExchangeError) -> NoteKind {
        guard let name = try text(header.entry("kind")), !name.isEmpty else { return .note }
        guard let kind = NoteKind(name: name) else { throw fail(header.entry("kind"), "unknown kind '\(name)'") }
        return kind
    }

    /// The id the header gives, when it is a UUID (or Joplin's 32 hex digits); another `id`
    /// makes no field, so it stays among the properties a vault's note keeps.
    func writtenID(_ header: NoteHeader) throws(ExchangeError) -> UUID? {
        guard let id = try text(header.entry("id")).flatMap(Self.uuid) else {
            header.unread("id")
            return nil
        }
        return id
    }

    /// The lines of the YAML front matter at the start of `text` whose top-level key
    /// `header` never returned, joined; nil when there are none (or no such front matter).
    static func otherProperties(of text: String, header: NoteHeader) -> String? {
        // The header's lines as the YAML reader found them (a byte-order mark, CRLF, `...` closing).
        guard !header.entries.isEmpty, let span = try? YAMLFrontMatter.span(of: text.utf8) else { return nil }
        var kept: [Substring] = []
        var keeping = false
        for range in span.lines {
            let line = Substring(text.utf8[range])
            if let key = topLevelKey(line) { keeping = !header.wasRead(key) }
            if keeping { kept.append(line) }
        }
        while let last = kept.last, last.trimmingCharacters(in: .whitespaces).isEmpty { kept.removeLast() }
        return kept.isEmpty ? nil : kept.joined(separator: "\n")
    }

    /// `body` after `properties` in a fenced `yaml` block, longer than any run of backticks
    /// in them (a closing fence may be indented); a blank line between the two.
    static func body(_ body: String, after properties: String) -> String {
        var longest = 0, run = 0
        for character in properties {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        let block = fence + "yaml\n" + properties + "\n" + fence
        return body.isEmpty ? block : block + "\n\n" + body
    }

    /// The key a line of YAML front matter starts at its first column (`author:`,
    /// `"my key": x`), or nil for a line inside a value, a list item or a comment.
    static func topLevelKey(_ line: Substring) -> String? {
        guard let first = line.first, !first.isWhitespace, first != "-", first != "#" else { return nil }
        if first == "\"" || first == "'" {
            guard let close = line.dropFirst().firstIndex(of: first) else { return nil }
            return String(line[line.index(after: line.startIndex)..<close])
        }
        guard let colon = line.firstIndex(of: ":") else { return nil }
        return line[..<colon].trimmingCharacters(in: .whitespaces)
    }
}
