/// Every setting of the config file, with its default (today's behaviour without a
/// file). The composition root reads it once (`ConfigFile.load`) and hands each value
/// to the module that uses it; no other module reads the file.
public struct Settings: Sendable, Equatable {
    /// The editor command; `$VISUAL` and `$EDITOR` win over it. Nil: `vi`.
    public var editor: String?
    /// The opener for attachments and links; `$NOTES_OPENER` wins over it. Nil: `xdg-open`, else `open`.
    public var opener: String?
    /// The category new notes go in (by name; it must exist). Nil: none.
    public var defaultCategory: String?
    /// The daily note's title, a date format (`DateFormatter`).
    public var dailyFormat = "yyyy-MM-dd"
    /// The daily note's category (by name). Nil: none.
    public var dailyCategory: String?
    /// The order of the note list and `notes list`.
    public var listSort = ListSort.updated
    /// Whether the notes screen shows the preview pane at start.
    public var preview = true
    /// Whether renaming a note rewrites the links to it.
    public var updateLinks = true
    /// Whether the UI takes mouse clicks and the wheel.
    public var mouse = true
    /// Key remaps, `[keys]`: an action's name and the keys it gets, as written.
    public var keys: [KeyRemap] = []
    /// Colors of the rendered view, `[theme]`, by role.
    public var theme: [ThemeRole: ConfigColor] = [:]
    /// Where each set value came from, by key name (`daily.format`, `keys.edit`); a key
    /// not here has its default.
    public var sources: [String: SettingSource] = [:]

    public init() {}

    /// Where the value of `key` came from.
    public func source(of key: String) -> SettingSource {
        sources[key] ?? .default
    }
}

/// The order of a note list.
public enum ListSort: String, CaseIterable, Sendable {
    /// Most recently updated first.
    case updated
    /// Most recently created first.
    case created
    /// By title, A to Z.
    case title
}

/// A color role of the rendered view.
public enum ThemeRole: String, CaseIterable, Sendable {
    case heading, link, code, quote, highlight
}

/// A `#RRGGBB` color from the config file.
public struct ConfigColor: Sendable, Equatable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// `#RRGGBB` (either case); nil for anything else.
    public init?(hex: String) {
        let digits = Array(hex.utf8)
        guard digits.count == 7, digits[0] == UInt8(ascii: "#"),
              let value = UInt32(String(hex.dropFirst()), radix: 16) else { return nil }
        self.init(red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
    }

    /// `#rrggbb`.
    public var hex: String {
        "#" + [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}

/// One `[keys]` entry: `edit = "E"` or `edit = ["E", "Ctrl-E"]`.
public struct KeyRemap: Sendable, Equatable {
    /// The action's name (a `KeyAction` case name, such as `edit` or `newNote`).
    public var action: String
    /// The keys, as written (`E`, `Ctrl-E`, `F2`, `Enter`).
    public var keys: [String]
    /// Where it was written.
    public var source: SettingSource

    public init(action: String, keys: [String], source: SettingSource) {
        self.action = action
        self.keys = keys
        self.source = source
    }
}

/// Where a setting's value came from.
public enum SettingSource: Sendable, Equatable, CustomStringConvertible {
    case `default`
    /// A line of the config file.
    case file(path: String, line: Int)
    /// An environment variable, which wins over the file.
    case environment(String)

    public var description: String {
        switch self {
        case .default: "default"
        case .file(let path, let line): "\(path):\(line)"
        case .environment(let name): "$\(name)"
        }
    }
}
