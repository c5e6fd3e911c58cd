import NotesTerminal

/// Keys by name, as the config file's `[keys]` table writes them and the help shows
/// remapped keys: a character (`E`, `?`), `Space`, `Ctrl-X`, `Alt-X`, `Enter`, `Esc`,
/// `Tab`, `Shift-Tab`, `Backspace`, `Delete`, `Up`, `Down`, `Left`, `Right`, `PgUp`,
/// `PgDn`, `Home`, `End`, `F1` to `F12`. Names are case-insensitive except a single character.
public enum KeyNames {
    static let named: [(String, Key)] = [
        ("Enter", .enter), ("Esc", .escape), ("Tab", .tab), ("Shift-Tab", .backTab), ("Backspace", .backspace),
        ("Delete", .delete), ("Up", .up), ("Down", .down), ("Left", .left), ("Right", .right),
        ("PgUp", .pageUp), ("PgDn", .pageDown), ("Home", .home), ("End", .end), ("Space", .character(" ")),
    ]

    /// The key `name` names; nil when it names none.
    public static func key(_ name: String) -> Key? {
        if name.count == 1, let character = name.first, !character.isWhitespace { return .character(character) }
        let lower = name.lowercased()
        if let (_, key) = named.first(where: { $0.0.lowercased() == lower }) { return key }
        for prefix in ["ctrl-", "c-"] where lower.hasPrefix(prefix) {
            let rest = lower.dropFirst(prefix.count)
            guard rest.count == 1, let letter = rest.first, letter.isASCII, letter.isLetter else { return nil }
            return .control(letter)
        }
        if lower.hasPrefix("alt-") {
            return key(String(name.dropFirst(4))).map { .alt($0) }
        }
        if lower.hasPrefix("f"), let number = Int(lower.dropFirst()), (1...12).contains(number) {
            return .function(number)
        }
        return nil
    }

    /// How the help names `key`.
    public static func name(_ key: Key) -> String {
        if let (name, _) = named.first(where: { $0.1 == key }) { return name }
        switch key {
        case .character(let character): return String(character)
        case .control(let letter): return "Ctrl-" + letter.uppercased()
        case .alt(let inner): return "Alt-" + name(inner)
        case .function(let number): return "F\(number)"
        default: return "?"
        }
    }
}
