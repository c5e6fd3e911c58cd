import Foundation
import NotesEditing
import NotesModel
import NotesTerminal
import NotesUI
import Testing

/// Links in the read view: `Tab` reaches them, `Enter` follows, `H`/`L` go back and forward,
/// backlinks are listed under the note, a missing target offers a new note, an ambiguous
/// one a chooser.
@Suite struct LinkFollowTests {
    static let home = Note(id: UIFixtures.uuid(80), title: "Home", body: "Start at [[Plans#Later]] or [[Nowhere]].",
                           created: UIFixtures.now, updated: UIFixtures.now.addingTimeInterval(60))
    static let plans = Note(id: UIFixtures.uuid(81), title: "Plans",
                            body: (1...30).map { "line \($0)" }.joined(separator: "\n") + "\n\n## Later\n\nthe end",
                            created: UIFixtures.now)

    /// A runner reading `home` (the most recently updated note), or with `plans`, the next one.
    static func reading(_ notes: [Note], plans: Bool = false, editBody: @escaping (String) throws -> String = { $0 })
        -> (AppRunner, MemoryTerminal, InMemoryNotesRepository) {
        let runner = UIFixtures.runner(NotesDatabase(notes: notes), width: 60, height: 14, editBody: editBody)
        runner.0.snapshot.index.waitUntilSearchable()  // the backlinks are drawn once the index is built
        if plans { runner.1.press(.down) }
        runner.1.press(.enter)
        runner.0.run()
        return runner
    }

    private func screen(_ terminal: MemoryTerminal) -> String { terminal.lastBuffer?.lines.joined(separator: "\n") ?? "" }

    @Test func enterFollowsALinkToItsHeadingAndHComesBack() throws {
        let (runner, terminal, _) = Self.reading([Self.home, Self.plans])
        terminal.press(.tab, .enter)
        runner.run()
        #expect(runner.state.screen == .reading(Self.plans.id))
        let lines = try #require(terminal.lastBuffer?.lines)
        #expect(lines[3].contains("## Later"))
        terminal.press(.character("H"))
        runner.run()
        #expect(runner.state.screen == .reading(Self.home.id))
        terminal.press(.character("L"))
        runner.run()
        #expect(runner.state.screen == .reading(Self.plans.id))
        terminal.press(.backspace)
        runner.run()
        #expect(runner.state.screen == .reading(Self.home.id))
        terminal.press(.character("H"))
        runner.run()
        #expect(runner.state.message?.text == "Nothing to go back to (H)")
    }

    /// `[[#Later]]` and `[end](#later)` lead to the heading in the same note: `Enter` scrolls
    /// there (by its text, or by GitHub's anchor of it), `H` comes back to the top.
    @Test func aLinkToAHeadingOfTheSameNoteScrollsThere() throws {
        for link in ["[[#Later]]", "[end](#later)"] {
            let guide = Note(id: UIFixtures.uuid(82), title: "Guide", body: "Jump to \(link).\n\n" + Self.plans.body,
                             created: UIFixtures.now)
            let (runner, terminal, _) = Self.reading([guide])
            #expect(try #require(terminal.lastBuffer?.lines).contains { $0.contains("Jump to \(link.hasPrefix("[[") ? "Later" : "end").") })
            terminal.press(.tab, .enter)
            runner.run()
            #expect(runner.state.screen == .reading(guide.id))
            #expect(try #require(terminal.lastBuffer?.lines)[3].contains("## Later"), "\(link)")
            terminal.press(.character("H"))
            runner.run()
            #expect(try #require(terminal.lastBuffer?.lines).contains { $0.contains("Jump to") })
        }
    }

    @Test func aLinkToNoNoteIsDrawnDimBeforeItIsFollowed() throws {
        let (_, terminal, _) = Self.reading([Self.home, Self.plans])
        let buffer = try #require(terminal.lastBuffer)
        let row = try #require(buffer.lines.firstIndex { $0.contains("Start at Plans or Nowhere.") })
        let line = buffer.line(row)
        let plans = try #require(line.range(of: "Plans")), nowhere = try #require(line.range(of: "Nowhere"))
        let plansX = line.distance(from: line.startIndex, to: plans.lowerBound)
        let nowhereX = line.distance(from: line.startIndex, to: nowhere.lowerBound)
        #expect(buffer[plansX, row].style.underline && !buffer[plansX, row].style.dim)
        #expect(buffer[nowhereX, row].style.underline && buffer[nowhereX, row].style.dim)
    }

    @Test func anEmbeddedNoteIsAPlaceholderThatEnterFollows() throws {
        let hub = Note(id: UIFixtures.uuid(85), title: "Hub", body: "Before.\n\n![[Plans#Later]]\n",
                       created: UIFixtures.now, updated: UIFixtures.now.addingTimeInterval(120))
        let (runner, terminal, _) = Self.reading([hub, Self.plans])
        #expect(screen(terminal).contains("[embed: Plans#Later]"))
        terminal.press(.tab, .enter)
        runner.run()
        #expect(runner.state.screen == .reading(Self.plans.id))
        #expect(try #require(terminal.lastBuffer?.lines)[3].contains("## Later"))
    }

    @Test func aBlockReferenceOpensTheNoteAtTheBlock() throws {
        let quoted = Note(id: UIFixtures.uuid(86), title: "Quotes",
                          body: (1...30).map { "line \($0)" }.joined(separator: "\n\n") + "\n\nThe saying\nto keep. ^saying\n\nafter",
                          created: UIFixtures.now)
        let hub = Note(id: UIFixtures.uuid(87), title: "Hub", body: "See [[Quotes#^saying]].",
                       created: UIFixtures.now, updated: UIFixtures.now.addingTimeInterval(120))
        let (runner, terminal, _) = Self.reading([hub, quoted])
        terminal.press(.tab, .enter)
        runner.run()
        #expect(runner.state.screen == .reading(quoted.id))
        #expect(try #require(terminal.lastBuffer?.lines)[3].contains("The saying"))
        #expect(runner.state.message == nil)
    }

    @Test func backlinksAreListedUnderTheNoteAndOpenWithEnter() throws {
        let (runner, terminal, _) = Self.reading([Self.plans, Self.home], plans: true)
        terminal.press(.character("G"))
        runner.run()
        #expect(screen(terminal).contains("Linked from 1 note"))
        #expect(screen(terminal).contains("• Home — Start at [[Plans#Later]]"))
        terminal.press(.backTab, .enter)
        runner.run()
        #expect(runner.state.screen == .reading(Self.home.id))
    }

    @Test func aMissingTargetOffersANoteThroughTheNewNotePath() throws {
        let (runner, terminal, repository) = Self.reading([Self.home, Self.plans], editBody: { $0 + "written\n" })
        terminal.press(.tab, .tab, .enter)
        runner.run()
        #expect(runner.state.confirmation == .createNote(title: "Nowhere", categoryID: nil))
        #expect(terminal.lastBuffer?.lines.last?.hasPrefix("Create note 'Nowhere'? (y/n)") == true)
        terminal.press(.character("y"))
        runner.run()
        #expect(repository.contents.notes.values.contains { $0.title == "Nowhere" })
    }

    @Test func anAmbiguousTargetOpensAChooserOfTheCandidates() throws {
        let work = Category(id: UIFixtures.uuid(90), name: "Work"), home = Category(id: UIFixtures.uuid(91), name: "Home")
        let first = Note(id: UIFixtures.uuid(82), title: "Plans", created: UIFixtures.now, categoryID: work.id)
        let second = Note(id: UIFixtures.uuid(83), title: "plans", created: UIFixtures.now, categoryID: home.id)
        let source = Note(id: UIFixtures.uuid(84), title: "Hub", body: "[[PLANS]]", created: UIFixtures.now,
                          updated: UIFixtures.now.addingTimeInterval(60))
        let runner = UIFixtures.runner(NotesDatabase(notes: [source, first, second], categories: [work, home]), width: 60, height: 14)
        runner.1.press(.enter, .tab, .enter)
        runner.0.run()
        let chooser = try #require(runner.0.state.chooser)
        #expect(Set(chooser.chooser.items.compactMap(\.id)) == [first.id, second.id])
        runner.1.press(.enter)
        runner.0.run()
        #expect([.reading(first.id), .reading(second.id)].contains(runner.0.state.screen))
    }

    @Test func renamingRewritesTheLinksAndOneUUndoesAll() throws {
        let (runner, terminal, repository) = Self.reading([Self.plans, Self.home], plans: true)
        terminal.press(.character("r"))
        for _ in 0..<5 { terminal.press(.backspace) }
        terminal.type("Roadmap")
        terminal.press(.enter)
        runner.run()
        #expect(repository.contents.notes[Self.home.id]?.body == "Start at [[Roadmap#Later]] or [[Nowhere]].")
        #expect(repository.contents.notes[Self.plans.id]?.title == "Roadmap")
        #expect(runner.state.message?.text == "Renamed \"Plans\" to \"Roadmap\"; updated links in 1 note")
        terminal.press(.character("u"))
        runner.run()
        #expect(repository.contents.notes[Self.home.id]?.body == Self.home.body)
        #expect(repository.contents.notes[Self.plans.id]?.title == "Plans")
    }

    @Test func renamingWithTheSettingOffLeavesLinksAlone() throws {
        let repository = InMemoryNotesRepository(NotesDatabase(notes: [Self.plans, Self.home]))
        let terminal = MemoryTerminal(size: TerminalSize(width: 60, height: 14))
        let runner = AppRunner(terminal: terminal, repository: repository, timeZone: UIFixtures.utc, now: { UIFixtures.now },
                               editor: UserEditor(runEditor: { _ in }, unsavedFolder: FileManager.default.temporaryDirectory,
                                                  now: { UIFixtures.now }),
                               updatesLinksOnRename: false)
        terminal.press(.down, .enter, .character("r"))
        for _ in 0..<5 { terminal.press(.backspace) }
        terminal.type("Roadmap")
        terminal.press(.enter)
        runner.run()
        #expect(repository.contents.notes[Self.plans.id]?.title == "Roadmap")
        #expect(repository.contents.notes[Self.home.id]?.body == Self.home.body)
    }

    @Test func aTitleChangedInTheEditorHeaderRewritesTheLinksToo() throws {
        let (runner, terminal, repository) = Self.reading([Self.plans, Self.home], plans: true, editBody: { text in
            text.replacingOccurrences(of: "title: Plans", with: "title: Roadmap")
                .replacingOccurrences(of: "title: \"Plans\"", with: "title: \"Roadmap\"")
        })
        terminal.press(.character("e"))
        runner.run()
        #expect(repository.contents.notes[Self.plans.id]?.title == "Roadmap")
        #expect(repository.contents.notes[Self.home.id]?.body == "Start at [[Roadmap#Later]] or [[Nowhere]].")
    }
}
