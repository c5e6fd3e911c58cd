import Foundation

/// The config file, `$XDG_CONFIG_HOME/notes/config.toml` (`~/.config/notes/config.toml`
/// when unset; `$NOTES_CONFIG` names another file), and the templates folder beside it.
public enum ConfigFile {
    /// The config file is read whole; one larger than this is refused.
    public static let sizeLimit = 1 << 20

    /// Where the config file is.
    public static func path(environment: [String: String]) -> String {
        if let explicit = environment["NOTES_CONFIG"], !explicit.isEmpty { return explicit }
        return (folder(environment: environment) as NSString).appendingPathComponent("config.toml")
    }

    /// The templates folder: `templates/` beside the config file.
    public static func templatesFolder(environment: [String: String]) -> String {
        ((path(environment: environment) as NSString).deletingLastPathComponent as NSString)
            .appendingPathComponent("templates")
    }

    /// `$XDG_CONFIG_HOME/notes`, else `~/.config/notes`.
    static func folder(environment: [String: String]) -> String {
        if let base = environment["XDG_CONFIG_HOME"], base.hasPrefix("/") {
            return (base as NSString).appendingPathComponent("notes")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return (home as NSString).appendingPathComponent(".config/notes")
    }

    /// What reading the config file came to.
    public struct Loaded: Sendable {
        /// The settings: the file's valid values over the defaults, the environment over both.
        public var settings: Settings
        /// What was wrong; each such key keeps its default.
        public var problems: [ConfigProblem]
        /// The file read (it may not exist: then every setting has its default).
        public var path: String
    }

    /// Reads the config file named by `environment` and applies the environment over it.
    /// A missing file is no problem; an unreadable one is, and leaves every default.
    public static func load(environment: [String: String]) -> Loaded {
        let path = path(environment: environment)
        var settings = Settings()
        var problems: [ConfigProblem] = []
        switch read(path) {
        case .missing:
            break
        case .text(let text):
            (settings, problems) = ConfigReader.parse(text, path: path)
        case .unreadable(let reason):
            problems = [ConfigProblem(path: path, line: nil, key: nil, message: reason)]
        }
        settings.applyEnvironment(environment)
        return Loaded(settings: settings, problems: problems, path: path)
    }

    enum Contents {
        case missing, text(String), unreadable(String)
    }

    static func read(_ path: String) -> Contents {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            return FileManager.default.fileExists(atPath: path) ? .unreadable("cannot be read (permissions?)") : .missing
        }
        defer { try? handle.close() }
        do {
            let data = try handle.read(upToCount: sizeLimit + 1) ?? Data()
            guard data.count <= sizeLimit else { return .unreadable("larger than \(sizeLimit / 1024) KB; not read") }
            guard let text = String(data: data, encoding: .utf8) else { return .unreadable("is not UTF-8 text") }
            return .text(text)
        } catch {
            return .unreadable("cannot be read: \(error.localizedDescription)")
        }
    }
}

extension Settings {
    /// `$VISUAL`/`$EDITOR` and `$NOTES_OPENER` win over the file.
    mutating func applyEnvironment(_ environment: [String: String]) {
        for name in ["VISUAL", "EDITOR"] {
            if let value = environment[name], !value.trimmingCharacters(in: .whitespaces).isEmpty {
                editor = value
                sources["editor"] = .environment(name)
                break
            }
        }
        if let value = environment["NOTES_OPENER"], !value.trimmingCharacters(in: .whitespaces).isEmpty {
            opener = value
            sources["opener"] = .environment("NOTES_OPENER")
        }
    }

    /// `environment` with `VISUAL` set to the file's `editor` when neither `$VISUAL` nor
    /// `$EDITOR` is set, for the editor launcher, which reads those variables.
    public func editorEnvironment(_ environment: [String: String]) -> [String: String] {
        guard case .file = source(of: "editor"), let editor else { return environment }
        var result = environment
        result["VISUAL"] = editor
        return result
    }
}
