#if canImport(Glibc)
import Glibc
#endif
import Foundation
import NotesCore
import NotesTestSupport
import Testing

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
