import Foundation
import NotesTestData
import Testing
@testable import NotesJSON
@testable import NotesModel
@testable import NotesStore

/// What keeps a large store's memory down once open: notes with the same tags array share
/// one set (`TagSetCache`), read exactly as each note's own array, on one thread and on two;
/// and a `Note` packs into 128 bytes.
@Suite struct OpenMemoryTests {
    /// Tag arrays that look alike byte for byte only where they are alike.
    static let tagSets: [Set<String>] = [
        [], ["work"], ["work", "q3"], ["q3", "work"], ["a,b"], ["a", "b"], ["]"], ["\",\""], ["x\"y"], ["x\\"],
        ["café"], ["cafe\u{301}"], ["日本", "🚀"], ["a", "b", "c", "d", "e", "f", "g", "h"],
    ]

    private func compactedStore(notes count: Int) throws -> (TemporaryFolder, URL, NotesDatabase) {
        let (folder, url) = try StoreFixtures.store()
        let store = try NotesStore.open(at: url)
        try store.commit((0..<count).map { index in
            .putNote(Note(title: "note \(index)", body: "body \(index)", created: Date(timeIntervalSinceReferenceDate: Double(index)),
                          tags: Self.tagSets[(index * 7) % Self.tagSets.count]))
        })
        try store.compactNow()
        let expected = store.contents
        store.close()
        return (folder, url, expected)
    }

    @Test func notesWithTheSameTagsReadTheirOwnTagsOnOneThreadAndOnTwo() throws {
        let (folder, url, expected) = try compactedStore(notes: 5_000)  // chunks on both threads
        defer { folder.remove() }
        for threshold in [0, Int.max] {
            let store = try NotesStore.open(at: url, options: NotesStoreOptions(parallelReadThreshold: threshold))
            defer { store.close() }
            for (id, note) in expected.notes {
                #expect(store.contents.notes[id]?.tags == note.tags, "note '\(note.title)', threshold \(threshold)")
            }
            #expect(store.contents == expected)
        }
    }

    @Test func theCacheGivesTheSameSetOnlyForTheSameBytes() throws {
        let text = #"{"a": ["x", "y"],"# + "\n" + #""b": ["x", "y"],"# + "\n" + #""c": ["x", "z"],"# + "\n" + #""d": ["x", "y"]}"#
        let cache = TagSetCache(slots: 4, maximumSlots: 4)  // room for 2: the third array is read, not remembered
        var found: [Set<String>] = []
        try JSONReader.read(Array(text.utf8)) { (reader: inout JSONReader) throws(JSONError) in
            try reader.readObject { (reader: inout JSONReader, _: String) throws(JSONError) in
                reader.skipWhitespace()
                found.append(try cache.readTags(&reader))
            }
        }
        #expect(found == [["x", "y"], ["x", "y"], ["x", "z"], ["x", "y"]])
    }

    @Test func theCacheGrowsAndStillGivesEachArrayItsOwnSet() throws {
        // 40 arrays, each three times, through a table that starts with room for 2 and doubles to 64 slots.
        let arrays = (0..<40).map { number in "[\"t\(number)\", \"u\(number % 3)\"]" }
        let members = (0..<120).map { index in "\"k\(index)\": \(arrays[(index * 7) % 40])," }
        let text = "{" + members.joined(separator: "\n") + "\n\"end\": []}"
        let cache = TagSetCache(slots: 4, maximumSlots: 64)
        var found: [Set<String>] = []
        try JSONReader.read(Array(text.utf8)) { (reader: inout JSONReader) throws(JSONError) in
            try reader.readObject { (reader: inout JSONReader, _: String) throws(JSONError) in
                reader.skipWhitespace()
                found.append(try cache.readTags(&reader))
            }
        }
        let expected = (0..<120).map { index in Set(["t\((index * 7) % 40)", "u\(((index * 7) % 40) % 3)"]) } + [Set<String>()]
        #expect(found == expected)
    }

    /// A reading thread's cache is tens of thousands of slots, every one written when it is made.
    @Test func aTagSetCacheSlotPacksIntoTwentyFourBytes() {
        #expect(TagSetCache.slotBytes <= 24)
    }

    @Test func aNotePacksIntoOneHundredAndTwentyEightBytes() {
        #expect(MemoryLayout<Note>.stride <= 128)
    }
}
