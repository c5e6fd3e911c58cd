import Foundation
import NotesTestBasics
import Testing
@testable import NotesJSON
@testable import NotesModel

/// `JSONReader.readDouble` takes runs of digits eight at a time; whatever the run's length
/// and place, it reads the same `Double` as the standard library's parser, bit for bit,
/// and stops where the number ends.
@Suite struct JSONNumberReadingTests {
    /// Reads `text` followed by `after` (nothing, or bytes that end a number); returns the
    /// value and where the reader stopped.
    private func read(_ text: String, then after: String) throws -> (Double, Int) {
        try JSONReader.read(Array((text + after).utf8)) { (reader: inout JSONReader) throws(JSONError) in
            (try reader.readDouble(), reader.position)
        }
    }

    private func check(_ text: String, then after: String) throws {
        let expected = try #require(Double(text), "\(text)")
        let (value, end) = try read(text, then: after)
        #expect(value.bitPattern == expected.bitPattern, "\(text): read \(value), expected \(expected)")
        #expect(end == text.utf8.count, "\(text)\(after): stopped at \(end)")
    }

    /// A run of `count` digits: random, or all nines, or zeros with one other digit.
    private func digits(_ count: Int, _ random: inout SeededRandom) -> String {
        let style = random.int(0...5)
        return String((0..<count).map { place -> Character in
            switch style {
            case 0: "9"
            case 1: place == count - 1 ? Character(String(random.int(1...9))) : "0"
            default: Character(String(random.int(0...9)))
            }
        })
    }

    /// Whole parts and fractions of every length around the runs of eight (and 2^53's
    /// 16 digits, the 19 digits a mantissa holds, the 22 places a power of ten holds),
    /// leading zeros, both signs, each followed by nothing or by what can end a number.
    @Test func hardNumbersReadAsTheStandardParserReadsThem() throws {
        let seed = TestSeed.seed(for: "JSONNumberReadingTests.hardNumbersReadAsTheStandardParserReadsThem")
        var random = SeededRandom(seed: seed)
        let ends = ["", ",", "]", "}", " ", "\n", ",\n      \"updated\": 1"]
        let near53 = ["9007199254740991", "9007199254740992", "9007199254740993", "4503599627370497", "18014398509481985"]
        for _ in 0..<40_000 {
            var whole: String
            switch random.int(0...4) {
            case 0: whole = "0"
            case 1: whole = random.pick(near53)
            default: whole = String(random.int(1...9)) + digits(random.int(0...24), &random)
            }
            var text = (random.chance(0.3) ? "-" : "") + whole
            if random.chance(0.8) {
                let zeros = random.chance(0.3) ? String(repeating: "0", count: random.int(1...12)) : ""
                text += "." + zeros + digits(random.int(1...26), &random)
            }
            try check(text, then: random.pick(ends))
        }
    }

    /// Every date the store writes (`JSONTextWriter.number`, the shortest text that reads
    /// back) reads back as that very date.
    @Test func datesAsTheStoreWritesThemReadBackExactly() throws {
        let seed = TestSeed.seed(for: "JSONNumberReadingTests.datesAsTheStoreWritesThemReadBackExactly")
        var random = SeededRandom(seed: seed)
        for _ in 0..<40_000 {
            let seconds: Double = switch random.int(0...2) {
            case 0: Double.random(in: 5e8...8e8, using: &random)  // around today
            case 1: Double.random(in: -Note.storableSecondsLimit..<Note.storableSecondsLimit, using: &random)
            default: Double(random.int(-1_000_000_000...1_000_000_000)) + Double(random.int(0...999)) / 1000
            }
            var writer = JSONTextWriter(pretty: false)
            writer.number(seconds)
            let text = String(decoding: writer.bytes, as: UTF8.self)
            try check(text, then: ",")
            #expect(try read(text, then: ",").0 == seconds, "\(text)")
        }
    }

    /// What is not a number is refused where it was before eight-digit runs.
    @Test func malformedNumbersAreRefusedAtTheSamePlace() throws {
        for (text, offset) in [("-", 1), ("-x", 1), ("1.", 2), ("12345678.x", 9), ("1e", 2), ("123456789e+", 11), ("x", 0)] {
            #expect(throws: JSONError.self, "\(text)") { try read(text, then: "") }
            do {
                _ = try read(text, then: "")
            } catch let error as JSONError {
                #expect(error.offset == offset, "\(text): \(error)")
            }
        }
    }
}
