import Foundation
import TOMLKit

/// One key of the config file: its name (dotted for a table, `daily.format`), its default
/// as the README shows it, what it does, and how a TOML value becomes the setting. The
/// table `SettingKey.all` is the one list of keys: the reader, `notes config` and the
/// README's "Configuration" section all come from it.
public struct SettingKey: Sendable {
    public let name: String
    /// The default, as written in the file (`"yyyy-MM-dd"`, `true`), or how it is found.
    public let defaultText: String
    public let help: String
    /// The value `settings` holds for this key.
    public let value: @Sendable (Settings) -> SettingValue
    /// Sets the value, or says what is wrong with it (`expected "updated", "created" or "title"`).
    let apply: @Sendable (TOMLValueConvertible, inout Settings) -> String?

    /// Every key but the `[keys]` and `[theme]` tables' entries, which `ConfigFile` reads by name.
    public static let all: [SettingKey] = [
        text("editor", default: "$VISUAL, $EDITOR, vi", "the editor",
             \.editor),
        text("opener", default: "xdg-open or open", "opens attachments and links", \.opener),
        text("default_category", default: "none", "new notes' category", \.defaultCategory),
        SettingKey(name: "daily.format", defaultText: "\"yyyy-MM-dd\"",
                   help: "the daily note's title (a date format)",
                   value: { .text($0.dailyFormat) },
                   apply: { value, settings in
                       guard let text = value.string, !text.isEmpty else { return "expected a date format string" }
                       settings.dailyFormat = text
                       return nil
                   }),
        text("daily.category", default: "none", "the daily note's category", \.dailyCategory),
        SettingKey(name: "list.sort", defaultText: "\"updated\"",
                   help: "or `\"created\"`, `\"title\"` (2 before 10)",
                   value: { .text($0.listSort.rawValue) },
                   apply: { value, settings in
                       guard let sort = value.string.flatMap(ListSort.init(rawValue:)) else {
                           return "expected \"updated\", \"created\" or \"title\""
                       }
                       settings.listSort = sort
                       return nil
                   }),
        flag("preview", "the preview at start", \.preview),
        flag("update_links", "a rename rewrites links to the note", \.updateLinks),
        flag("mouse", "clicks and the wheel", \.mouse),
    ]

    /// A key whose value is a non-empty string, unset by default.
    static func text(_ name: String, default defaultText: String, _ help: String,
                     _ path: WritableKeyPath<Settings, String?> & Sendable) -> SettingKey {
        SettingKey(name: name, defaultText: defaultText, help: help,
                   value: { $0[keyPath: path].map(SettingValue.text) ?? .unset },
                   apply: { value, settings in
                       guard let text = value.string else { return "expected a string" }
                       guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { return "expected a non-empty string" }
                       settings[keyPath: path] = text
                       return nil
                   })
    }

    /// A key whose value is `true` or `false`, true by default.
    static func flag(_ name: String, _ help: String, _ path: WritableKeyPath<Settings, Bool> & Sendable) -> SettingKey {
        SettingKey(name: name, defaultText: "true", help: help,
                   value: { .flag($0[keyPath: path]) },
                   apply: { value, settings in
                       guard let flag = value.bool else { return "expected true or false" }
                       settings[keyPath: path] = flag
                       return nil
                   })
    }

}

/// A setting's value, as `notes config` shows it.
public enum SettingValue: Sendable, Equatable {
    case text(String)
    case flag(Bool)
    /// Not set: the default says how it is found.
    case unset

    /// As TOML writes it (`"vim"`, `true`); nil when unset.
    public var toml: String? {
        switch self {
        case .text(let text): Self.quoted(text)
        case .flag(let flag): String(flag)
        case .unset: nil
        }
    }

    /// `text` as a TOML basic string.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += String(format: "\\u%04X", scalar.value)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
