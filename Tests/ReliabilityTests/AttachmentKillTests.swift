#if canImport(Glibc)
import Glibc
#endif
import Foundation
import NotesTestSupport
import Testing
import NotesModel
import NotesStore

/// `notes import` of notes with attachments, and `notes trash empty` of them, killed with
/// SIGKILL at random instants: the files are written before the journal line that names
/// them and removed after the one that deletes their notes, so after any kill every note
/// in the store has its files; what a kill can leave is a folder no note owns, which
/// `notes doctor` lists.
@Suite struct AttachmentKillTests {
    /// An Evernote export of `count` notes, each with one attachment of about 24 KB.
    static func enex(count: Int) -> String {
        var text = #"<?xml version="1.0" encoding="UTF-8"?><en-export application="Evernote" version="10.0">"#
        for index in 0..<count {
            let bytes = Data((0..<24_000).map { UInt8(truncatingIfNeeded: $0 &* (index + 7)) })
            text += "<note><title>Note \(index)</title><content><![CDATA[<en-note><div>body \(index)</div></en-note>]]></content>"
                + "<created>20240105T091500Z</created><resource><data encoding=\"base64\">\(bytes.base64EncodedString())</data>"
                + "<mime>application/octet-stream</mime><resource-attributes><file-name>file-\(index).bin</file-name>"
                + "</resource-attributes></resource></note>"
        }
        return text + "</en-export>"
    }

    @Test func aKillNeverLeavesANoteNamingAMissingFile() throws {
        let folder = try TemporaryFolder(prefix: "notes-attachment-kill")
        defer { folder.remove() }
        let export = folder.file("Notebook.enex")
        try Data(Self.enex(count: 60).utf8).write(to: export)
        var random = SeededRandom(seed: ReliabilitySettings.seed)
        var orphans = 0
        let rounds = max(4, ReliabilitySettings.kills / 30)
        for round in 0..<rounds {
            let store = folder.file("store-\(round)/notes.json")
            let context = "round \(round) (NOTES_STRESS_SEED=\(ReliabilitySettings.seed))"
            let emptying = round % 2 == 1
            if emptying {
                let imported = try BoundedChild.notes(["import", export.path, "--store", store.path])
                #expect(imported.exit == .exited(0), "\(context): \(imported.stderr)")
                let ids = try NotesStore.open(at: store).contents.notes.keys.map(\.uuidString)
                let removed = try BoundedChild.notes(["rm"] + ids + ["--store", store.path])
                #expect(removed.exit == .exited(0), "\(context): \(removed.stderr)")
            }
            let arguments = emptying ? ["trash", "empty"] : ["import", export.path]
            try BoundedChild.notesKilled(arguments + ["--store", store.path], within: emptying ? 60_000 : 400_000,
                                         random: &random, stderr: folder.file("stderr-\(round)"))

            let reopened = try NotesStore.open(at: store)
            let check = AttachmentCheck.examine(reopened.contents, storeFolder: store.deletingLastPathComponent())
            #expect(check.problems.isEmpty, "\(context): \(check.problems.prefix(3))")
            orphans += check.notices.count
            reopened.close()
            let report = StoreDoctor.examine(at: store)
            #expect(report.isHealthy, "\(context): \(report)")
            #expect(report.notices.count == check.notices.count, "\(context): doctor lists every folder no note owns")
        }
        print("attachment kills: \(rounds) rounds, \(orphans) folders left that no note owns (listed by doctor)")
    }
}

/// `D` in the UI's trash and its undo, killed with SIGKILL at random instants
/// (`notes-stress undo-purge`): the files of a note deleted for good are held aside after its
/// commit and put back before the commit that brings it back, so after any kill every note
/// the store has, has every file, byte for byte; what the kill left in the holding place is
/// removed by the next store opened for writing.
@Suite struct UndoPurgeKillTests {
    @Test func aKillNeverLeavesANoteWithoutItsFilesNorHeldFilesBehind() throws {
        let folder = try TemporaryFolder(prefix: "notes-undo-purge-kill")
        defer { folder.remove() }
        var random = SeededRandom(seed: ReliabilitySettings.seed)
        let rounds = max(6, ReliabilitySettings.kills / 20)
        var held = 0
        for round in 0..<rounds {
            let storeFolder = folder.file("store-\(round)")
            let url = storeFolder.appendingPathComponent("notes.json")
            let context = "round \(round) (NOTES_STRESS_SEED=\(ReliabilitySettings.seed))"
            var files: [AttachmentPath: Data] = [:]
            do {
                let store = try NotesStore.open(at: url)
                for index in 0..<8 {
                    var note = Note(title: "Note \(index)")
                    for name in ["a.bin", "b.bin"] {
                        let path = try AttachmentPath("attachments/\(note.id.uuidString)/\(name)")
                        let bytes = Data((0..<(3_000 + index * 97)).map { UInt8(truncatingIfNeeded: $0 &* (index + name.count)) })
                        try AttachmentFiles.write(bytes, to: path, in: storeFolder)
                        files[path] = bytes
                        note.attachments.append(path)
                    }
                    try store.commit([.putNote(note), .trashNote(note.id, at: Date())])
                }
                store.close()
            }
            try BoundedChild.killed(try StressBinaries.stress(), ["undo-purge", "--store", url.path], within: 150_000,
                                    random: &random, stderr: folder.file("stderr-\(round)"))
            held += HeldAttachmentsSurvey.count(in: storeFolder)

            let reopened = try NotesStore.open(at: url)
            defer { reopened.close() }
            for note in reopened.contents.trash.values {
                for path in note.attachments {
                    #expect((try? AttachmentFiles.read(path, in: storeFolder)) == files[path], "\(context): \(path.relativePath)")
                }
            }
            #expect(reopened.contents.trash.count >= 7, "\(context): at most the note being deleted is gone")
            #expect(!FileManager.default.fileExists(atPath: storeFolder.appendingPathComponent("attachments-held").path),
                    "\(context): the killed session's holding folder is removed by the next writer")
            let report = StoreDoctor.examine(at: url)
            #expect(report.isHealthy, "\(context): \(report)")
            #expect(report.notices.count <= 1, "\(context): at most the folder of the note the kill cut off: \(report.notices)")
        }
        print("undo-purge kills: \(rounds) rounds, \(held) held folders left by kills (removed by the next writer)")
    }
}

/// Counts the note folders under `attachments-held/` (what a killed session left).
enum HeldAttachmentsSurvey {
    static func count(in storeFolder: URL) -> Int {
        let top = storeFolder.appendingPathComponent("attachments-held")
        let sessions = (try? FileManager.default.contentsOfDirectory(atPath: top.path)) ?? []
        return sessions.filter { !$0.hasSuffix(".lock") }.reduce(0) { total, session in
            total + ((try? FileManager.default.contentsOfDirectory(atPath: top.appendingPathComponent(session).path))?.count ?? 0)
        }
    }
}
