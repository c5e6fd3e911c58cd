import Foundation
import NotesTestSupport
import Testing
import NotesBase
import NotesColor
import NotesModel
import NotesStore
import NotesExchange
import NotesSync

/// `notes sync` between stores through a bare repository in a temporary folder (no network).
@Suite struct SyncEngineTests {
    func edit(_ store: NotesStore, _ id: UUID, body: String, at seconds: Double = 0) throws {
        guard var note = store.contents.notes[id] else { throw ModelError.noSuchNote(id.uuidString) }
        note.body = body
        note.updated = ISODate.rounded(Date().addingTimeInterval(seconds))
        try store.commit([.putNote(note)])
    }

    func add(_ store: NotesStore, _ title: String, category: UUID? = nil) throws -> UUID {
        let note = Note(title: title, created: ISODate.rounded(Date()), categoryID: category)
        try store.commit([.putNote(note)])
        return note.id
    }

    @Test func twoMachinesExchangeChangesToDifferentNotesAndWorkWithoutAGitIdentity() throws {
        let sandbox = try SyncSandbox()
        let laptop = try sandbox.machine("laptop"), desktop = try sandbox.machine("desktop")
        let red = try SerializableColor(hex: "FF0000")
        let work = Category(name: "Work", color: red)
        try laptop.commit([.putCategory(work)])
        let fromLaptop = try add(laptop, "From the laptop", category: work.id)
        try sandbox.sync(laptop)
        let fromDesktop = try add(desktop, "From the desktop")

        try sandbox.sync(desktop)
        try sandbox.sync(laptop)

        for store in [laptop, desktop] {
            #expect(Set(store.contents.notes.keys) == [fromLaptop, fromDesktop])
            #expect(store.contents.categories[work.id]?.color == red)
            #expect(store.contents.notes[fromLaptop]?.categoryID == work.id)
        }
        #expect(laptop.contents == desktop.contents)
    }

    @Test func theRemoteHoldsOneMarkdownFileANoteAndTheCategories() throws {
        let sandbox = try SyncSandbox()
        let laptop = try sandbox.machine("laptop")
        let id = try add(laptop, "Readable")
        try edit(laptop, id, body: "# Heading\nbody text\n")

        try sandbox.sync(laptop)

        let files = try sandbox.remoteFiles()
        let note = try #require(laptop.contents.notes[id])
        #expect(files[SyncFiles.path(forNote: id, inTrash: false)] == MarkdownExchange.document(for: note, category: nil))
        #expect(files["categories.json"] != nil)
    }

    @Test func theSameNoteEditedOnBothSidesKeepsTheLaterAndAConflictCopy() throws {
        let sandbox = try SyncSandbox()
        let laptop = try sandbox.machine("laptop"), desktop = try sandbox.machine("desktop")
        let id = try add(laptop, "Shared")
        try sandbox.sync(laptop)
        try sandbox.sync(desktop)
        try edit(laptop, id, body: "laptop text", at: 1)
        try edit(desktop, id, body: "desktop text", at: 2)

        try sandbox.sync(laptop)
        let report = try sandbox.sync(desktop)
        try sandbox.sync(laptop)

        #expect(report.conflictCopies.count == 1)
        let subjects = try GitCommand(folder: sandbox.remote, environment: sandbox.environment)
            .check("log", ["log", "--format=%s", "main"]).text.split(separator: "\n")
        #expect(subjects.contains { $0.hasPrefix("notes: merge on ") && $0.hasSuffix(" (1 conflict copy)") })
        for store in [laptop, desktop] {
            #expect(store.contents.notes[id]?.body == "desktop text")
            let copies = store.contents.notes.values.filter { $0.tags.contains(SyncMerge.conflictTag) }
            #expect(copies.map(\.body) == ["laptop text"])
        }
        #expect(laptop.contents == desktop.contents)
    }

    @Test func anEditAgainstADeleteBringsTheNoteBackAndAPlainDeleteTravels() throws {
        let sandbox = try SyncSandbox()
        let laptop = try sandbox.machine("laptop"), desktop = try sandbox.machine("desktop")
        let contested = try add(laptop, "Contested"), doomed = try add(laptop, "Doomed")
        try sandbox.sync(laptop)
        try sandbox.sync(desktop)
        try edit(laptop, contested, body: "still wanted", at: 1)
        try desktop.commit([.trashNote(contested, at: ISODate.rounded(Date())), .trashNote(doomed, at: ISODate.rounded(Date()))])

        try sandbox.sync(desktop)
        try sandbox.sync(laptop)
        try sandbox.sync(desktop)

        for store in [laptop, desktop] {
            #expect(store.contents.notes[contested]?.body == "still wanted")
            #expect(store.contents.notes[doomed] == nil)
            #expect(store.contents.trash[doomed] != nil)
            #expect(store.contents.trash.values.contains { $0.title == "Contested (conflict copy)" && $0.tags.contains(SyncMerge.conflictTag) })
        }
        #expect(laptop.contents == desktop.contents)
    }

    @Test func emptyingTheTrashTravels() throws {
        let sandbox = try SyncSandbox()
        let laptop = try sandbox.machine("laptop"), desktop = try sandbox.machine("desktop")
        let id = try add(laptop, "Soon gone")
        try laptop.commit([.trashNote(id, at: ISODate.rounded(Date()))])
        try sandbox.sync(laptop)
        try sandbox.sync(desktop)
        #expect(desktop.contents.trash[id] != nil)

        try laptop.commit(laptop.contents.emptyTrashChanges())
        try sandbox.sync(laptop)
        try sandbox.sync(desktop)

        #expect(desktop.contents.trash[id] == nil)
        #expect(desktop.contents.notes[id] == nil)
    }

    @Test func threeMachinesConverge() throws {
        let sandbox = try SyncSandbox()
        let machines = try ["a", "b", "c"].map { try sandbox.machine($0) }
        var random = SeededRandom(seed: 15)
        let shared = try add(machines[0], "Shared")
        for store in machines { try sandbox.sync(store) }
        for round in 0..<3 {
            for (index, store) in machines.enumerated() {
                _ = try add(store, "note \(round)-\(index)")
                if random.chance(0.6), store.contents.notes[shared] != nil {
                    try edit(store, shared, body: "round \(round) by \(index)", at: Double(random.int(0...1000)) / 1000)
                }
                if random.chance(0.3), let victim = store.contents.notes.keys.filter({ $0 != shared }).sorted(by: { $0.uuidString < $1.uuidString }).first {
                    try store.commit([.trashNote(victim, at: ISODate.rounded(Date()))])
                }
                try sandbox.sync(store)
            }
        }
        for _ in 0..<2 { for store in machines { try sandbox.sync(store) } }

        #expect(machines[0].contents == machines[1].contents)
        #expect(machines[1].contents == machines[2].contents)
        #expect(machines[0].contents.notes.count + machines[0].contents.trash.count >= 10)
        for store in machines { #expect(try sandbox.engine(store).status().ahead.isEmpty) }
    }

    @Test func anOfflineRemoteChangesNothingAndTheNextSyncRecovers() throws {
        let sandbox = try SyncSandbox()
        let missing = sandbox.folder.file("not-yet.git")
        let laptop = try sandbox.machine("laptop", remote: missing)
        _ = try add(laptop, "Written offline")
        let before = laptop.contents

        #expect(throws: SyncError.self) { try sandbox.sync(laptop) }
        #expect(laptop.contents == before)
        let status = try sandbox.engine(laptop).status()
        #expect(!status.reachable)
        #expect(status.fetchError?.contains("not-yet.git") == true)
        #expect(status.ahead.count == 2)

        try sandbox.makeBareRemote(at: missing)
        let report = try sandbox.sync(laptop)
        #expect(report.pushed)
        #expect(laptop.contents == before)
    }

    @Test func aPushRejectedBecauseTheRemoteMovedAheadIsMergedAndRetried() throws {
        let sandbox = try SyncSandbox()
        let laptop = try sandbox.machine("laptop"), desktop = try sandbox.machine("desktop")
        let mine = try add(laptop, "Laptop's")
        let theirs = try add(desktop, "Desktop's")
        var engine = sandbox.engine(laptop)
        var pushedMeanwhile = false
        engine.progress = { step in
            // Between the laptop's fetch and its push, the desktop pushes first.
            if step == "sync: pushing", !pushedMeanwhile {
                pushedMeanwhile = true
                _ = try? sandbox.sync(desktop)
            }
        }

        _ = try engine.sync()
        try sandbox.sync(desktop)

        #expect(pushedMeanwhile)
        #expect(Set(laptop.contents.notes.keys) == [mine, theirs])
        #expect(laptop.contents == desktop.contents)
    }

    @Test func editsMadeWhileASyncRunsAreKept() throws {
        let sandbox = try SyncSandbox()
        let laptop = try sandbox.machine("laptop"), desktop = try sandbox.machine("desktop")
        let id = try add(laptop, "Busy")
        try sandbox.sync(laptop)
        try sandbox.sync(desktop)
        _ = try add(desktop, "Incoming")
        try sandbox.sync(desktop)
        var engine = sandbox.engine(laptop)
        let other = try sandbox.open("laptop")
        engine.progress = { step in
            if step == "sync: fetching" { try? edit(other, id, body: "typed during the sync", at: 1) }
        }

        _ = try engine.sync()

        #expect(laptop.contents.notes[id]?.body == "typed during the sync")
        #expect(laptop.contents.notes.values.contains { $0.title == "Incoming" })
        #expect(try sandbox.engine(laptop).status().ahead == [id.uuidString])
    }

    @Test func statusSaysWhatIsAheadBehindAndInConflict() throws {
        let sandbox = try SyncSandbox()
        let laptop = try sandbox.machine("laptop"), desktop = try sandbox.machine("desktop")
        let shared = try add(laptop, "Shared")
        try sandbox.sync(laptop)
        try sandbox.sync(desktop)
        try edit(laptop, shared, body: "here")
        try edit(desktop, shared, body: "there")
        let added = try add(desktop, "New there")
        try sandbox.sync(desktop)

        let status = try sandbox.engine(laptop).status()

        #expect(status.reachable)
        #expect(status.ahead == [shared.uuidString])
        #expect(Set(status.behind) == [shared.uuidString, added.uuidString])
        #expect(status.conflicts == [shared.uuidString])
    }

    @Test func theUsersGitSettingsAndAnEnclosingProjectAreLeftAlone() throws {
        let sandbox = try SyncSandbox()
        // A global configuration that ignores Markdown and JSON files, and a project around the store.
        let home = try #require(sandbox.environment["HOME"])
        try "*.md\n*.json\n".write(toFile: home + "/ignore", atomically: true, encoding: .utf8)
        try "[core]\n\texcludesFile = \(home)/ignore\n".write(toFile: home + "/.gitconfig", atomically: true, encoding: .utf8)
        let project = sandbox.folder.file("laptop")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        let projectGit = GitCommand(folder: project, environment: sandbox.environment)
        try projectGit.check("init", ["init", "-q"])
        let laptop = try sandbox.machine("laptop")
        let id = try add(laptop, "Not ignored")

        try sandbox.sync(laptop)

        #expect(try sandbox.remoteFiles()[SyncFiles.path(forNote: id, inTrash: false)] != nil)
        #expect(try projectGit.run(["rev-parse", "--verify", "-q", "HEAD"]).status != 0)
        #expect(try projectGit.check("list staged", ["diff", "--cached", "--name-only"]).trimmedText.isEmpty)
    }

    @Test func syncWithoutInitIsAClearError() throws {
        let sandbox = try SyncSandbox()
        let store = try sandbox.open("lonely")
        #expect(throws: SyncError.notInitialized(repository: SyncRepository.folder(forStore: store.url).path)) {
            try sandbox.sync(store)
        }
        _ = try sandbox.machine("twice")
        #expect(throws: SyncError.self) { try sandbox.engine(try sandbox.open("twice")).initialize(remote: "x") }
    }
}
