import Foundation
import Testing
@testable import NotesJSON

/// A value read in place over the buffered bytes (`withBufferedValue`) is the value, and
/// the error, that reading it after finding its end (`withValue`) gives, in pieces of any size.
@Suite struct JSONStreamBufferedValueTests {
    private func elements(_ text: String, pieceSize: Int, buffered: Bool) -> [String] {
        var stream = JSONStream(data: Data(text.utf8), maximumValueSize: 64, pieceSize: pieceSize)
        var read: [String] = []
        do throws(JSONError) {
            try stream.readArray { (stream: inout JSONStream, _: Int) throws(JSONError) in
                let body = { (reader: inout JSONReader) throws(JSONError) -> JSONValue in try reader.readValue() }
                let value = buffered ? try stream.withBufferedValue(body) : try stream.withValue(body)
                read.append(String(decoding: value.jsonBytes(pretty: false), as: UTF8.self))
            }
        } catch {
            read.append("error \(error.reason) at \(error.offset), line \(error.line), column \(error.column), \(error.pathText)")
        }
        return read
    }

    @Test(arguments: [
        #"[{"a": 1, "b": "x\"}"}, [1, 2, {"c": null}], "text \u00e9", 12, true, {}]"#,
        #"[{"a": 1}, {"a": 1, "a": 2}]"#,
        #"[{"a": "bad \x escape"}, 1]"#,
        #"[{"a": [1, 2}]"#,
        #"[{"a": 1}, {"long": "\#(String(repeating: "y", count: 80))"}]"#,
        #"[{"a": 1}, {"b": 2"#,
        "[\"é\", {\"k\": \"\u{1}\"}]",
    ])
    func inPiecesOfAnySize(text: String) {
        for pieceSize in [1, 2, 3, 5, 8, 13, 64, 4096] {
            #expect(elements(text, pieceSize: pieceSize, buffered: true) == elements(text, pieceSize: pieceSize, buffered: false),
                    "pieces of \(pieceSize)")
        }
    }
}
