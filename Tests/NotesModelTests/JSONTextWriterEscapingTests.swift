import Foundation
import Testing
@testable import NotesJSON

/// The store's strings (`.minimal` escaping) are copied a run at a time: the text is the
/// same as escaping each byte, and reads back as the string written.
@Suite struct JSONTextWriterEscapingTests {
    private func written(_ text: String) -> String {
        var writer = JSONTextWriter(pretty: false)
        writer.string(text)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    @Test func escapesQuotesBackslashesAndControlsAndCopiesTheRest() {
        #expect(written("") == #""""#)
        #expect(written("plain é 日記 🙂") == #""plain é 日記 🙂""#)
        #expect(written("\"a\\b\"") == #""\"a\\b\"""#)
        #expect(written("line\nbreak\r\ttab") == #""line\nbreak\r\ttab""#)
        #expect(written("\u{0}\u{1}\u{1F}\u{7F}x") == "\"\\u0000\\u0001\\u001f\u{7F}x\"")
        #expect(written("\\") == #""\\""#)
        #expect(written("\n\n") == #""\n\n""#)
        #expect(written("end\"") == #""end\"""#)
    }

    @Test func everyControlCharacterAndMixReadsBackAsWritten() throws {
        var texts: [String] = (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", "é", "\"", "\\", "\n", "\u{1}", "日", "🙂", " ", "\t", "\u{7F}", "\u{2028}"]
        for _ in 0..<500 {
            texts.append((0..<Int.random(in: 0...30, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined())
        }
        for text in texts {
            let value = try JSONValue.parse(written(text))
            #expect(value.stringValue == text)
        }
    }
}

/// Ids are written from their bytes and read from their digits at once: the same text and
/// the same ids as Foundation's `uuidString` and `UUID(uuidString:)`.
@Suite struct JSONUUIDTextTests {
    @Test func anIdIsWrittenAsItsUUIDString() {
        for id in (0..<200).map({ _ in UUID() }) + [UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))] {
            var writer = JSONTextWriter(pretty: false)
            writer.string(id)
            var expected = JSONTextWriter(pretty: false)
            expected.string(id.uuidString)
            #expect(writer.bytes == expected.bytes)
        }
    }

    @Test func textIsReadAsUUIDStringReadsIt() {
        let id = UUID()
        let texts = [id.uuidString, id.uuidString.lowercased(), "6f9619ff-8B86-D011-b42d-00C04FC964FF", "", "x",
                     "6F9619FF-8B86-D011-B42D-00C04FC964F", "6F9619FF-8B86-D011-B42D-00C04FC964FFF", "6F9619FF8B86-D011-B42D-00C04FC964FFF",
                     "6G9619FF-8B86-D011-B42D-00C04FC964FF", "6F9619FF-8B86-D011-B42D-00C04FC964F\u{E9}", "{6F9619FF-8B86-D011-B42D-00C04FC964FF}"]
        for text in texts { #expect(JSONReader.uuid(text) == UUID(uuidString: text), "\(text)") }
    }
}
