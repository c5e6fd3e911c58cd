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
