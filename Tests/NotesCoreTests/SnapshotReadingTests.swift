import Foundation
@testable import NotesCore
import NotesTestSupport
import Testing

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
