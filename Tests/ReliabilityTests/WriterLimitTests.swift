#if canImport(Glibc)
import Glibc
#endif
import Foundation
import NotesTestSupport
import Testing
@testable import NotesModel
@testable import NotesStore
@testable import NotesExchange

/// PRODUCT §3 "Every value the store accepts, it can read back", and writes that
/// fail (a file size limit standing in for a full disk): reported, never half done.
@Suite struct WriterLimitTests {
    private static let farFuture = Date(timeIntervalSinceReferenceDate: 2.5e11)  // the year 9999

    @Test func aDateTheReaderRefusesIsRefusedByTheCommitAndTheStoreStaysReadable() throws {
        let folder = try TemporaryFolder(prefix: "notes-limits")
        defer { folder.remove() }
        let url = folder.file("store").appendingPathComponent("notes.json")
        let store = try NotesStore.open(at: url)
        try store.commit(.putNote(Note(title: "fine")))
        let journal = try Data(contentsOf: URL(fileURLWithPath: NotesStore.journalPath(for: url)))

        for date in [Self.farFuture, Date(timeIntervalSinceReferenceDate: -2e11), Date(timeIntervalSinceReferenceDate: .nan)] {
            #expect(throws: ModelError.self) { try store.commit(.putNote(Note(title: "far", created: date, updated: date))) }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: NotesStore.journalPath(for: url))) == journal, "nothing was written")
        try store.commit(.putNote(Note(title: "next")))
        store.close()
        let reopened = try NotesStore.open(at: url)
        defer { reopened.close() }
        #expect(Set(reopened.contents.notes.values.map(\.title)) == ["fine", "next"])
    }

    @Test func importingAJSONNoteDatedInTheYear9999IsRefusedWithItsPlace() throws {
        let folder = try TemporaryFolder(prefix: "notes-limits")
        defer { folder.remove() }
        let store = folder.file("store").appendingPathComponent("notes.json").path
        let export = folder.file("export.json")
        try Data(#"{"format":"notes-export","version":1,"categories":[],"notes":[{"title":"ok","created":"2024-01-01T00:00:00Z"},{"title":"far","created":"9999-12-31T00:00:00Z"}]}"#.utf8).write(to: export)

        let result = try BoundedChild.notes(["--store", store, "import", export.path])
        #expect(result.exit == .exited(1))
        #expect(result.stderr.contains("notes[1].created"), "\(result.stderr)")
        let added = try BoundedChild.notes(["--store", store, "add", "after"])
        #expect(added.exit == .exited(0), "\(added.stderr)")
        let listed = try BoundedChild.notes(["--store", store, "list"])
        #expect(listed.exit == .exited(0) && listed.stdout.contains("after"), "\(listed.stderr)")
    }

    @Test func importingAMarkdownNoteDatedInTheYear9999KeepsItWithAWarningNamingTheFile() throws {
        let folder = try TemporaryFolder(prefix: "notes-limits")
        defer { folder.remove() }
        let store = folder.file("store").appendingPathComponent("notes.json").path
        let notes = folder.file("md")
        try FileManager.default.createDirectory(at: notes, withIntermediateDirectories: false)
        try Data("---\ntitle: far\ncreated: 9999-12-31T00:00:00Z\n---\nbody\n".utf8).write(to: notes.appendingPathComponent("far.md"))

        let result = try BoundedChild.notes(["--store", store, "import", notes.path])
        #expect(result.exit == .exited(0))
        #expect(result.stderr.contains("warning:") && result.stderr.contains("far.md") && result.stderr.contains("'created'"),
                "\(result.stderr)")
        let listed = try BoundedChild.notes(["--store", store, "list"])
        #expect(listed.exit == .exited(0) && listed.stdout.contains("far"), "\(listed.stderr)")
    }

    @Test func aFailedMarkdownExportLeavesNothingBehindAndARetryWorks() throws {
        let folder = try TemporaryFolder(prefix: "notes-limits")
        defer { folder.remove() }
        let url = folder.file("store").appendingPathComponent("notes.json")
        let store = try NotesStore.open(at: url)
        try store.commit([.putNote(Note(title: "a small one", body: "short"))]
            + [.putNote(Note(title: "z large one", body: String(repeating: "x", count: 64 * 1024)))])
        store.close()
        let output = folder.file("export")

        let failed = try BoundedChild.stress(["limited", "--store", url.path, "--limit", "32768", "export-markdown", output.path])
        #expect(failed.exit == .exited(0), "\(failed.stderr)")
        #expect(failed.stdout.hasPrefix("error: "), "\(failed.stdout)")
        #expect(!FileManager.default.fileExists(atPath: output.path), "the folder the export created is gone")

        let retry = try BoundedChild.notes(["--store", url.path, "export", "--format", "markdown", "--output", output.path])
        #expect(retry.exit == .exited(0), "\(retry.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: output.path).count == 2)
    }

    @Test func anExportNeverWritesThroughALinkPlantedAtItsFileName() throws {
        let folder = try TemporaryFolder(prefix: "notes-limits")
        defer { folder.remove() }
        let victim = folder.file("victim.txt")
        try Data("precious\n".utf8).write(to: victim)
        let planted = folder.file("note.md")
        try FileManager.default.createSymbolicLink(atPath: planted.path, withDestinationPath: victim.path)

        #expect(throws: ExchangeError.self) { try PrivateFile.create(Data("exported\n".utf8), at: planted) }
        #expect(try String(contentsOf: victim, encoding: .utf8) == "precious\n")
    }

    @Test func anExportOntoTheStoresOwnFilesIsRefused() throws {
        let folder = try TemporaryFolder(prefix: "notes-limits")
        defer { folder.remove() }
        let url = folder.file("store").appendingPathComponent("notes.json")
        let added = try BoundedChild.notes(["--store", url.path, "add", "keep me"])
        try #require(added.exit == .exited(0))
        for target in [url.path, NotesStore.journalPath(for: url), NotesStore.lockPath(for: url)] {
            let before = try Data(contentsOf: URL(fileURLWithPath: target))
            let result = try BoundedChild.notes(["--store", url.path, "export", "--format", "json", "--output", target])
            #expect(result.exit == .exited(1), "export onto \(target)")
            #expect(result.stderr.contains("one of the store's own files"), "\(result.stderr)")
            if target != NotesStore.lockPath(for: url) {  // the lock file holds whoever locked it last
                #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == before)
            }
        }
        let listed = try BoundedChild.notes(["--store", url.path, "list"])
        #expect(listed.stdout.contains("keep me"))
    }

    @Test func aCompactionThatFailsIsReportedAndTheCommitIsKept() throws {
        let folder = try TemporaryFolder(prefix: "notes-limits")
        defer { folder.remove() }
        let url = folder.file("store").appendingPathComponent("notes.json")
        let store = try NotesStore.open(at: url)
        try store.commit((0..<20).map { .putNote(Note(title: "note \($0)", body: String(repeating: "y", count: 4096))) })
        try store.compactNow()
        store.close()

        // The journal line fits under the limit; the new snapshot (over 80 KB) does not.
        let result = try BoundedChild.stress(["limited", "--store", url.path, "--limit", "65536", "commit"])
        #expect(result.exit == .exited(0), "\(result.stderr)")
        #expect(result.stdout.contains("warning: ") && result.stdout.contains("could not be folded"), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("ok"), "the commit itself succeeded: \(result.stdout)")
        let reopened = try NotesStore.open(at: url)
        defer { reopened.close() }
        #expect(reopened.contents.notes.values.contains { $0.title == "written under a file size limit" })
        #expect(reopened.contents.notes.count == 21)
    }
}
