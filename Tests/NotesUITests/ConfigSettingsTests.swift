import Foundation
import NotesEditing
import NotesModel
import NotesTerminal
import NotesTestSupport
import NotesUI
import Testing

/// What the config file hands the UI: remapped keys (the help and footer follow), the
/// preview at start, the default category of `n`, `J` for today's journal note.
@Suite struct ConfigSettingsTests {
    /// A clock a test moves on.
    final class Clock: @unchecked Sendable {
        var now = UIFixtures.now
    }

    func runner(_ settings: AppSettings, clock: Clock = Clock(), database: NotesDatabase = UIFixtures.database)
        -> (AppRunner, MemoryTerminal, InMemoryNotesRepository) {
        let terminal = MemoryTerminal(size: TerminalSize(width: 100, height: 24))
        let repository = InMemoryNotesRepository(database)
        let runner = AppRunner(terminal: terminal, repository: repository, timeZone: UIFixtures.utc,
                               now: { clock.now }, editor: UserEditor.scripted { $0 }, settings: settings)
        return (runner, terminal, repository)
    }

    func remapped(_ remaps: [String: [String]]) throws -> AppSettings {
        var settings = AppSettings()
        var keys: [KeyAction: [Key]] = [:]
        for (action, names) in remaps {
            let (resolved, list) = try ScreenKeyMaps.remap(action: action, keys: names).get()
            keys[resolved] = list
        }
        settings.keyMaps = ScreenKeyMaps().remapped(keys)
        return settings
    }

    @Test func aRemappedKeyWorksAndTheHelpAndFooterShowIt() throws {
        let settings = try remapped(["edit": ["E"], "trashNote": ["x"]])
        let (runner, terminal, _) = runner(settings)
        runner.run()
        let footer = KeyHelp.statusKeys(for: runner.state, runner.snapshot, width: 200)
        #expect(footer.contains("E edit") && footer.contains("x trash"))
        #expect(!footer.contains("e edit") && !footer.contains("d trash"))
        let help = KeyHelp.sections(for: runner.state).flatMap(\.keys)
        #expect(help.contains { $0.key == "E" && $0.action == "edit in $EDITOR" })
        #expect(help.contains { $0.key == "x" && $0.action == "move to the trash" })
        // The old keys do nothing now; the new ones act.
        #expect(runner.state.settings.keyMaps.notes.action(for: .character("e")) == nil)
        #expect(runner.state.settings.keyMaps.notes.action(for: .character("d")) == nil)
        #expect(runner.state.settings.keyMaps.notes.action(for: .character("E")) == .edit)
        terminal.press(.character("?"))
        runner.run()
        #expect(terminal.lastBuffer?.lines.contains { $0.contains("E") && $0.contains("edit in $EDITOR") } == true)
    }

    @Test func aKeyTakenByARemapLeavesTheActionThatHadIt() throws {
        // `x` ticks a task in the read view; given to edit, it edits there instead.
        let settings = try remapped(["edit": ["x"]])
        #expect(settings.keyMaps.reading.action(for: .character("x")) == .edit)
        let task = settings.keyMaps.reading.bindings.first { $0.actions.contains(.nextTask) }
        #expect(task?.label == "Tab S-Tab")
        #expect(!(task?.actions.contains(.toggleTask) ?? true))
    }

    @Test func remappedMovesKeepTheirPairsInTheHelpAndFooter() throws {
        // `down` on `n` (taken from new note), `up` on `e`: `j/k ↑/↓ move` was `↑ k ↓ n move`.
        let settings = try remapped(["down": ["n"], "up": ["e"]])
        let move = settings.keyMaps.notes.bindings.first { $0.actions.contains(.down) }
        #expect(move?.label == "n/e")
        // Arrows kept in the remap keep their own place: `n/e ↑/↓`, not `n/Down/e/Up ↑/↓`.
        let arrows = try remapped(["down": ["n", "Down"], "up": ["e", "Up"]]).keyMaps.notes.bindings
        #expect(arrows.first { $0.actions.contains(.down) }?.label == "n/e ↑/↓")
        let first = try remapped(["first": ["Home"], "pageDown": ["Space"]])
        let page = first.keyMaps.notes.bindings.first { $0.actions.contains(.first) }
        #expect(page?.label == "Space/PgUp Home/G")
        let pane = try remapped(["down": ["J"]]).keyMaps.reading.bindings.first { $0.actions.contains(.down) }
        #expect(pane?.label == "J/k ↑ ] [")
        let help = try remapped(["help": ["F1"]]).keyMaps.notes.allBindings.first { $0.actions.contains(.help) }
        #expect(help?.label == "F1" && help?.footer == "F1 help")
        let (runner, terminal, _) = runner(settings)
        runner.run()
        terminal.press(.character("?"))
        runner.run()
        #expect(terminal.lastBuffer?.lines.contains { $0.contains("n/e") && $0.contains("move") } == true)
    }

    @Test func badRemapsAreNamed() {
        #expect(throws: ScreenKeyMaps.RemapError.unknownAction("edt")) { try ScreenKeyMaps.remap(action: "edt", keys: ["E"]).get() }
        #expect(throws: ScreenKeyMaps.RemapError.unknownKey("Hyper-X")) {
            try ScreenKeyMaps.remap(action: "edit", keys: ["Hyper-X"]).get()
        }
        #expect(KeyNames.key("Ctrl-P") == .control("p"))
        #expect(KeyNames.key("f2") == .function(2))
        #expect(KeyNames.key("Space") == .character(" "))
        #expect(KeyNames.name(.control("p")) == "Ctrl-P")
    }

    @Test func thePreviewCanStartHidden() {
        var settings = AppSettings()
        settings.showsPreview = false
        let (runner, _, _) = runner(settings)
        #expect(!runner.state.showsPreview)
    }

    @Test func todaysNoteIsMadeOnceADayAndOpened() throws {
        var settings = AppSettings()
        settings.daily.format = "EEE yyyy-MM-dd"
        settings.daily.categoryName = "Home"
        settings.daily.timeZone = UIFixtures.utc
        settings.daily.template = NoteTemplate(name: "daily", text: "# {{title}}\n\n- {{cursor}}")
        let clock = Clock()
        let (runner, terminal, repository) = runner(settings, clock: clock)
        terminal.press(.character("J"))
        runner.run()
        let first = try #require(repository.contents.notes.values.first { $0.kind == .journal })
        #expect(first.title == "Wed 2025-03-05")
        #expect(first.body == "# Wed 2025-03-05\n\n- ")
        #expect(first.categoryID == UIFixtures.home.id)
        #expect(runner.state.screen == .reading(first.id))
        // Again the same day, after going back: the same note, no second one.
        terminal.press(.character("q"))
        terminal.press(.character("J"))
        runner.run()
        #expect(repository.contents.notes.values.filter { $0.kind == .journal }.count == 1)
        #expect(runner.state.screen == .reading(first.id))
        // The next day: a new note.
        clock.now = UIFixtures.now.addingTimeInterval(86_400)
        terminal.press(.character("q"))
        terminal.press(.character("J"))
        runner.run()
        let titles = repository.contents.notes.values.filter { $0.kind == .journal }.map(\.title).sorted()
        #expect(titles == ["Thu 2025-03-06", "Wed 2025-03-05"])
    }

    @Test func aMissingDailyCategoryIsSaidAndMakesNothing() {
        var settings = AppSettings()
        settings.daily.categoryName = "Nowhere"
        let (runner, terminal, repository) = runner(settings)
        terminal.press(.character("J"))
        runner.run()
        #expect(repository.commits.isEmpty)
        #expect(runner.state.message?.isError == true)
        #expect(runner.state.message?.text.contains("Nowhere") == true)
    }

    @Test func journalReferenceAndChecklistNotesShowTheirLetterInTheList() throws {
        let database = NotesDatabase(notes: [
            Note(title: "Day one", created: UIFixtures.now, kind: .journal),
            Note(title: "Manual", created: UIFixtures.now.addingTimeInterval(-60), kind: .reference),
            Note(title: "Plain", created: UIFixtures.now.addingTimeInterval(-120)),
        ])
        let (runner, terminal, _) = runner(AppSettings(), database: database)
        runner.run()
        let lines = try #require(terminal.lastBuffer?.lines)
        #expect(lines.contains { $0.contains("J Day one") })
        #expect(lines.contains { $0.contains("R Manual") })
        #expect(lines.contains { $0.contains("Plain") && !$0.contains("J Plain") })
    }
}

/// `n` with templates: a chooser of them, then the title; the body comes from the template.
@Suite struct NewNoteTemplateTests {
    @Test func nOffersTheTemplatesAndFillsTheChosenOne() throws {
        var settings = AppSettings()
        settings.daily.timeZone = UIFixtures.utc
        settings.templates = [NoteTemplate(name: "meeting", text: "# {{title}}\n{{date}}\n"),
                              NoteTemplate(name: "recipe", text: "Serves:")]
        let terminal = MemoryTerminal(size: TerminalSize(width: 100, height: 24))
        let repository = InMemoryNotesRepository(UIFixtures.database)
        let runner = AppRunner(terminal: terminal, repository: repository, timeZone: UIFixtures.utc,
                               now: { UIFixtures.now }, editor: UserEditor.scripted { $0 }, settings: settings)
        terminal.press(.character("n"))
        runner.run()
        #expect(terminal.lastBuffer?.lines.contains { $0.contains("meeting") } == true)
        terminal.type("meet")
        terminal.press(.enter)
        terminal.type("Standup")
        terminal.press(.enter)
        runner.run()
        let made = try #require(repository.contents.notes.values.first { $0.title == "Standup" })
        #expect(made.body == "# Standup\n2025-03-05\n")
    }

    @Test func aTemplatesFrontMatterSetsTheNewNotesFields() throws {
        var settings = AppSettings()
        settings.daily.timeZone = UIFixtures.utc
        let header = NoteTemplate.Header(title: "{{date}} {{title}}", categoryName: "Home", tags: ["work"], kind: .reference,
                                         pinned: true)
        settings.templates = [NoteTemplate(name: "plan", text: "For {{title}}\n", header: header)]
        settings.daily.template = NoteTemplate(name: "daily", text: "Day\n", header: header)
        let terminal = MemoryTerminal(size: TerminalSize(width: 100, height: 24))
        let repository = InMemoryNotesRepository(UIFixtures.database)
        let runner = AppRunner(terminal: terminal, repository: repository, timeZone: UIFixtures.utc,
                               now: { UIFixtures.now }, editor: UserEditor.scripted { $0 }, settings: settings)
        terminal.press(.character("n"))
        terminal.type("plan")
        terminal.press(.enter)
        terminal.type("Trip")
        terminal.press(.enter)
        runner.run()
        let made = try #require(repository.contents.notes.values.first { $0.title == "2025-03-05 Trip" })
        #expect(made.body == "For Trip\n" && made.tags == ["work"] && made.kind == .reference && made.pinned)
        #expect(made.categoryID == UIFixtures.home.id)
        // Today's note keeps its title and kind (it is found by them) and takes the rest.
        terminal.press(.character("J"))
        runner.run()
        let day = try #require(repository.contents.notes.values.first { $0.kind == .journal })
        #expect(day.title == "2025-03-05" && day.tags == ["work"] && day.pinned && day.categoryID == UIFixtures.home.id)
    }

    @Test func aTemplateThatCouldNotBeReadIsStillSaidAfterTheEditor() throws {
        var settings = AppSettings()
        let problem = "template bad.md, front matter line 2: unknown kind 'jornal'"
        settings.templates = [NoteTemplate(name: "bad", text: "---\nkind: jornal\n---\nBody\n", problem: problem)]
        let terminal = MemoryTerminal(size: TerminalSize(width: 100, height: 24))
        let repository = InMemoryNotesRepository(UIFixtures.database)
        let runner = AppRunner(terminal: terminal, repository: repository, timeZone: UIFixtures.utc,
                               now: { UIFixtures.now }, editor: UserEditor.scripted { $0 + "typed\n" }, settings: settings)
        terminal.press(.character("n"))
        terminal.type("bad")
        terminal.press(.enter)
        terminal.type("Oops")
        terminal.press(.enter)
        runner.run()
        let made = try #require(repository.contents.notes.values.first { $0.title == "Oops" })
        #expect(made.body == "---\nkind: jornal\n---\nBody\ntyped\n")
        #expect(runner.state.message?.text == "Created \"Oops\"; " + problem)
    }

    @Test func noneGivesAnEmptyBodyAndEscMakesNoNote() throws {
        var settings = AppSettings()
        settings.templates = [NoteTemplate(name: "meeting", text: "Agenda")]
        let terminal = MemoryTerminal(size: TerminalSize(width: 100, height: 24))
        let repository = InMemoryNotesRepository(UIFixtures.database)
        let runner = AppRunner(terminal: terminal, repository: repository, timeZone: UIFixtures.utc,
                               now: { UIFixtures.now }, editor: UserEditor.scripted { $0 }, settings: settings)
        terminal.press(.character("n"), .escape)
        runner.run()
        #expect(runner.state.prompt == nil && runner.state.chooser == nil)
        terminal.press(.character("n"), .character("-"))
        terminal.type("Blank")
        terminal.press(.enter)
        runner.run()
        let made = try #require(repository.contents.notes.values.first { $0.title == "Blank" })
        #expect(made.body.isEmpty)
    }
}
