import Foundation
import Testing
@testable import NotesConfig

/// The config file's text to `Settings`: every key, the tables, and bad lines named.
@Suite struct ConfigReaderTests {
    let path = "/home/u/.config/notes/config.toml"

    @Test func everyKeyIsRead() {
        let text = """
        editor = "nvim"
        opener = "xdg-open"
        default_category = "Inbox"
        preview = false
        update_links = false
        mouse = false

        [daily]
        format = "EEEE yyyy-MM-dd"
        category = "Journal"

        [list]
        sort = "title"

        [keys]
        edit = "E"
        newNote = ["N", "Ctrl-N"]

        [theme]
        heading = "#FF0000"
        link = "#00ff00"
        """
        let (settings, problems) = ConfigReader.parse(text, path: path)
        #expect(problems.isEmpty)
        #expect(settings.editor == "nvim")
        #expect(settings.opener == "xdg-open")
        #expect(settings.defaultCategory == "Inbox")
        #expect(settings.preview == false && settings.updateLinks == false && settings.mouse == false)
        #expect(settings.dailyFormat == "EEEE yyyy-MM-dd")
        #expect(settings.dailyCategory == "Journal")
        #expect(settings.listSort == .title)
        #expect(settings.keys.map(\.action).sorted() == ["edit", "newNote"])
        #expect(settings.keys.first { $0.action == "newNote" }?.keys == ["N", "Ctrl-N"])
        #expect(settings.keys.first { $0.action == "edit" }?.source == .file(path: path, line: 16))
        #expect(settings.theme[.heading] == ConfigColor(red: 255, green: 0, blue: 0))
        #expect(settings.theme[.link]?.hex == "#00ff00")
        #expect(settings.source(of: "daily.format") == .file(path: path, line: 9))
        #expect(settings.source(of: "editor") == .file(path: path, line: 1))
        #expect(settings.source(of: "list.sort") == .file(path: path, line: 13))
    }

    @Test func dottedKeysAtTheTopWork() {
        let (settings, problems) = ConfigReader.parse("list.sort = \"created\"\ndaily.category = \"Log\"\n", path: path)
        #expect(problems.isEmpty)
        #expect(settings.listSort == .created)
        #expect(settings.dailyCategory == "Log")
        #expect(settings.source(of: "daily.category") == .file(path: path, line: 2))
    }

    @Test func unknownKeysAndBadValuesAreNamedWithTheirLinesAndKeepTheDefaults() {
        let text = """
        # my notes
        editor = "vim"
        colour = "red"
        preview = "yes"

        [list]
        sort = "size"

        [theme]
        link = "blue"
        border = "#000000"

        [keys]
        edit = 5
        """
        let (settings, problems) = ConfigReader.parse(text, path: path)
        #expect(problems.map(\.description) == [
            "\(path):3: colour: unknown key",
            "\(path):4: preview: expected true or false",
            "\(path):7: list.sort: expected \"updated\", \"created\" or \"title\"",
            "\(path):10: theme.link: expected a color \"#RRGGBB\"",
            "\(path):11: theme.border: unknown theme color (expected heading, link, code, quote, highlight)",
            "\(path):14: keys.edit: expected a key (\"E\", \"Ctrl-E\") or a list of keys",
        ])
        // The good key is kept; each bad one has its default.
        #expect(settings.editor == "vim")
        #expect(settings.preview == true)
        #expect(settings.listSort == .updated)
        #expect(settings.theme.isEmpty)
        #expect(settings.keys.isEmpty)
        #expect(settings.source(of: "preview") == .default)
    }

    @Test func aSyntaxErrorIsOneProblemAtItsLineWhichIsLeftOut() {
        let (settings, problems) = ConfigReader.parse("editor = \"vim\"\npreview = \n", path: path)
        #expect(problems.count == 1)
        #expect(problems.first?.line == 2)
        #expect(problems.first?.description.hasPrefix("\(path):2: not valid TOML, line left out") == true)
        #expect(settings.editor == "vim")
        #expect(settings.source(of: "preview") == .default)
    }

    @Test func anUnknownTableIsAnUnknownKey() {
        let (_, problems) = ConfigReader.parse("[colors]\nlink = \"#000000\"\n", path: path)
        #expect(problems.map(\.description) == ["\(path):1: colors: unknown key"])
    }
}
