import Foundation
import NotesEditing
import NotesLinks
import NotesModel
import NotesStore
import NotesTerminal
import NotesUI
import Testing

/// An imported Dendron vault in the app: the read view shows a `[[label|a.b]]` link by its
/// label and follows it to the note `a.b`, whose backlinks list the linking note, as
/// `notes links` does.
@Suite struct AppDendronLinksTests {
    @Test func theReadViewShowsTheLabelAndFollowsTheTarget() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let vault = sandbox.folder.file("dendron")
        let files = ["dendron.yml": "version: 5\n", "projects.plans.md": "---\ntitle: Plans\n---\nthe plans",
                     "root.md": "---\ntitle: Root\n---\nsee [[our plans|projects.plans]] soon"]
        try FileManager.default.createDirectory(at: vault, withIntermediateDirectories: true)
        for (path, text) in files { try Data(text.utf8).write(to: vault.appendingPathComponent(path)) }
        _ = try sandbox.ok("import", vault.path)
        let store = try NotesStore.open(at: URL(fileURLWithPath: sandbox.storePath))
        defer { store.close() }
        let byTitle = Dictionary(store.contents.notes.values.map { ($0.title, $0.id) }, uniquingKeysWith: { a, _ in a })
        let root = try #require(byTitle["Root"]), plans = try #require(byTitle["Plans"])
        _ = try sandbox.ok("set", root.uuidString, "--tag", "first")  // the most recently updated: first in the list

        let terminal = MemoryTerminal(size: TerminalSize(width: 60, height: 14))
        let runner = AppRunner(terminal: terminal, repository: try NotesStore.open(at: URL(fileURLWithPath: sandbox.storePath)),
                               editor: UserEditor.scripted { $0 })
        runner.snapshot.index.waitUntilSearchable()
        terminal.press(.enter)
        runner.run()
        #expect(runner.state.screen == .reading(root))
        let screen = terminal.lastBuffer?.lines.joined(separator: "\n") ?? ""
        #expect(screen.contains("see our plans soon"), "\(screen)")
        terminal.press(.tab)
        terminal.press(.enter)
        runner.run()
        #expect(runner.state.screen == .reading(plans))
        let plansNote = try #require(runner.snapshot.database.notes[plans])
        #expect(runner.snapshot.index.backlinks(of: plansNote).map(\.source.id) == [root])
    }

    /// A body over a MiB is rendered a window at a time (`RenderedSegmentCache`): its
    /// Dendron links are read label first there too.
    @Test func aLongBodyReadsItsLinksLabelFirstToo() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let vault = sandbox.folder.file("dendron")
        let filler = String(repeating: "A line of the long note that fills it past one mebibyte.\n\n", count: 20_000)
        let files = ["dendron.yml": "version: 5\n", "projects.plans.md": "---\ntitle: Plans\n---\nthe plans",
                     "root.md": "---\ntitle: Root\n---\nsee [[our plans|projects.plans]] soon\n\n" + filler]
        try FileManager.default.createDirectory(at: vault, withIntermediateDirectories: true)
        for (path, text) in files { try Data(text.utf8).write(to: vault.appendingPathComponent(path)) }
        _ = try sandbox.ok("import", vault.path)
        let store = try NotesStore.open(at: URL(fileURLWithPath: sandbox.storePath))
        let byTitle = Dictionary(store.contents.notes.values.map { ($0.title, $0.id) }, uniquingKeysWith: { a, _ in a })
        store.close()
        let root = try #require(byTitle["Root"]), plans = try #require(byTitle["Plans"])
        _ = try sandbox.ok("set", root.uuidString, "--tag", "first")

        let terminal = MemoryTerminal(size: TerminalSize(width: 60, height: 14))
        let runner = AppRunner(terminal: terminal, repository: try NotesStore.open(at: URL(fileURLWithPath: sandbox.storePath)),
                               editor: UserEditor.scripted { $0 })
        runner.snapshot.index.waitUntilSearchable()
        #expect(try #require(runner.snapshot.database.notes[root]).body.utf8.count > 1 << 20)
        terminal.press(.enter)
        runner.run()
        let screen = terminal.lastBuffer?.lines.joined(separator: "\n") ?? ""
        #expect(screen.contains("see our plans soon"), "\(screen)")
        terminal.press(.tab, .enter)
        runner.run()
        #expect(runner.state.screen == .reading(plans))
    }
}
