import TOMLKit

/// Turns the text of a config file into `Settings`: TOMLKit parses it (`ConfigSyntax`: a
/// syntax error is a problem at its line, which is left out); then each key is checked
/// against `SettingKey.all`, `[keys]` and `[theme]`. An unknown key or a bad value is a
/// problem naming its line and key, and that key keeps its default.
enum ConfigReader {
    /// The tables whose entries are read by name rather than from `SettingKey.all`.
    static let openTables = ["keys", "theme"]

    static func parse(_ text: String, path: String) -> (Settings, [ConfigProblem]) {
        var settings = Settings()
        let parsed = ConfigSyntax.parse(text, path: path)
        guard let table = parsed.table else { return (settings, parsed.problems) }
        let lines = ConfigKeyLines(parsed.text)
        var problems = parsed.problems
        for (name, value) in flattened(table, prefix: "") where name != ConfigSyntax.leftOutTable {
            let line = lines.line(of: name)
            if let message = apply(name, value, to: &settings, source: .file(path: path, line: line ?? 0)) {
                problems.append(ConfigProblem(path: path, line: line, key: name, message: message))
            } else {
                settings.sources[name] = .file(path: path, line: line ?? 0)
            }
        }
        problems.sort { ($0.line ?? 0, $0.key ?? "") < ($1.line ?? 0, $1.key ?? "") }
        return (settings, problems)
    }

    /// Every value by dotted name, going into the tables that hold known keys.
    static func flattened(_ table: TOMLTable, prefix: String) -> [(String, TOMLValueConvertible)] {
        var result: [(String, TOMLValueConvertible)] = []
        for key in table.keys {
            guard let value = table[key] else { continue }
            let name = prefix + key
            let opensTable = openTables.contains(name)
                || SettingKey.all.contains { $0.name.hasPrefix(name + ".") }
            if let inner = value.table, opensTable {
                result += flattened(inner, prefix: name + ".")
            } else {
                result.append((name, value))
            }
        }
        return result
    }

    /// Sets `name`; the problem with it when it is unknown or its value is bad.
    static func apply(_ name: String, _ value: TOMLValueConvertible, to settings: inout Settings,
                      source: SettingSource) -> String? {
        if let key = SettingKey.all.first(where: { $0.name == name }) {
            return key.apply(value, &settings)
        }
        if name.hasPrefix("keys.") {
            let action = String(name.dropFirst("keys.".count))
            guard let keys = strings(value), !keys.isEmpty else {
                return "expected a key (\"E\", \"Ctrl-E\") or a list of keys"
            }
            settings.keys.append(KeyRemap(action: action, keys: keys, source: source))
            return nil
        }
        if name.hasPrefix("theme.") {
            let roleName = String(name.dropFirst("theme.".count))
            guard let role = ThemeRole(rawValue: roleName) else {
                return "unknown theme color (expected \(ThemeRole.allCases.map(\.rawValue).joined(separator: ", ")))"
            }
            guard let color = value.string.flatMap(ConfigColor.init(hex:)) else { return "expected a color \"#RRGGBB\"" }
            settings.theme[role] = color
            return nil
        }
        return "unknown key"
    }

    /// A string, or an array of strings.
    static func strings(_ value: TOMLValueConvertible) -> [String]? {
        if let text = value.string { return [text] }
        guard let array = value.array else { return nil }
        var result: [String] = []
        for element in array {
            guard let text = element.string else { return nil }
            result.append(text)
        }
        return result
    }
}
