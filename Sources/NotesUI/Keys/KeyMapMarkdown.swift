/// The keys of every screen as Markdown, for README's key table: drawn from the same
/// key maps `AppUpdate` matches keys with and the `?` help draws, so the README cannot
/// drift from what the keys do (`ReadmeKeyTableTests` compares the two).
extension KeyMap {
    /// Every screen's map, in the order a user meets them.
    public static let screens: [KeyMap] = [.notes, .categoryPane, .reading, .categories, .trash, .tags, .picker]

    /// One table per screen (its own keys), then the keys that work everywhere, then the
    /// keys of the filter being typed and of every text field (from `KeyHelp`).
    public static func markdownTable() -> String {
        var sections = screens.map { KeyHelp.Section(title: $0.title, keys: $0.bindings.map { ($0.label, $0.help) }) }
        sections.append(KeyHelp.Section(title: "Everywhere", keys: everywhere.map { ($0.label, $0.help) }))
        sections.append(KeyHelp.filter)
        sections.append(KeyHelp.textFields)
        return sections.map(markdown(of:)).joined(separator: "\n")
    }

    /// A section as a heading line and a two-column table.
    static func markdown(of section: KeyHelp.Section) -> String {
        var lines = ["**\(section.title)**", "", "| keys | what they do |", "| --- | --- |"]
        for entry in section.keys {
            lines.append("| \(markdownKeys(entry.key)) | \(escapedCell(entry.action)) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `j/k ↑/↓` as `` `j/k` `↑/↓` ``: each key name of a help label in code type.
    static func markdownKeys(_ label: String) -> String {
        label.split(separator: " ").map { "`\($0)`" }.joined(separator: " ")
    }

    /// A table cell's text with the characters Markdown would read as table syntax escaped.
    static func escapedCell(_ text: String) -> String {
        text.split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|")
    }
}
