import Foundation
import NotesTestData
import Testing
@testable import NotesJSON
@testable import NotesModel
@testable import NotesStore

@Suite struct StoreCorruptionTests {
    /// A valid store with one category and two notes, compacted into the snapshot.
    private func makeStore() throws -> (TemporaryFolder, URL, Category) {
        let (folder, url) = try StoreFixtures.store()
        let (work, notes) = try StoreFixtures.sample()
        let store = try NotesStore.open(at: url)
        try store.commit([.putCategory(work)] + notes.map { .putNote($0) })
        try store.compactNow()
        store.close()
        return (folder, url, work)
    }

    /// Replaces the first occurrence of `old` in the snapshot and returns the new bytes.
    private func edit(_ url: URL, replacing old: String, with new: [UInt8]) throws -> Data {
        var bytes = [UInt8](try Data(contentsOf: url))
        let target = Array(old.utf8)
        let start = try #require((0...(bytes.count - target.count)).first { bytes[$0..<($0 + target.count)].elementsEqual(target) })
        bytes.replaceSubrange(start..<(start + target.count), with: new)
        try Data(bytes).write(to: url)
        return Data(bytes)
    }

    private func expectCorrupt(_ url: URL, place: String, reasonContains text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = try Data(contentsOf: url)
        do {
            _ = try NotesStore.open(at: url)
            Issue.record("opened a broken store", sourceLocation: sourceLocation)
        } catch let StoreError.corrupt(file, foundPlace, reason) {
            #expect(file == url.path, sourceLocation: sourceLocation)
            #expect(foundPlace == place, sourceLocation: sourceLocation)
            #expect(reason.contains(text), "\(reason)", sourceLocation: sourceLocation)
        }
        #expect(try Data(contentsOf: url) == before, sourceLocation: sourceLocation)
    }

    private func lineOf(_ text: String, in url: URL) throws -> Int {
        let lines = try String(decoding: Data(contentsOf: url), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        return try #require(lines.firstIndex { $0.contains(text) }) + 1
    }

    @Test func truncatedStoreNamesTheEnd() throws {
        let (folder, url, _) = try makeStore()
        defer { folder.remove() }
        let bytes = try Data(contentsOf: url)
        try bytes.prefix(bytes.count / 2).write(to: url)
        #expect(throws: StoreError.self) { try NotesStore.open(at: url) }
        #expect(try Data(contentsOf: url) == bytes.prefix(bytes.count / 2))
    }

    @Test func wrongTypeNamesLineColumnAndPath() throws {
        let (folder, url, _) = try makeStore()
        defer { folder.remove() }
        _ = try edit(url, replacing: "\"kind\": 1", with: Array("\"kind\": \"1\"".utf8))
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let line = try #require(lines.firstIndex { $0.contains("\"kind\": \"1\"") }) + 1
        try expectCorrupt(url, place: "line \(line), column 15 (notes[1].kind)", reasonContains: "expected a number")
    }

    @Test func invalidUTF8IsAnError() throws {
        let (folder, url, _) = try makeStore()
        defer { folder.remove() }
        _ = try edit(url, replacing: "Plain", with: [0x50, 0xC3, 0x28, 0x61, 0x6E])
        try expectCorrupt(url, place: "line \(try lineOf("\"title\": \"P", in: url)), column 18 (notes[0].title)", reasonContains: "invalid UTF-8")
    }

    @Test func nanAndHugeNumbersAreErrors() throws {
        let (folder, url, _) = try makeStore()
        defer { folder.remove() }
        let original = try Data(contentsOf: url)
        _ = try edit(url, replacing: "\"created\": -5", with: Array("\"created\": NaN".utf8))
        #expect(throws: StoreError.self) { try NotesStore.open(at: url) }
        try original.write(to: url)
        _ = try edit(url, replacing: "\"created\": -5", with: Array("\"created\": 1e999".utf8))
        let line = try lineOf("1e999", in: url)
        try expectCorrupt(url, place: "line \(line), column 18 (notes[0].created)", reasonContains: "out of range")
        try original.write(to: url)
        _ = try edit(url, replacing: "\"created\": -5", with: Array("\"created\": 1e300".utf8))
        try expectCorrupt(url, place: "line \(line), column 18 (notes[0].created)", reasonContains: "date")
    }

    @Test func duplicateIdsAreErrors() throws {
        let (folder, url, _) = try makeStore()
        defer { folder.remove() }
        let store = try NotesStore.open(at: url)
        let first = try #require(store.contents.notes.values.first { $0.title == "Plain" })
        let second = try #require(store.contents.notes.values.first { $0.title != "Plain" })
        store.close()
        _ = try edit(url, replacing: second.id.uuidString, with: Array(first.id.uuidString.utf8))
        do {
            _ = try NotesStore.open(at: url)
            Issue.record("opened a store with duplicate ids")
        } catch let StoreError.corrupt(_, place, reason) {
            #expect(place.hasSuffix("(notes[1])"))
            #expect(reason == "duplicate note id \(first.id)")
        }
    }

    @Test func deepNestingAndTrailingGarbageAreErrors() throws {
        let (folder, url) = try StoreFixtures.store()
        defer { folder.remove() }
        let prefix = #"{"format":"notes","x":"#
        try Data((prefix + String(repeating: "[", count: 10_000)).utf8).write(to: url)
        let path = "x" + String(repeating: "[0]", count: 63)
        try expectCorrupt(url, place: "line 1, column \(prefix.count + 65) (\(path))", reasonContains: "nesting deeper than 64")
        let (other, url2, _) = try makeStore()
        defer { other.remove() }
        var bytes = try Data(contentsOf: url2)
        bytes.append(contentsOf: Array("{}".utf8))
        try bytes.write(to: url2)
        #expect(throws: StoreError.self) { try NotesStore.open(at: url2) }
    }

    @Test func aBadColorArchiveIsAWarningByNameAndItsBytesAreKept() throws {
        let (folder, url, work) = try makeStore()
        defer { folder.remove() }
        let text = try String(contentsOf: url, encoding: .utf8)
        let colorLine = try #require(text.split(separator: "\n").first { $0.contains("\"color\": \"") })
        let archive = String(try #require(colorLine.split(separator: "\"").dropFirst(3).first))
        let garbage = Data("not a keyed archive".utf8).base64EncodedString()
        _ = try edit(url, replacing: archive, with: Array(garbage.utf8))

        let damaged = try NotesStore.open(at: url)
        #expect(damaged.warnings.count == 1)
        #expect(damaged.warnings.first?.message.hasPrefix("category 'Work': its color archive could not be read (") == true)
        #expect(damaged.warnings.first?.message.hasSuffix("); shown as white, stored bytes kept") == true)
        #expect(damaged.contents.notes.count == 2)
        var renamed = try #require(damaged.contents.categories[work.id])
        #expect(renamed.color.hex == "#FFFFFF")
        renamed.name = "Job"
        try damaged.commit(.putCategory(renamed))
        try damaged.compactNow()
        #expect(try String(contentsOf: url, encoding: .utf8).contains("\"color\": \"\(garbage)\""))
        // Recoloring replaces the kept bytes.
        renamed.color = try StoreFixtures.color("112233")
        try damaged.commit(.putCategory(renamed))
        try damaged.compactNow()
        damaged.close()
        #expect(try !String(contentsOf: url, encoding: .utf8).contains(garbage))
        let repaired = try NotesStore.open(at: url)
        #expect(repaired.warnings.isEmpty)
        #expect(repaired.contents.categories[work.id]?.color.hex == "#112233")
    }

    @Test func jsonReaderDecodesEscapesAndRejectsLoneSurrogates() throws {
        let value = try JSONValue.parse(Array(#"["a\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00", -0.5e2, true, null]"#.utf8))
        #expect(value == .array([.string("a\"\\/\u{8}\u{c}\n\r\té😀"), .number("-0.5e2"), .bool(true), .null]))
        #expect(value.arrayValue?[1].doubleValue == -50)
        #expect(throws: JSONError.self) { try JSONValue.parse(Array(#"["\ud83d"]"#.utf8)) }
        #expect(throws: JSONError.self) { try JSONValue.parse(Array(#"["\ude00"]"#.utf8)) }
        #expect(throws: JSONError.self) { try JSONValue.parse(Array("[\"tab\there\"]".utf8)) }
        #expect(throws: JSONError.self) { try JSONValue.parse(Array("[01]".utf8)) }
        #expect(throws: JSONError.self) { try JSONValue.parse(Array("[1,]".utf8)) }
    }
}
