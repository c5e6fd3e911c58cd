import Foundation
import NotesEditing
import NotesLinks
import NotesModel
import NotesStore
import NotesTerminal
import NotesUI
import Testing

/// One imported vault with a same-named note in two folders: the app's link index knows the
/// files the notes came from, so its read view follows, and lists backlinks, as `notes links`
/// does — a bare `[[Plans]]` goes to the note in the linking note's folder, `[[B/Plans]]`
/// and `[x](B/Plans.md)` to the one imported from `B/`.
@Suite struct AppVaultLinksTests {
    private struct Vault {
        let sandbox: CLISandbox
        let hub: UUID, inA: UUID, inB: UUID
    }

    private func importedVault() throws -> Vault {
        let sandbox = try CLISandbox()
        let vault = sandbox.folder.file("vault")
        let files = [".obsidian/app.json": "{}", "A/Plans.md": "in A", "B/Plans.md": "in B",
                     "A/Hub.md": "[[Plans]] and [[B/Plans]] and [the file](B/Plans.md)"]
        for (path, text) in files {
            let url = vault.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        _ = try sandbox.ok("import", vault.path)
        let store = try NotesStore.open(at: URL(fileURLWithPath: sandbox.storePath))
        defer { store.close() }
        let byPath = Dictionary(store.contents.importSources.values.map { ($0.key.path, $0.noteID) }, uniquingKeysWith: { a, _ in a })
        let vaultNotes = try (#require(byPath["A/Hub.md"]), #require(byPath["A/Plans.md"]), #require(byPath["B/Plans.md"]))
        // Hub becomes the most recently updated note: the first in the app's list.
        _ = try sandbox.ok("set", vaultNotes.0.uuidString, "--tag", "hub")
        return Vault(sandbox: sandbox, hub: vaultNotes.0, inA: vaultNotes.1, inB: vaultNotes.2)
    }

    @Test func theAppAndNotesLinksResolveFolderLinksAlike() throws {
        let vault = try importedVault()
        defer { vault.sandbox.remove() }
        let json = try #require(try vault.sandbox.json("links", vault.hub.uuidString) as? [String: Any])
        let targets = try #require(json["outgoing"] as? [[String: Any]]).compactMap { $0["note"] as? String }
        #expect(targets == [vault.inA.uuidString, vault.inB.uuidString, vault.inB.uuidString])

        let store = try NotesStore.open(at: URL(fileURLWithPath: vault.sandbox.storePath))
        defer { store.close() }
        let snapshot = NotesSnapshot(store.contents)
        let hub = try #require(store.contents.notes[vault.hub])
        #expect(snapshot.index.resolve(.title("Plans"), from: hub) == .note(vault.inA))
        #expect(snapshot.index.resolve(.title("B/Plans"), from: hub) == .note(vault.inB))
        for (id, written) in [(vault.inA, ["[[Plans]]"]), (vault.inB, ["[[B/Plans]]", "[the file](B/Plans.md)"])] {
            let note = try #require(store.contents.notes[id])
            let backlinks = snapshot.index.backlinks(of: note)
            #expect(backlinks.map(\.source.id) == [vault.hub])
            #expect(backlinks.first?.links.map { String(decoding: Array(hub.body.utf8)[$0.range], as: UTF8.self) } == written)
            let incoming = try #require(try vault.sandbox.json("links", id.uuidString) as? [String: Any])
            #expect((incoming["incoming"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == [vault.hub.uuidString])
        }
    }

    @Test func theReadViewFollowsEachLinkToItsFolder() throws {
        let vault = try importedVault()
        defer { vault.sandbox.remove() }
        let store = try NotesStore.open(at: URL(fileURLWithPath: vault.sandbox.storePath))
        defer { store.close() }
        let terminal = MemoryTerminal(size: TerminalSize(width: 60, height: 14))
        let runner = AppRunner(terminal: terminal, repository: store, editor: UserEditor.scripted { $0 })
        runner.snapshot.index.waitUntilSearchable()
        terminal.press(.enter)
        runner.run()
        #expect(runner.state.screen == .reading(vault.hub))
        for (tabs, target) in [(1, vault.inA), (2, vault.inB), (3, vault.inB)] {
            for _ in 0..<tabs { terminal.press(.tab) }
            terminal.press(.enter)
            runner.run()
            #expect(runner.state.screen == .reading(target))
            terminal.press(.character("H"))
            runner.run()
            #expect(runner.state.screen == .reading(vault.hub))
        }
    }
}
