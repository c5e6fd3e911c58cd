import Foundation
import NotesTestSupport
import Testing
@testable import NotesModel
@testable import NotesStore
@testable import NotesTerminal
@testable import NotesUI

/// Issue 11: a multi-line body is held in the store's file as a JSON string with
/// escapes, and the read view and the preview work on those bytes, decoding only
/// what they show: opening a 200 MB pasted log in the read view never decodes it whole.
@Suite struct EscapedBodyTests {
    /// `text` as the inside of a JSON string, each character escaped one of the ways
    /// JSON allows (picked by `random`): raw, `\n`-style, `\u` (surrogate pairs above
    /// U+FFFF). Quotes, backslashes and controls are always escaped.
    static func escaped(_ text: String, random: inout SeededRandom) -> [UInt8] {
        var result: [UInt8] = []
        func hex(_ value: UInt32) { result += Array(String(format: "\\u%04x", value).utf8) }
        for scalar in text.unicodeScalars {
            let style = random.next() % 3
            switch scalar.value {
            case 0x0A: style == 0 ? hex(0x0A) : (result += Array("\\n".utf8))
            case 0x09: style == 0 ? hex(0x09) : (result += Array("\\t".utf8))
            case 0x22: result += Array("\\\"".utf8)
            case 0x5C: result += Array("\\\\".utf8)
            case 0x2F where style == 0: result += Array("\\/".utf8)
            case 0..<0x20: hex(scalar.value)
            case 0x10000...:
                if style == 0 {
                    let value = scalar.value - 0x10000
                    hex(0xD800 + (value >> 10))
                    hex(0xDC00 + (value & 0x3FF))
                } else {
                    result += Array(String(scalar).utf8)
                }
            default:
                if style == 0 && scalar.value > 0x20 { hex(scalar.value) } else { result += Array(String(scalar).utf8) }
            }
        }
        return result
    }

    /// A body with escapes of every kind: line breaks, tabs, quotes, runs of backslashes,
    /// slashes, accents, CJK and emoji (surrogate pairs), and long words.
    static func body(seed: UInt64, words: Int) -> String {
        var random = SeededRandom(seed: seed)
        let pieces = ["a", "word", "café", "漢字", "👍🏽", "e\u{301}", "\t", "\"q\"", "\\", "\\\\\\", "a/b", "\n", "\n\n",
                      "averyveryverylongwordthatneedscutting", "\u{1}", "x"]
        return (0..<words).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined(separator: " ")
    }

    @Test func unitsWalkedForwardAndBackwardDecodeToTheBody() {
        for seed in 1...20 {
            let text = Self.body(seed: UInt64(seed), words: 200)
            var random = SeededRandom(seed: UInt64(seed) &* 7)
            let escaped = Self.escaped(text, random: &random)
            escaped.withUnsafeBufferPointer { source in
                var bytes = BodyBytes(escaped: source)
                #expect(bytes.decoded(0..<bytes.count) == text, "seed \(seed)")
                var starts: [Int] = []
                var index = 0
                while index < bytes.count {
                    starts.append(index)
                    index += bytes.unit(at: index).length
                }
                #expect(index == bytes.count)
                // Each character (an escape, or the bytes of one raw UTF-8 sequence) decodes on
                // its own, and its first byte is the one `unit` names.
                let characterStarts = starts.filter { source[$0] & 0xC0 != 0x80 }
                let pieces = zip(characterStarts, characterStarts.dropFirst() + [bytes.count]).map { bytes.decoded($0..<$1) }
                #expect(pieces.joined() == text, "seed \(seed)")
                for (start, piece) in zip(characterStarts, pieces) {
                    #expect(bytes.unit(at: start).byte == piece.utf8.first, "seed \(seed) at \(start)")
                }
                // Backward meets the same units.
                var backward: [Int] = []
                index = bytes.count
                while index > 0 {
                    index = bytes.unitStart(before: index)
                    backward.append(index)
                }
                #expect(backward.reversed() == starts, "seed \(seed)")
                // Every offset rounds up to the next unit that starts a character.
                for offset in 0...bytes.count {
                    let expected = (characterStarts + [bytes.count]).first { $0 >= offset }
                    #expect(bytes.boundary(atOrAfter: offset) == expected, "seed \(seed) offset \(offset)")
                }
            }
        }
    }

    @Test func theReadViewOfAnEscapedBodyShowsTheSameLinesAsTheFullWrap() {
        for seed in 1...8 {
            let text = Self.body(seed: UInt64(seed), words: 300)
            var random = SeededRandom(seed: UInt64(seed))
            let escaped = Self.escaped(text, random: &random)
            escaped.withUnsafeBufferPointer { source in
                for width in [1, 3, 8, 21, 78] {
                    let reference = TextWrap.lines(text, width: width)
                    let key = WrappedBodyCache.Key(Note(title: "t", body: text), width: width)
                    var layout = ReadLayout(bytes: BodyBytes(escaped: source), width: width, key: key, cache: WrappedBodyCache())
                    #expect(layout.lines(from: .top, count: .max).map(\.text) == reference, "seed \(seed) width \(width)")
                    var position = layout.lastLine()
                    for index in stride(from: reference.count - 1, through: 0, by: -1) {
                        #expect(layout.lines(from: position, count: 1).first?.text == reference[index],
                                "seed \(seed) width \(width) line \(index)")
                        position = layout.backward(position, by: 1)
                    }
                }
            }
        }
    }

    @Test func aLongEscapedParagraphIsCutTheSameWayForwardAndBackward() {
        let paragraph = Self.body(seed: 5, words: 40_000).replacingOccurrences(of: "\n", with: " ")
        let text = "first\n" + paragraph + "\nlast"
        var random = SeededRandom(seed: 5)
        let escaped = Self.escaped(text, random: &random)
        #expect(escaped.count > 5 * BodyBlocks.pieceBytes)
        escaped.withUnsafeBufferPointer { source in
            let key = WrappedBodyCache.Key(Note(title: "t", body: text), width: 37)
            var layout = ReadLayout(bytes: BodyBytes(escaped: source), width: 37, key: key, cache: WrappedBodyCache())
            let forward = layout.lines(from: .top, count: .max).map(\.text)
            #expect(forward == layout.linesWalkedBackward())
            #expect(forward.first == "first" && forward.last == "last")
            // Nothing lost: the lines hold every character of the body but spaces and line breaks.
            #expect(forward.joined().filter { $0 != " " } == text.filter { $0 != " " && $0 != "\n" && $0 != "\t" })
        }
    }

    /// A store holding one note with `body`, compacted so the body is in the snapshot, and opened again.
    static func storedNote(body: String) throws -> (TemporaryFolder, NotesStore, Note) {
        let folder = try TemporaryFolder()
        let url = folder.file("notes.json")
        let writer = try NotesStore.open(at: url)
        let note = Note(title: "log", body: body)
        try writer.commit([.putNote(note)])
        try writer.compactNow()
        writer.close()
        let store = try NotesStore.open(at: url)
        return (folder, store, try #require(store.contents.notes[note.id]))
    }

    @Test func theReadViewAndThePreviewOfAStoredLogDecodeOnlyWhatTheyShow() throws {
        let log = (0..<100_000).map { "line \($0) \"quoted\" \\ café 👍" }.joined(separator: "\n") + "\nTHE END"
        let (folder, store, note) = try Self.storedNote(body: log)
        defer { store.close(); folder.remove() }
        let held = note.withBodyBytes { ($0.isEscaped, $0.count) }
        #expect(held.0, "a multi-line body is held with its escapes")
        ReadLayout.with(note, width: 50, cache: WrappedBodyCache()) { layout in
            // The layout works on the bytes as held, not on a decoded copy of the body.
            #expect(layout.byteCount == held.1)
            #expect(layout.byteCount > log.utf8.count)
            let top = layout.endTop(rows: 10)
            let shown = layout.lines(from: top, count: 10).map(\.text)
            #expect(shown == Array(TextWrap.lines(log, width: 50).suffix(10)))
            #expect(layout.wrappedBytes < 4 * BodyBlocks.pieceBytes)
        }
        let start = PreviewPane.shownStart(of: note, rows: 20, width: 60)
        #expect(start.utf8.count <= 20 * 61 * 16)
        #expect(log.hasPrefix(start) && start.hasPrefix("line 0 \"quoted\" \\ café 👍\nline 1"))
    }
}
