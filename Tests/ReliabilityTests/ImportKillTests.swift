#if canImport(Glibc)
import Glibc
#endif
import Foundation
import NotesTestSupport
import Testing
import NotesModel
import NotesStore

/// `notes import` killed with SIGKILL at random instants, a first import and a second one
/// after files changed: the notes and the records of where they came from are one commit,
/// so every reopen holds both or neither, and the import run again afterwards ends with
/// each file's note once, never twice.
@Suite struct ImportKillTests {
    @Test func aKilledImportLeavesNotesAndTheirSourcesTogether() throws {
        let folder = try TemporaryFolder(prefix: "notes-import-kill")
        defer { folder.remove() }
        let vault = folder.file("vault")
        try FileManager.default.createDirectory(at: vault, withIntermediateDirectories: true)
        let fileCount = 200
        func writeFiles(_ version: String) throws {
            for index in 0..<fileCount {
                try Data("# Note \(index)\n\(version) body of note \(index)\n".utf8)
                    .write(to: vault.appendingPathComponent("note-\(index).md"))
            }
        }
        var random = SeededRandom(seed: ReliabilitySettings.seed)
        var outcomes = (none: 0, all: 0)
        let rounds = max(4, ReliabilitySettings.kills / 20)
        for round in 0..<rounds {
            let store = folder.file("store-\(round)/notes.json")
            let context = "round \(round) (NOTES_STRESS_SEED=\(ReliabilitySettings.seed))"
            try writeFiles("first")
            if round % 2 == 1 {
                // The second import is the one killed: it updates every note.
                let first = try BoundedChild.notes(["import", vault.path, "--store", store.path])
                #expect(first.exit == .exited(0), "\(context): \(first.stderr)")
                try writeFiles("second")
            }
            try BoundedChild.notesKilled(["import", vault.path, "--store", store.path], within: 250_000, random: &random,
                                         stderr: folder.file("stderr-\(round)"))

            let reopened = try NotesStore.open(at: store)
            let contents = reopened.contents
            let bodies = Set(contents.notes.values.map { $0.body.hasPrefix("second") ? "second" : "first" })
            let sourceNotes = Set(contents.importSources.values.map(\.noteID))
            #expect(sourceNotes.isSubset(of: Set(contents.notes.keys)), "\(context): a record without its note")
            #expect(contents.notes.count == contents.importSources.count, "\(context): notes and records apart")
            #expect(bodies.count <= 1, "\(context): half an update: \(bodies)")
            if contents.notes.isEmpty || (round % 2 == 1 && bodies == ["first"]) { outcomes.none += 1 } else { outcomes.all += 1 }
            reopened.close()

            let again = try BoundedChild.notes(["import", vault.path, "--store", store.path])
            #expect(again.exit == .exited(0), "\(context): \(again.stderr)")
            let finished = try NotesStore.open(at: store).contents
            #expect(finished.notes.count == fileCount, "\(context): \(finished.notes.count) notes for \(fileCount) files")
            #expect(Set(finished.notes.values.map(\.title)).count == fileCount, "\(context): a file imported twice")
            let version = round % 2 == 1 ? "second" : "first"
            #expect(finished.notes.values.allSatisfy { $0.body.hasPrefix(version) }, "\(context): not every note is the \(version) version")
        }
        print("import kills: \(rounds) rounds, \(outcomes.none) killed before the commit, \(outcomes.all) after")
    }

    /// A second import after every file was renamed moves each record (`dropImportSource`
    /// and `putImportSource`) and trashes the note of a deleted file (`--trash-missing`),
    /// killed at random instants: every reopen holds the old records or the new ones, never
    /// a mix, and the import run again ends with each file's note once.
    @Test func aKilledImportOfRenamedFilesMovesEveryRecordOrNone() throws {
        let folder = try TemporaryFolder(prefix: "notes-import-rename-kill")
        defer { folder.remove() }
        let vault = folder.file("vault")
        let fileCount = 200
        var random = SeededRandom(seed: ReliabilitySettings.seed &+ 1)
        var outcomes = (none: 0, all: 0)
        let rounds = max(4, ReliabilitySettings.kills / 20)
        for round in 0..<rounds {
            let store = folder.file("store-\(round)/notes.json")
            let context = "round \(round) (NOTES_STRESS_SEED=\(ReliabilitySettings.seed))"
            try? FileManager.default.removeItem(at: vault)
            try FileManager.default.createDirectory(at: vault, withIntermediateDirectories: true)
            for index in 0..<fileCount {
                try Data("# Note \(index)\nbody of note \(index)\n".utf8).write(to: vault.appendingPathComponent("note-\(index).md"))
            }
            let first = try BoundedChild.notes(["import", vault.path, "--store", store.path])
            #expect(first.exit == .exited(0), "\(context): \(first.stderr)")
            for index in 1..<fileCount {
                try FileManager.default.moveItem(at: vault.appendingPathComponent("note-\(index).md"),
                                                 to: vault.appendingPathComponent("renamed-\(index).md"))
            }
            try FileManager.default.removeItem(at: vault.appendingPathComponent("note-0.md"))
            try BoundedChild.notesKilled(["import", "--trash-missing", vault.path, "--store", store.path], within: 250_000,
                                         random: &random, stderr: folder.file("stderr-\(round)"))

            let reopened = try NotesStore.open(at: store)
            let contents = reopened.contents
            let prefixes = Set(contents.importSources.keys.map { $0.path.hasPrefix("renamed-") ? "renamed" : "note" })
            #expect(Set(contents.importSources.values.map(\.noteID)).isSubset(of: Set(contents.notes.keys)),
                    "\(context): a record without its live note")
            #expect(contents.notes.count + contents.trash.count == fileCount, "\(context): a note lost or doubled")
            if prefixes == ["note"] {
                #expect(contents.importSources.count == fileCount && contents.trash.isEmpty, "\(context): half a commit")
                outcomes.none += 1
            } else {
                #expect(prefixes == ["renamed"] && contents.importSources.count == fileCount - 1 && contents.trash.count == 1,
                        "\(context): records \(prefixes), \(contents.importSources.count), trash \(contents.trash.count)")
                outcomes.all += 1
            }
            reopened.close()

            let again = try BoundedChild.notes(["import", "--trash-missing", vault.path, "--store", store.path])
            #expect(again.exit == .exited(0), "\(context): \(again.stderr)")
            let finished = try NotesStore.open(at: store).contents
            #expect(finished.notes.count == fileCount - 1 && finished.trash.count == 1, "\(context): \(finished.notes.count) notes")
            #expect(finished.importSources.keys.allSatisfy { $0.path.hasPrefix("renamed-") }, "\(context): an old record stayed")
        }
        print("import rename kills: \(rounds) rounds, \(outcomes.none) killed before the commit, \(outcomes.all) after")
    }
}
