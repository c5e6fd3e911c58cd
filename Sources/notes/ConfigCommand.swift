import ArgumentParser
import Foundation
import NotesConfig
import NotesJSON

/// `notes config [--json] [--path]`: the effective settings and where each came from.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Print the effective settings and where each came from.",
        discussion: """
        The config file is $XDG_CONFIG_HOME/notes/config.toml (~/.config/notes/config.toml; \
        $NOTES_CONFIG names another). Each line is a setting as the file writes it, then where \
        its value came from: the file and line, an environment variable (which wins over the \
        file), or the default. A problem in the file is printed as a warning; that key keeps \
        its default. The keys are listed in the README's Configuration section.
        """
    )

    @Flag(help: "Print only the config file's path.")
    var path = false

    @Flag(help: "Print JSON (a stable format) instead of text.")
    var json = false

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        if path {
            Console.out(ConfigFile.path(environment: environment))
            return
        }
        let loaded = CLISettings.load(environment: environment)
        let entries = ConfigEntries.of(loaded.settings)
        if json {
            Console.out(ConfigEntries.json(entries, loaded: loaded).serialized())
        } else {
            Console.out("# \(loaded.path)")
            Console.out(lines: ConfigEntries.lines(entries))
        }
    }
}

/// The settings as `notes config` lists them: every key of `SettingKey.all`, then the
/// `[keys]` and `[theme]` entries set.
enum ConfigEntries {
    struct Entry {
        var name: String
        /// As the file writes it; nil when unset (then `unsetText` says how it is found).
        var toml: String?
        var json: JSONValue
        var unsetText: String
        var source: SettingSource
    }

    static func of(_ settings: Settings) -> [Entry] {
        var entries = SettingKey.all.map { key in
            let value = key.value(settings)
            return Entry(name: key.name, toml: value.toml, json: json(value), unsetText: key.defaultText,
                         source: settings.source(of: key.name))
        }
        for remap in settings.keys {
            let toml = remap.keys.count == 1 ? SettingValue.quoted(remap.keys[0])
                : "[" + remap.keys.map(SettingValue.quoted).joined(separator: ", ") + "]"
            entries.append(Entry(name: "keys." + remap.action, toml: toml, json: .array(remap.keys.map(JSONValue.string)),
                                 unsetText: "", source: remap.source))
        }
        for role in ThemeRole.allCases {
            guard let color = settings.theme[role] else { continue }
            let name = "theme." + role.rawValue
            entries.append(Entry(name: name, toml: SettingValue.quoted(color.hex), json: .string(color.hex),
                                 unsetText: "", source: settings.source(of: name)))
        }
        return entries
    }

    static func json(_ value: SettingValue) -> JSONValue {
        switch value {
        case .text(let text): .string(text)
        case .flag(let flag): .bool(flag)
        case .unset: .null
        }
    }

    /// `name = value  # source`, the values aligned.
    static func lines(_ entries: [Entry]) -> [String] {
        let width = entries.map(\.name.count).max() ?? 0
        return entries.map { entry in
            let name = entry.name.padding(toLength: width, withPad: " ", startingAt: 0)
            if let toml = entry.toml { return "\(name) = \(toml)  # \(entry.source)" }
            return "\(name) # unset: \(entry.unsetText)"
        }
    }

    static func json(_ entries: [Entry], loaded: ConfigFile.Loaded) -> JSONValue {
        .object([
            ("path", .string(loaded.path)),
            ("settings", .array(entries.map { entry in
                .object([("key", .string(entry.name)), ("value", entry.json), ("source", source(entry.source))])
            })),
            ("problems", .array(loaded.problems.map { .string($0.description) })),
        ])
    }

    static func source(_ source: SettingSource) -> JSONValue {
        switch source {
        case .default: .object([("kind", .string("default"))])
        case .file(let path, let line):
            .object([("kind", .string("file")), ("path", .string(path)), ("line", .number(String(line)))])
        case .environment(let name): .object([("kind", .string("environment")), ("variable", .string(name))])
        }
    }
}
