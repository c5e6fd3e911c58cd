import Foundation
import NotesTestSupport
import Testing

/// What the store has to say reaches the user: warnings, a migration report once, and `notes doctor`.
@Suite struct CLIStoreReportTests {
    /// A format-4 snapshot with one category whose color archive is not an archive.
    private static let brokenColorStore = """
    {
      "format": "notes",
      "formatVersion": 10,
      "sequence": 0,
      "recentColors": "",
      "categories": [{"id": "C445C72C-6F54-4CE9-8993-0C7A27938539", "name": "Broken", "color": "bm90IGFuIGFyY2hpdmU="}],
      "notes": []
    }
    """

    private static func fixture(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("NotesStoreTests/Fixtures").appendingPathComponent(name)
    }

    private func writeStore(_ sandbox: CLISandbox, _ data: Data) throws {
        let url = URL(fileURLWithPath: sandbox.storePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    @Test func aBadColorArchiveIsAWarningAndTheRestLoads() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        try writeStore(sandbox, Data(Self.brokenColorStore.utf8))

        let result = try sandbox.run("category", "list")

        #expect(result.status == 0)
        #expect(result.stdout.contains("Broken"))
        #expect(result.stderr.hasPrefix("warning: "))
        #expect(result.stderr.contains("'Broken'"))
    }

    @Test func anOldStoreIsMigratedAndReportedOnce() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        try writeStore(sandbox, Data(contentsOf: Self.fixture("v1.json")))

        let first = try sandbox.run("list")
        let second = try sandbox.run("list")

        #expect(first.status == 0 && second.status == 0)
        #expect(first.stderr.contains("migrated"))
        #expect(!second.stderr.contains("migrated"))
        #expect(first.stdout == second.stdout)
        #expect(first.stdout.contains("Quarterly plan"))
    }

    @Test func doctorReportsAHealthyStore() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        _ = try sandbox.add("fine")

        let result = try sandbox.run("doctor")

        #expect(result.status == 0)
        #expect(result.stdout.contains("healthy"))
    }

    @Test func doctorFailsOnProblemsWithoutChangingAndSalvageRepairs() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        try writeStore(sandbox, Data(Self.brokenColorStore.utf8))
        let before = try #require(sandbox.storeBytes())

        let examined = try sandbox.run("doctor")

        #expect(examined.status != 0)
        #expect(examined.stderr.hasPrefix("error: "))
        #expect(examined.stdout.contains("Broken"))
        #expect(sandbox.storeBytes() == before)

        let salvaged = try sandbox.run("doctor", "--salvage")

        #expect(salvaged.status == 0, "\(salvaged)")
        #expect(salvaged.stdout.contains("kept the original"))
    }

    @Test func aStoreFromTheFutureIsRefusedUntouched() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        try writeStore(sandbox, Data(contentsOf: Self.fixture("future.json")))
        let before = try #require(sandbox.storeBytes())

        let result = try sandbox.run("add", "x")

        #expect(result.status != 0)
        #expect(result.stderr.hasPrefix("error: "))
        #expect(sandbox.storeBytes() == before)
    }
}
