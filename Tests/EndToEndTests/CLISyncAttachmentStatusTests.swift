import Foundation
import NotesTestSupport
import Testing
import NotesModel
import NotesStore

/// `notes sync status` counts attachments as it counts notes, in text and `--json`.
@Suite struct CLISyncAttachmentStatusTests {
    @Test func statusSaysHowManyAttachmentsASyncWouldSend() throws {
        let sandbox = try SyncSandbox()
        let runner = try CLIRunner()
        let store = sandbox.storeURL("laptop")
        do {
            let opened = try NotesStore.open(at: store)
            var note = Note(title: "Scan")
            let path = try AttachmentPath("attachments/\(note.id.uuidString)/scan.pdf")
            try AttachmentFiles.write(Data("%PDF".utf8), to: path, in: store.deletingLastPathComponent())
            note.attachments = [path]
            try opened.commit(.putNote(note))
            opened.close()
        }
        #expect(try runner.run(["sync", "init", sandbox.remote.path, "--store", store.path], environment: sandbox.environment).status == 0)

        let text = try runner.run(["sync", "status", "--store", store.path], environment: sandbox.environment)
        #expect(text.status == 0, "\(text)")
        #expect(text.stdout.contains("attachments: 1 to send; 0 to receive; conflicts: 0"), "\(text.stdout)")
        let json = try runner.run(["sync", "status", "--json", "--store", store.path], environment: sandbox.environment)
        let status = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let attachments = try #require(status["attachments"] as? [String: Any])
        #expect((attachments["ahead"] as? [String])?.count == 1)
        #expect((attachments["ahead"] as? [String])?.first?.hasSuffix("/scan.pdf") == true)
        #expect((attachments["behind"] as? [String]) == [])
    }
}
