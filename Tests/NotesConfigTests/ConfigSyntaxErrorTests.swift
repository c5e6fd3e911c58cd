import Testing
@testable import NotesConfig

/// A TOML syntax error costs its line only: it is a problem naming the line, the line is
/// left out (a table header with the keys under it), and every other setting applies.
@Suite struct ConfigSyntaxErrorTests {
    let path = "/home/u/.config/notes/config.toml"

    @Test func aDuplicateKeyLeavesOutItsSecondLine() {
        let text = """
        editor = "vim"
        [keys]
        edit = "E"
        newNote = "N"
        edit = "F"
        [list]
        sort = "title"
        """
        let (settings, problems) = ConfigReader.parse(text, path: path)
        #expect(problems.map(\.line) == [5])
        #expect(problems.first?.description.hasPrefix("\(path):5: not valid TOML, line left out: ") == true)
        #expect(problems.first?.description.contains("'edit'") == true, "\(problems)")
        #expect(settings.editor == "vim")
        #expect(settings.keys.map(\.action).sorted() == ["edit", "newNote"])
        #expect(settings.keys.first { $0.action == "edit" }?.keys == ["E"])
        #expect(settings.listSort == .title)
        #expect(settings.source(of: "list.sort") == .file(path: path, line: 7))
    }

    @Test func anUnclosedStringLeavesOutItsLine() {
        let text = "editor = \"vim\npreview = false\n\n[daily]\ncategory = \"Log\"\n"
        let (settings, problems) = ConfigReader.parse(text, path: path)
        #expect(problems.map(\.line) == [1])
        #expect(problems.first?.description.hasPrefix("\(path):1: not valid TOML, line left out: ") == true)
        #expect(settings.editor == nil)
        #expect(settings.preview == false)
        #expect(settings.dailyCategory == "Log")
        #expect(settings.source(of: "daily.category") == .file(path: path, line: 5))
    }

    @Test func aBadTableHeaderLeavesOutItsTableAndNothingElse() {
        let text = """
        preview = false
        [list
        sort = "title"
        [daily]
        category = "Log"
        """
        let (settings, problems) = ConfigReader.parse(text, path: path)
        // The keys under the broken header are not read into the table above it.
        #expect(problems.map(\.description).count == 1, "\(problems)")
        #expect(problems.first?.description.hasPrefix("\(path):2: not valid TOML, table left out: ") == true)
        #expect(settings.preview == false)
        #expect(settings.listSort == .updated)
        #expect(settings.dailyCategory == "Log")
    }

    @Test func aRepeatedTableKeepsTheFirstAndEveryErrorNamesItsLine() {
        let text = """
        [keys]
        edit = "E"
        [theme]
        link = "#00FF00"
        [keys]
        newNote = "N"
        [list]
        sort = "created" "title"
        """
        let (settings, problems) = ConfigReader.parse(text, path: path)
        #expect(problems.map(\.line) == [5, 8], "\(problems)")
        #expect(problems.map { $0.key == nil } == [true, true])
        #expect(settings.keys.map(\.action) == ["edit"])
        #expect(settings.theme[.link]?.hex == "#00ff00")
        #expect(settings.listSort == .updated)
    }

    @Test func aStringLeftOpenToTheEndUsesNothingOfTheFile() {
        let text = "editor = \"vim\"\nnotes = \"\"\"abc\npreview = false\n"
        let (settings, problems) = ConfigReader.parse(text, path: path)
        #expect(problems.count == 1)
        #expect(problems.first?.line != nil)
        #expect(problems.first?.description.contains("not valid TOML (the file is not used: every setting has its default)") == true,
                "\(problems)")
        #expect(settings == Settings())
    }
}
