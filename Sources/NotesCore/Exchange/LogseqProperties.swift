import Foundation

/// What Logseq keeps in a page's file besides its blocks: the page properties (`key:: value`
/// lines before the first block) and the page name in the file name.
struct LogseqProperties {
    /// The properties as header entries (line 0: they are not in a front matter).
    private(set) var entries: [NoteHeader.Entry] = []
    /// The names in `tags::` (`tags:: work, [[Tokyo Trip]], #idea`).
    private(set) var tags: [String] = []

    init() {}

    /// The page properties at the start of `body`: `key:: value` lines (a first `- ` allowed,
    /// as Logseq writes a page's first block). The body is left as it is.
    init(_ body: String) {
        var lines = LineReader(body)
        while let line = lines.next() {
            var text = Substring(line)
            if text.hasPrefix("- ") { text = text.dropFirst(2) }
            guard let separator = text.range(of: "::"), !text[..<separator.lowerBound].isEmpty,
                  !text[..<separator.lowerBound].contains(where: \.isWhitespace)
            else { break }
            let key = text[..<separator.lowerBound].lowercased()
            let value = text[separator.upperBound...].trimmingCharacters(in: .whitespaces)
            switch key {
            case "title":
                entries.append(.init(key: "title", value: .text(value), line: 0))
            case "tags":
                tags += Self.names(value)
            default:
                break  // alias::, id::, collapsed:: and the others are not kept
            }
        }
    }

    /// `a, [[b c]], #d` as Logseq reads a property's page references.
    static func names(_ value: String) -> [String] {
        value.split(separator: ",").flatMap { piece -> [String] in
            let name = piece.trimmingCharacters(in: .whitespaces)
            if name.hasPrefix("#[[") || name.hasPrefix("[[") {
                return [MarkdownNoteReader.linkTarget(String(name.drop { $0 == "#" }))]
            }
            if name.hasPrefix("#") { return name.split(separator: " ").map { String($0.drop { $0 == "#" }) } }
            return [name]
        }.filter { !$0.isEmpty }
    }

    /// The page name Logseq shows for a file name: `a___b` is the namespace page `a/b`, and
    /// what it percent-encoded (`%3A`, `%2F` in older graphs) is decoded.
    static func pageName(fileName: String) -> String {
        let name = fileName.replacingOccurrences(of: "___", with: "/")
        return name.removingPercentEncoding ?? name
    }

    /// A journal's title as Logseq shows it by default (`:journal/page-title-format "MMM do, yyyy"`).
    static func journalTitle(_ day: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: day)
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let dayNumber = parts.day ?? 1
        let suffix = (11...13).contains(dayNumber % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][dayNumber % 10] ?? "th"
        return "\(months[((parts.month ?? 1) - 1) % 12]) \(dayNumber)\(suffix), \(parts.year ?? 0)"
    }
}
