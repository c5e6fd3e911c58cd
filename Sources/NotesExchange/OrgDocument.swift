import Foundation
import NotesBase

/// What an import reads of an Org file (Logseq's `pages/*.org` and `journals/*.org`, or an
/// Emacs Org file), the text itself being kept as written:
///
/// - keywords before the first heading, `#+title: …`, `#+date: …` (any case), and a
///   `:PROPERTIES:` drawer before the first heading (`:title: …`, Logseq's and org-roam's
///   page properties), as header entries;
/// - tags: `#+filetags: :a:b:` (Org's file tags), `#+tags: a, [[b c]]` and a drawer's
///   `:tags:` in a Logseq graph (its page tags; in Emacs `#+TAGS:` only declares the tags a
///   file may use), and a heading's trailing `:tag1:tag2:` (Org's heading tags, which Logseq
///   shows as the block's tags). `#tags` in the text are found by `InlineTags` as in Markdown.
/// - An Org timestamp (`<2024-01-05 Fri 10:30>`, `[2024-01-05 Fri]`) is read as the date
///   and time it holds.
struct OrgDocument {
    private(set) var header = NoteHeader()
    private(set) var tags: [String] = []

    init(_ text: String, logseq: Bool) {
        var lines = LineReader(text)
        var beforeHeadings = true
        var inDrawer = false
        var block: String?  // the `#+end_` that closes the block we are in
        while let line = lines.next() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            let lower = trimmed.lowercased()
            if let end = block {
                if lower.hasPrefix(end) { block = nil }
                continue
            }
            if lower.hasPrefix("#+begin_") {
                block = "#+end_"
                continue
            }
            if Self.isHeading(line) {
                beforeHeadings = false
                inDrawer = false
                tags += Self.headingTags(line)
                continue
            }
            guard beforeHeadings else { continue }
            if inDrawer {
                if lower == ":end:" { inDrawer = false; continue }
                if let (key, value) = Self.drawerProperty(trimmed) { add(key, value, line: lines.lineNumber, logseq: logseq) }
                continue
            }
            if lower == ":properties:" {
                inDrawer = true
            } else if lower.hasPrefix("#+"), let colon = trimmed.firstIndex(of: ":") {
                let key = trimmed[trimmed.index(trimmed.startIndex, offsetBy: 2)..<colon].lowercased()
                let value = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                if !key.isEmpty, !key.contains(" ") { add(key, value, line: lines.lineNumber, logseq: logseq) }
            }
        }
    }

    private mutating func add(_ key: String, _ value: String, line: Int, logseq: Bool) {
        switch key {
        case "filetags":
            tags += Self.colonNames(value) ?? LogseqProperties.names(value)
        case "tags":
            if logseq, !Self.isTagDeclaration(value) { tags += Self.colonNames(value) ?? LogseqProperties.names(value) }
        case "date", "created", "updated", "modified", "created_at", "updated_at":
            header.entries.append(.init(key: key, value: .text(Self.timestamp(value)), line: line))
        default:
            header.entries.append(.init(key: key, value: value.isEmpty ? .empty : .text(value), line: line))
        }
    }

    /// Whether a `#+TAGS:` value is Emacs' declaration of the tags a file offers, with
    /// fast-selection keys or groups (`doom(d) roam(r)`, `{ @home @work }`), not page tags.
    static func isTagDeclaration(_ value: String) -> Bool {
        value.contains("{") || value.range(of: #"\S\(.\)(\s|$)"#, options: .regularExpression) != nil
    }

    /// A heading: one or more `*` at the start of the line, then a blank.
    static func isHeading(_ line: String) -> Bool {
        let stars = line.prefix { $0 == "*" }.count
        guard stars > 0 else { return false }
        let after = line.dropFirst(stars).first
        return after == " " || after == "\t"
    }

    /// The tags at the end of a heading after its title: `* Title   :work:idea:`. A heading
    /// that is only `:word:` (Logseq's docs have `**** :PROPERTIES:`) has a title, no tags.
    static func headingTags(_ line: String) -> [String] {
        let text = line.drop { $0 == "*" }.trimmingCharacters(in: .whitespaces)
        guard text.hasSuffix(":"), let blank = text.lastIndex(where: { $0 == " " || $0 == "\t" }),
              !text[..<blank].trimmingCharacters(in: .whitespaces).isEmpty
        else { return [] }
        return colonNames(String(text[text.index(after: blank)...])) ?? []
    }

    /// `:a:b:` as its names; nil for any other text.
    static func colonNames(_ text: String) -> [String]? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.count > 2, trimmed.hasPrefix(":"), trimmed.hasSuffix(":"), !trimmed.contains(" ") else { return nil }
        let names = trimmed.split(separator: ":").map(String.init)
        guard !names.isEmpty, names.allSatisfy({ name in name.allSatisfy { $0.isLetter || $0.isNumber || "_@#%/-".contains($0) } })
        else { return nil }
        return names
    }

    /// `:key: value` inside a drawer.
    private static func drawerProperty(_ line: String) -> (String, String)? {
        guard line.hasPrefix(":"), let close = line.dropFirst().firstIndex(of: ":") else { return nil }
        let key = line[line.index(after: line.startIndex)..<close].lowercased()
        guard !key.isEmpty, !key.contains(" ") else { return nil }
        return (key, line[line.index(after: close)...].trimmingCharacters(in: .whitespaces))
    }

    /// An Org timestamp as a date `ImportDate` reads: `<2024-01-05 Fri 10:30>`, and Emacs'
    /// `#+DATE: 2021-02-06 Sat 18:26`, are `2024-01-05 10:30`; other text is left as it is
    /// (`18 September 2020`, as Emacs users write it for export, `ImportDate` reads).
    static func timestamp(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        var inner = Substring(trimmed)
        let bracketed = trimmed.count > 2 && ((trimmed.first == "<" && trimmed.last == ">") || (trimmed.first == "[" && trimmed.last == "]"))
        if bracketed { inner = inner.dropFirst().dropLast() }
        let words = inner.split(separator: " ")
        guard let day = words.first, day.count == 10, day.first?.isNumber == true,
              bracketed || (words.count > 1 && words[1].allSatisfy(\.isLetter))
        else { return trimmed }
        let time = words.dropFirst().first { $0.first?.isNumber == true && $0.contains(":") }
        return time.map { "\(day) \($0.prefix { $0 != "-" })" } ?? String(day)
    }
}
