import Foundation
import NotesTestData
import Testing
@testable import NotesJSON
@testable import NotesModel
@testable import NotesStore

/// The snapshot reader's fast paths give exactly what the general ones give.
@Suite struct SnapshotReadingTests {
    /// Numbers read by the exact fast path (no exponent, digits that fit a Double) equal
    /// what the standard library's parser makes of the same text, bit for bit.
    @Test func numbersAreReadExactlyAsTheStandardParserReadsThem() throws {
        var random = SeededRandom(seed: 0x5EED_D0B1E)
        var texts = ["0", "-0", "0.0", "1", "-1", "0.1", "0.3", "9007199254740991", "9007199254740992", "9007199254740993",
                     "123456789012345678901234", "0.0000000000000000000001", "1.00000000000000000000001",
                     "568002858.5071241", "-5", "1e3", "2.5E-3", "17976931348623157e292"]
        for _ in 0..<5000 {
            let integer = random.next() % 1_000_000_000_000
            let fraction = random.next() % 100_000_000
            let digits = Int(random.next() % 9)
            let fractionText = String(String(fraction).prefix(digits))
            let sign = random.next() % 4 == 0 ? "-" : ""
            texts.append(fractionText.isEmpty ? "\(sign)\(integer)" : "\(sign)\(integer).\(fractionText)")
        }
        for text in texts {
            let read = try JSONReader.read(Array(text.utf8)) { (reader: inout JSONReader) throws(JSONError) in try reader.readDouble() }
            let expected = try #require(Double(text))
            #expect(read.bitPattern == expected.bitPattern, "\(text)")
        }
    }

    /// The UTF-8 check agrees with the standard library's on text with every kind of
    /// character and on damaged text, and names a place before which all is valid.
    @Test func theUTF8CheckAgreesWithTheStandardLibrary() {
        var random = SeededRandom(seed: 0x07F8)
        let pieces = ["plain ascii text ", "é", "ß", "中文", "😀", "\u{10FFFF}", "\u{FFFD}", "\u{7F}", "\u{80}", "\u{7FF}", "\u{800}"]
            .map { Array($0.utf8) }
        let damage: [UInt8] = [0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF, 0xA0, 0x9F, 0x8F, 0x90]
        for _ in 0..<3000 {
            var bytes: [UInt8] = []
            for _ in 0..<random.int(0...12) { bytes += random.pick(pieces) }
            for _ in 0..<random.int(0...2) where !bytes.isEmpty {
                bytes[random.int(0...(bytes.count - 1))] = random.pick(damage)
            }
            let found = bytes.withUnsafeBufferPointer { JSONReader.firstInvalidUTF8($0) }
            let valid = bytes.withUnsafeBufferPointer { String(validating: $0, as: UTF8.self) } != nil
            #expect((found == nil) == valid, "\(bytes)")
            if let found {
                #expect(bytes.prefix(found).withUnsafeBufferPointer { String(validating: $0, as: UTF8.self) } != nil, "\(bytes)")
            }
        }
    }

    /// UUIDs are read eight digits at a time: a well-formed one (in either case) reads as
    /// Foundation reads it, and any other byte in any place makes it not a UUID (Foundation
    /// itself lets some through, e.g. a space for a digit).
    @Test func uuidsAreReadDigitForDigitAndStrictly() throws {
        var random = SeededRandom(seed: 0xC0FFEE)
        let odd: [UInt8] = Array("gG/:@`[{ -xz\"".utf8) + [0x00, 0x7F, 0x80, 0xC3, 0xFF]
        func read(_ text: [UInt8]) throws -> UUID? {
            try JSONReader.read([UInt8(ascii: "\"")] + text + [UInt8(ascii: "\"")]) { (reader: inout JSONReader) throws(JSONError) in
                try reader.readUUID()
            }
        }
        for round in 0..<400 {
            let id = UUID()
            let text = round % 2 == 0 ? id.uuidString : id.uuidString.lowercased()
            #expect(try read(Array(text.utf8)) == id)
            var broken = Array(text.utf8)
            let place = random.int(0...35)
            broken[place] = random.pick(odd)
            let wellFormed = broken.enumerated().allSatisfy { place, byte in
                [8, 13, 18, 23].contains(place) ? byte == UInt8(ascii: "-") : Character(Unicode.Scalar(byte)).isHexDigit
            }
            let expected = wellFormed ? UUID(uuidString: String(decoding: broken, as: UTF8.self)) : nil
            #expect(try read(broken) == expected, "\(String(decoding: broken, as: UTF8.self))")
        }
    }

    /// A snapshot in the writer's own layout (read by the fast path) and the same
    /// document re-laid-out by another JSON writer (read by the general path) decode alike.
    @Test func theWritersLayoutAndAnyOtherLayoutDecodeAlike() throws {
        let (work, notes) = try StoreFixtures.sample()
        var database = NotesDatabase(categories: [work])
        for note in notes { try database.apply(.putNote(note)) }
        for index in 0..<50 {
            try database.apply(.putNote(Note(
                title: "Note \(index) ✓", body: index % 2 == 0 ? "plain body \(index)" : "line\n\"quoted\" \\ \u{1F600} \(index)",
                created: Date(timeIntervalSinceReferenceDate: 600_000_000.25 + Double(index)),
                categoryID: index % 3 == 0 ? work.id : nil, tags: index % 4 == 0 ? ["a", "b\(index)"] : [])))
        }
        let codec = SnapshotCodec(transformers: try StoreSchema.transformers(from: StoreSchema.defaultRegistry(storeFolder: URL(fileURLWithPath: "/tmp"))))
        let written = try codec.encode(database, sequence: 7, preserved: [:])
        let relaidOut = try JSONValue.parse(written).jsonBytes(pretty: false)
        #expect(relaidOut != written)

        // The writer's layout is what the fast path takes.
        let firstNote = try #require(written.firstRange(of: Array("\"notes\": [\n    ".utf8)))
        let taken = try JSONReader.read(written, from: firstNote.upperBound) { (reader: inout JSONReader) throws(JSONError) in
            codec.records.readSnapshotNote(&reader)
        }
        #expect(taken != nil)

        let fast = try codec.decode(written)
        let general = try codec.decode(relaidOut)
        #expect(fast.database == database)
        #expect(general.database == database)
        #expect(fast.sequence == 7 && general.sequence == 7)
    }
}

/// Notes that name a category the store does not have load uncategorized, with a
/// warning, whether the notes are read on one thread or two.
@Suite struct SnapshotOrphanTests {
    @Test(arguments: [Int.max, 0])
    func aNoteOfAMissingCategoryLoadsUncategorizedWithAWarning(parallelReadThreshold: Int) throws {
        let (folder, url) = try StoreFixtures.store()
        defer { folder.remove() }
        let work = Category(name: "Work", color: try StoreFixtures.color("336699"))
        let missing = UUID()
        let store = try NotesStore.open(at: url)
        let notes = (0..<40).map { Note(title: "note \($0)", categoryID: $0 % 10 == 3 ? work.id : nil) }
        try store.commit([.putCategory(work)] + notes.map { .putNote($0) })
        try store.compactNow()
        store.close()
        // Point four notes at a category that is not in the store.
        var text = try String(contentsOf: url, encoding: .utf8)
        let categoryLine = "\"category\": \"\(work.id.uuidString)\""
        #expect(text.components(separatedBy: categoryLine).count == 5)
        let membersBefore = text.components(separatedBy: "\"categories\": [")[0]
        text = text.replacingOccurrences(of: categoryLine, with: "\"category\": \"\(missing.uuidString)\"")
        #expect(text.hasPrefix(membersBefore))
        try Data(text.utf8).write(to: url)

        let reopened = try NotesStore.open(at: url, options: NotesStoreOptions(parallelReadThreshold: parallelReadThreshold))
        defer { reopened.close() }
        #expect(reopened.contents.notes.values.allSatisfy { $0.categoryID == nil })
        #expect(reopened.warnings.count == 4)
        #expect(reopened.warnings.allSatisfy { $0.message.contains("refers to a missing category") })
        #expect(reopened.contents.categories[work.id] != nil)
    }
}

/// Reading the notes on two threads, handed over in chunks, gives what reading them on
/// one gives, for good stores and bad ones.
@Suite struct SnapshotParallelTests {
    /// A compacted store of `count` notes; returns its folder, file and contents.
    private func store(notes count: Int) throws -> (TemporaryFolder, URL, NotesDatabase) {
        let (folder, url) = try StoreFixtures.store()
        let store = try NotesStore.open(at: url)
        var random = SeededRandom(seed: 42)
        try store.commit((0..<count).map { index in
            .putNote(Note(title: "note \(index)", body: "body \(index) " + String(repeating: "é", count: random.int(0...40)),
                          created: Date(timeIntervalSinceReferenceDate: Double(index)), tags: index % 7 == 0 ? ["seven"] : []))
        })
        try store.compactNow()
        let contents = store.contents
        store.close()
        return (folder, url, contents)
    }

    private func open(_ url: URL, parallel: Bool) throws -> NotesStore {
        try NotesStore.open(at: url, options: NotesStoreOptions(parallelReadThreshold: parallel ? 0 : Int.max))
    }

    @Test func manyChunksReadAlikeOnOneThreadAndOnTwo() throws {
        let (folder, url, expected) = try store(notes: 9_000)  // several chunks of 2,048
        defer { folder.remove() }
        let parallel = try open(url, parallel: true)
        defer { parallel.close() }
        let sequential = try open(url, parallel: false)
        defer { sequential.close() }
        #expect(parallel.contents == expected)
        #expect(sequential.contents == expected)
    }

    @Test(arguments: [10, 8_900])
    func aDuplicateIdFailsAlikeOnOneThreadAndOnTwo(duplicateIndex: Int) throws {
        let (folder, url, expected) = try store(notes: 9_000)
        defer { folder.remove() }
        // Give note `duplicateIndex` (early: in the first part; late: in the last chunk) the id of note 4,500.
        let original = try #require(expected.notes.values.first { $0.title == "note \(duplicateIndex)" }).id
        let copied = try #require(expected.notes.values.first { $0.title == "note 4500" }).id
        let text = try String(contentsOf: url, encoding: .utf8)
            .replacingOccurrences(of: original.uuidString, with: copied.uuidString)
        try Data(text.utf8).write(to: url)

        var messages: [String] = []
        for parallel in [true, false] {
            do {
                _ = try open(url, parallel: parallel)
                Issue.record("a store with a duplicate note id opened")
            } catch {
                messages.append("\(error)")
            }
        }
        #expect(messages.count == 2 && messages[0] == messages[1])
        #expect(messages.first?.contains("duplicate note id") == true)
    }

    /// A note's kind read as one digit gives what reading it as a whole number gives, and
    /// anything else is read (or refused, at the same place) as before.
    @Test func kindsReadAsOneDigitOrAsANumberAlike() throws {
        let texts = ["0", "1", "2", "3", "4", "9", "0.0", "1.0", "2e0", "3E0", "-1", "00", "01", "12", "3.5", "x", "", " 2", "1e"]
        for text in texts {
            for after in ["", ",", ",\n      \"attachments\": []", "}", " ", "]", "x", "0"] {
                let bytes = Array((text + after).utf8)
                func outcome(_ read: (inout JSONReader) throws(JSONError) -> NoteKind) -> String {
                    do {
                        return try JSONReader.read(bytes) { (reader: inout JSONReader) throws(JSONError) in
                            "\(try read(&reader)) at \(reader.position)"
                        }
                    } catch { return "\(error)" }
                }
                let fast = outcome { (reader: inout JSONReader) throws(JSONError) in try RecordCodec.readKind(&reader) }
                let general = outcome { (reader: inout JSONReader) throws(JSONError) in
                    reader.skipWhitespace()
                    let start = reader.position
                    let raw = try reader.readInteger(in: 0...Int(Int16.max))
                    guard let kind = NoteKind(rawValue: raw) else { throw reader.error("\(raw) is not a known note kind", at: start) }
                    return kind
                }
                #expect(fast == general, "\((text + after).debugDescription)")
            }
        }
    }
}
