import Foundation

/// What the source tool shows: the title (per tool, see `ImportSourceTool`), and which
/// tags it makes.
extension MarkdownNoteReader {
    /// The title the tool shows, and the body without the heading when that is the title.
    func titleAndBody(_ header: NoteHeader, _ body: inout String) throws(ExchangeError) -> String {
        func nonBlank(_ text: String?) -> String? {
            guard let text, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
            return text
        }
        if style == .text {
            if let title = nonBlank(try text(header.entry("title"))) { return title }
            guard let (title, rest) = Self.firstLineTitle(body) else { return fileTitle }
            body = rest
            return title
        }
        if style == .org {
            if let title = nonBlank(try text(header.entry("title"))) { return title }
            return tool == .logseq ? logseqTitle() : fileTitle
        }
        switch tool {
        case .obsidian:
            return fileTitle
        case .zk:
            if let title = nonBlank(try text(header.entry("title"))) { return title }
            if let (heading, rest) = ZkTitle.title(body) {
                body = rest
                return heading
            }
            return fileTitle
        case .logseq:
            if let title = nonBlank(try text(header.entry("title"))) { return title }
            return logseqTitle()
        case .other, .dendron:
            if let title = nonBlank(try text(header.entry("title"))) {
                // Notesnook's Markdown export (`created_at`/`updated_at`) repeats the title as a first `# Title`.
                if header.entry("created_at") != nil, let (heading, rest) = Self.headingTitle(body), heading == title { body = rest }
                return title
            }
            if let (heading, rest) = Self.headingTitle(body) {
                body = rest
                return heading
            }
            return Self.jekyllTitle(fileTitle) ?? fileTitle
        }
    }

    /// The title Logseq shows for a page without `title::`: a journal's date, else the page
    /// name decoded from the file name.
    func logseqTitle() -> String {
        if let day = dates.fileName(fileTitle), fileTitle.count == 10, fileTitle.contains("_") {
            return logseqGraph.journalTitle(day, timeZone: dates.timeZone)
        }
        return LogseqProperties.pageName(fileName: fileTitle, format: logseqGraph.fileNames)
    }

    /// Whether the tool makes tags of `#word` in the text: not Jekyll (tags are front matter
    /// only), not Emacs Org (heading tags and `#+FILETAGS:` only); Logseq does in its Org pages.
    var makesInlineTags: Bool {
        if jekyllPost { return false }
        return style != .org || tool == .logseq
    }

    /// The inline tags the tool makes: zk's as its config says, Logseq's `#[[two words]]`,
    /// never inside an Org block.
    var inlineTagRules: InlineTags.Rules {
        var rules = tool == .zk ? zk.tagRules : InlineTags.Rules()
        rules.logseqBrackets = tool == .logseq
        rules.orgBlocks = style == .org
        return rules
    }

    /// The tags written in the header: `tags`, else `tag`, else `keywords`; zk reads all of
    /// `tag`, `tags`, `keyword` and `keywords`.
    func writtenTags(_ header: NoteHeader) throws(ExchangeError) -> [String] {
        guard tool == .zk else { return try list(header.entry("tags", "tag", "keywords")) }
        var names: [String] = []
        for key in ["tag", "tags", "keyword", "keywords"] { names += try list(header.entry(key)) }
        return names
    }

    /// Jekyll's title of a post without one: the file name after its date, words capitalized
    /// (`2024-01-05-hello-world` is `Hello World`).
    static func jekyllTitle(_ name: String) -> String? {
        let characters = Array(name)
        guard characters.count > 11, characters[10] == "-", ImportDate(timeZone: .gmt).fileName(name) != nil else { return nil }
        let words = String(characters[11...]).split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    /// `[[Books]]` or `[[Books|shown]]` as Obsidian writes links in properties: `Books`.
    static func linkTarget(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("[["), trimmed.hasSuffix("]]"), trimmed.count > 4 else { return text }
        let inner = trimmed.dropFirst(2).dropLast(2)
        return String(inner.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)[0])
    }
}
