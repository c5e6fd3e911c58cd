import Foundation

/// A template for a new note's body: a Markdown file of the templates folder, by name
/// (`daily` for `daily.md`). Its placeholders are filled when a note is made from it.
/// Its own front matter, if any, is `header` (set on the note) and not part of `text`.
public struct NoteTemplate: Sendable, Equatable {
    public var name: String
    /// The body, placeholders unfilled.
    public var text: String
    public var header: Header
    /// Why the front matter could not be read (the template's name and the line): `text` is
    /// then the whole file, front matter included, and `header` is empty.
    public var problem: String?

    public init(name: String, text: String, header: Header = Header(), problem: String? = nil) {
        self.name = name
        self.text = text
        self.header = header
        self.problem = problem
    }

    /// The template the daily note uses when it exists.
    public static let dailyName = "daily"

    /// A body made from a template: `{{cursor}}` removed, and where in the body it was.
    public struct Filled: Sendable, Equatable {
        public var body: String
        public var cursor: EditorCursor?
        /// The front matter's fields, placeholders filled.
        public var header = Header()
        /// The body's line (from 1) where `{{cursor}}` was.
        public var cursorLine: Int? { cursor?.line }
    }

    /// The placeholders and what each becomes.
    public static let placeholders: [(name: String, meaning: String)] = [
        ("{{date}}", "the date, yyyy-MM-dd"),
        ("{{time}}", "the time, HH:mm"),
        ("{{title}}", "the note's title"),
        ("{{cursor}}", "removed; the editor opens at its line"),
    ]

    /// The body for a note titled `title` made at `date` (in `timeZone`). An unknown
    /// `{{x}}` is left as typed.
    public func fill(title: String, date: Date, timeZone: TimeZone) -> Filled {
        let values = Self.values(title: title, date: date, timeZone: timeZone)
        let (body, cursor) = Self.fill(text, values)
        return Filled(body: body, cursor: cursor, header: header.filled { Self.fill($0, values).text })
    }

    /// What each placeholder but `{{cursor}}` becomes.
    static func values(title: String, date: Date, timeZone: TimeZone) -> [String: String] {
        [
            "{{date}}": Self.format(date, "yyyy-MM-dd", timeZone),
            "{{time}}": Self.format(date, "HH:mm", timeZone),
            "{{title}}": title,
        ]
    }

    /// `text` with its placeholders filled, and where its first `{{cursor}}` was (removed).
    static func fill(_ text: String, _ values: [String: String]) -> (text: String, cursor: EditorCursor?) {
        var body = ""
        var cursor: EditorCursor?
        var rest = Substring(text)
        while let open = rest.range(of: "{{") {
            body += rest[..<open.lowerBound]
            let after = rest[open.lowerBound...]
            if let (name, value) = values.first(where: { after.hasPrefix($0.key) }) {
                body += value
                rest = after.dropFirst(name.count)
            } else if after.hasPrefix("{{cursor}}") {
                if cursor == nil { cursor = EditorCursor(at: body) }
                rest = after.dropFirst("{{cursor}}".count)
            } else {
                body += "{{"
                rest = after.dropFirst(2)
            }
        }
        body += rest
        return (body, cursor)
    }

    static func format(_ date: Date, _ pattern: String, _ timeZone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = pattern
        return formatter.string(from: date)
    }
}
