/// The README's "Configuration" table, made from `SettingKey.all`, `[keys]` and
/// `[theme]`, so the documented keys are the keys read (a test checks the README).
public enum SettingsTable {
    public static func markdown() -> String {
        var rows = ["| key | default | what |", "| --- | --- | --- |"]
        for key in SettingKey.all {
            rows.append("| `\(key.name)` | \(cell(key.defaultText)) | \(key.help) |")
        }
        rows.append("| `keys.ACTION` | the key map | `edit = \"E\"`, `newNote = [\"N\", \"Ctrl-N\"]` |")
        rows.append("| `theme.ROLE` | built in | `heading`, `link`, `code`, `quote`, `highlight`: `\"#RRGGBB\"` |")
        return rows.joined(separator: "\n")
    }

    static func cell(_ text: String) -> String {
        text.hasPrefix("\"") || text == "true" || text == "false" ? "`\(text)`" : text
    }
}
