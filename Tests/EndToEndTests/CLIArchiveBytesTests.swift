import Foundation
import NotesTestSupport
import Testing
import NotesJSON
import NotesColor

/// Color archives are the same bytes in every process (issue 20, item 6).
@Suite struct CLIArchiveBytesTests {
    /// The `archive` of each category in a JSON export, by name.
    private func archives(_ sandbox: CLISandbox) throws -> [String: String] {
        let file = sandbox.folder.file("export.json").path
        try sandbox.ok("export", "--format", "json", "--output", file)
        let document = try JSONValue.parse(Data(contentsOf: URL(fileURLWithPath: file)))
        var result: [String: String] = [:]
        for category in document["categories"]?.arrayValue ?? [] {
            if let name = category["name"]?.stringValue { result[name] = category["archive"]?.stringValue }
        }
        return result
    }

    @Test func twoProcessesArchiveTheSameColorToTheSameBytes() throws {
        // Given two stores, each given the same colors by its own `notes` process
        let first = try CLISandbox(), second = try CLISandbox()
        defer { first.remove(); second.remove() }
        for sandbox in [first, second] {
            try sandbox.ok("category", "add", "Work", "--color", "#336699")
            try sandbox.ok("category", "add", "Glass", "--color", "#00FF0080")
        }

        // When each exports them (two more processes)
        let fromFirst = try archives(first), fromSecond = try archives(second)

        // Then the archives are byte for byte the same, and the same as this process writes
        #expect(fromFirst.count == 2)
        #expect(fromFirst == fromSecond)
        let expected = ColorArchive.canonicalArchive(of: try SerializableColor(hex: "#336699")).base64EncodedString()
        #expect(fromFirst["Work"] == expected)
    }
}
