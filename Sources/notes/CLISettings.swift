import Foundation
import NotesColor
import NotesConfig
import NotesModel
import NotesTerminal
import NotesUI

/// The config file as the commands and the UI get it: read once where a command needs
/// a setting, its problems printed as warnings on stderr (each such key keeps its default).
enum CLISettings {
    /// Reads the config file and prints its problems as warnings.
    static func load(environment: [String: String] = ProcessInfo.processInfo.environment) -> ConfigFile.Loaded {
        let loaded = read(environment: environment)
        for problem in loaded.problems { Console.warning(problem.description) }
        return loaded
    }

    /// Reads the config file; its problems include the `[keys]` entries that name an
    /// unknown action or key (the key map knows those names, `NotesConfig` does not), which
    /// are dropped from its settings: they keep the default, and `notes config` does not list them.
    static func read(environment: [String: String]) -> ConfigFile.Loaded {
        var loaded = ConfigFile.load(environment: environment)
        let rejected = remaps(loaded).problems
        loaded.problems += rejected
        loaded.settings.keys.removeAll { remap in rejected.contains { $0.key == "keys." + remap.action } }
        loaded.problems.sort { ($0.line ?? 0, $0.key ?? "") < ($1.line ?? 0, $1.key ?? "") }
        return loaded
    }

    /// The `[keys]` remaps by action, and what is wrong with the others.
    static func remaps(_ loaded: ConfigFile.Loaded) -> (remaps: [KeyAction: [Key]], problems: [ConfigProblem]) {
        var remaps: [KeyAction: [Key]] = [:]
        var problems: [ConfigProblem] = []
        for remap in loaded.settings.keys {
            switch ScreenKeyMaps.remap(action: remap.action, keys: remap.keys) {
            case .success(let (action, keys)): remaps[action] = keys
            case .failure(let error):
                var line: Int?
                if case .file(_, let number) = remap.source { line = number }
                problems.append(ConfigProblem(path: loaded.path, line: line, key: "keys." + remap.action,
                                              message: error.description))
            }
        }
        return (remaps, problems)
    }

    /// What the UI gets from `loaded` (read by `read(environment:)`).
    static func app(_ loaded: ConfigFile.Loaded, templates: [NoteTemplate], timeZone: TimeZone = .current) -> AppSettings {
        let settings = loaded.settings
        var app = AppSettings()
        app.showsPreview = settings.preview
        app.defaultCategoryName = settings.defaultCategory
        app.daily.format = settings.dailyFormat
        app.daily.categoryName = settings.dailyCategory
        app.daily.template = templates.first { $0.name == NoteTemplate.dailyName }
        app.daily.timeZone = timeZone
        app.templates = templates
        app.keyMaps = ScreenKeyMaps().remapped(remaps(loaded).remaps)
        app.markdownColors = colors(settings.theme)
        return app
    }

    /// The rendered view's colors with the `[theme]` ones over the defaults.
    static func colors(_ theme: [ThemeRole: ConfigColor]) -> MarkdownColors {
        var colors = MarkdownColors()
        func rgb(_ color: ConfigColor) -> RGB8 { RGB8(red: color.red, green: color.green, blue: color.blue) }
        if let heading = theme[.heading] { colors.headings = [rgb(heading)] }
        if let link = theme[.link] { colors.link = rgb(link) }
        if let code = theme[.code] { colors.code = rgb(code) }
        if let quote = theme[.quote] { colors.quote = rgb(quote) }
        if let highlight = theme[.highlight] { colors.highlight = rgb(highlight) }
        return colors
    }
}
