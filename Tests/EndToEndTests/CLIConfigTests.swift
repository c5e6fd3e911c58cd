import Foundation
import NotesConfig
import NotesModel
import NotesStore
import NotesTestSupport
import Testing
@testable import notes

/// The config file from the command line: `notes config`, its warnings, and the commands
/// that follow it (`add`, `list`, `today`, `--template`).
@Suite struct CLIConfigTests {
    /// A sandbox whose `$XDG_CONFIG_HOME` is its own `config` folder.
    struct Home {
        let sandbox: CLISandbox
        var configHome: String { sandbox.folder.file("config").path }
        var environment: [String: String] { ["XDG_CONFIG_HOME": configHome] }

        init(config: String? = nil, templates: [String: String] = [:]) throws {
            sandbox = try CLISandbox()
            let folder = sandbox.folder.file("config/notes/templates").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            if let config { try config.write(toFile: configHome + "/notes/config.toml", atomically: true, encoding: .utf8) }
            for (name, text) in templates {
                try text.write(toFile: folder + "/\(name).md", atomically: true, encoding: .utf8)
            }
        }

        func run(_ arguments: String...) throws -> CLIResult {
            try sandbox.runner.run(arguments + ["--store", sandbox.storePath],
                                   environment: sandbox.sandboxed(environment))
        }
    }

    @Test func configPrintsEachSettingAndWhereItCameFrom() throws {
        let home = try Home(config: "editor = \"nano\"\n\n[list]\nsort = \"title\"\n\n[keys]\nedit = \"E\"\n")
        defer { home.sandbox.folder.remove() }
        let path = home.configHome + "/notes/config.toml"
        let result = try home.sandbox.runner.run(["config"], environment: home.environment.merging(["VISUAL": "vim"]) { a, _ in a })
        #expect(result.status == 0, "\(result)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "# \(path)")
        #expect(lines.contains { $0.hasPrefix("editor ") && $0.hasSuffix("= \"vim\"  # $VISUAL") })
        #expect(lines.contains { $0.hasPrefix("list.sort ") && $0.hasSuffix("= \"title\"  # \(path):4") })
        #expect(lines.contains { $0.hasPrefix("keys.edit ") && $0.hasSuffix("= \"E\"  # \(path):7") })
        #expect(lines.contains { $0.hasPrefix("preview ") && $0.hasSuffix("= true  # default") })
        #expect(lines.contains { $0.hasPrefix("default_category ") && $0.hasSuffix(" # unset: none") })
        let pathOnly = try home.sandbox.runner.run(["config", "--path"], environment: home.environment)
        #expect(pathOnly.stdout == path + "\n")
    }

    @Test func configJSONHasValuesAndSources() throws {
        let home = try Home(config: "preview = false\n")
        defer { home.sandbox.folder.remove() }
        let result = try home.sandbox.runner.run(["config", "--json"], environment: home.environment)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let settings = try #require(object["settings"] as? [[String: Any]])
        let preview = try #require(settings.first { $0["key"] as? String == "preview" })
        #expect(preview["value"] as? Bool == false)
        let source = try #require(preview["source"] as? [String: Any])
        #expect(source["kind"] as? String == "file" && source["line"] as? Int == 1)
        #expect((object["problems"] as? [Any])?.isEmpty == true)
    }

    @Test func aBadLineIsAWarningNamingFileLineAndKeyAndTheCommandStillRuns() throws {
        let home = try Home(config: "preview = true\nlist.sort = \"size\"\nfont = \"big\"\n")
        defer { home.sandbox.folder.remove() }
        let path = home.configHome + "/notes/config.toml"
        _ = try home.sandbox.add("First")
        let result = try home.run("list")
        #expect(result.status == 0)
        #expect(result.stdout.contains("First"))
        #expect(result.stderr == """
            warning: \(path):2: list.sort: expected "updated", "created" or "title"
            warning: \(path):3: font: unknown key

            """)
    }

    @Test func listFollowsTheSortAndFiltersByKind() throws {
        let home = try Home(config: "list.sort = \"title\"\n")
        defer { home.sandbox.folder.remove() }
        for (title, kind) in [("b journal", "journal"), ("c plain", "note"), ("a reference", "reference")] {
            _ = try home.sandbox.add(title, "--kind", kind)
        }
        let titles = { (result: CLIResult) in
            result.stdout.split(separator: "\n").compactMap { line in
                ["a reference", "b journal", "c plain"].first { line.hasSuffix($0) }
            }
        }
        #expect(titles(try home.run("list")) == ["a reference", "b journal", "c plain"])
        #expect(titles(try home.run("list", "--kind", "journal")) == ["b journal"])
        #expect(titles(try home.run("list", "--search", "kind:ref")) == ["a reference"])
        #expect(titles(try home.run("list", "--search", "-kind:note")) == ["a reference", "b journal"])
        let bad = try home.run("list", "--kind", "diary")
        #expect(bad.status != 0 && bad.stderr.contains("unknown kind 'diary'"))
    }

    @Test func addTakesTheDefaultCategoryAndATemplate() throws {
        let home = try Home(config: "default_category = \"Inbox\"\n",
                            templates: ["meeting": "# {{title}}\n\nAgenda for {{date}}\n{{cursor}}\n{{unknown}}"])
        defer { home.sandbox.folder.remove() }
        try home.sandbox.ok("category", "add", "Inbox")
        let added = try home.run("add", "Standup", "--template", "meeting")
        #expect(added.status == 0, "\(added)")
        let note = try #require(try home.sandbox.notes().first)
        #expect(note["category"] as? String == "Inbox")
        let body = try #require(note["body"] as? String)
        #expect(body.hasPrefix("# Standup\n\nAgenda for 2"))
        #expect(body.hasSuffix("\n\n{{unknown}}"))
        let missing = try home.run("add", "X", "--template", "nope")
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("no template named 'nope'"))
    }

    @Test func todayMakesTheJournalNoteOnceADayWithTheDailyTemplate() throws {
        let folder = try TemporaryFolder(prefix: "notes-today")
        defer { folder.remove() }
        let store = try NotesStore.open(at: folder.file("notes.json"))
        defer { store.close() }
        try store.commit(.putCategory(Category(name: "Journal")))
        var settings = NotesConfig.Settings()
        settings.dailyFormat = "yyyy-MM-dd EEE"
        settings.dailyCategory = "Journal"
        let template = NoteTemplate(name: "daily", text: "{{date}}\n\n{{cursor}}")
        let utc = try #require(TimeZone(identifier: "UTC"))
        let monday = Date(timeIntervalSince1970: 1_796_029_200)  // 2026-11-30 09:00 UTC, a Monday
        let (first, cursor) = try DailyNoteCommand.findOrMake(in: store, at: monday, settings: settings,
                                                              template: template, timeZone: utc)
        #expect(first.title == "2026-11-30 Mon")
        #expect(first.kind == .journal)
        #expect(first.body == "2026-11-30\n\n")
        #expect(cursor == EditorCursor(line: 3))
        #expect(first.categoryID == store.contents.category(named: "Journal")?.id)
        let (again, _) = try DailyNoteCommand.findOrMake(in: store, at: monday.addingTimeInterval(3600), settings: settings,
                                                         template: template, timeZone: utc)
        #expect(again.id == first.id)
        let (tuesday, _) = try DailyNoteCommand.findOrMake(in: store, at: monday.addingTimeInterval(86_400),
                                                           settings: settings, template: nil, timeZone: utc)
        #expect(tuesday.title == "2026-12-01 Tue")
        #expect(tuesday.body.isEmpty)
        #expect(store.contents.notes.values.filter { $0.kind == .journal }.count == 2)
    }

    @Test func todayPrintsTheSameIDTwice() throws {
        let home = try Home()
        defer { home.sandbox.folder.remove() }
        let first = try home.run("today", "--print")
        let second = try home.run("today", "--print")
        #expect(first.status == 0, "\(first)")
        #expect(first.stdout == second.stdout)
        #expect(try home.sandbox.notes("--kind", "journal").count == 1)
    }
}
