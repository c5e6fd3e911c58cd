import Glibc
import Foundation

/// Checks on UTF-8 text that read only the bytes they need, so that a whole-note edit
/// of a very long note costs what writing and reading its file costs. They mean what
/// the same checks on a `String` meant before, at the byte level: equality is byte
/// equality (an `é` typed as `e` + U+0301 is not the same text as U+00E9).
package enum UTF8Text {
    /// What `String(data:encoding: .utf8)` drops at the start of a file (one of them).
    package static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Whether both hold the same bytes.
    package static func equal(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
        guard left.count == right.count else { return false }
        guard let one = left.baseAddress, let other = right.baseAddress, left.count > 0 else { return true }
        return one == other || memcmp(one, other, left.count) == 0
    }

    package static func equal(_ left: ArraySlice<UInt8>, _ right: ArraySlice<UInt8>) -> Bool {
        left.withUnsafeBufferPointer { one in right.withUnsafeBufferPointer { other in equal(one, other) } }
    }

    /// Whether the text's last `Character` is a line feed on its own (`String.hasSuffix("\n")`):
    /// the last byte is LF and the one before is not CR (CR LF is one `Character`; nothing
    /// else joins a line feed). Reads two bytes.
    package static func endsWithLineFeed<Text: BidirectionalCollection>(_ text: Text) -> Bool where Text.Element == UInt8 {
        guard let last = text.last, last == UInt8(ascii: "\n") else { return false }
        let before = text.index(before: text.endIndex)
        return before == text.startIndex || text[text.index(before: before)] != UInt8(ascii: "\r")
    }

    /// Whether the text is only white space and line breaks (what
    /// `trimmingCharacters(in: .whitespacesAndNewlines).isEmpty` said); reads up to the
    /// first scalar that is not, or the first byte that is not UTF-8 (not blank).
    package static func isBlank<Text: Collection>(_ text: Text) -> Bool where Text.Element == UInt8 {
        var bytes = text.makeIterator()
        var decoder = Unicode.UTF8()
        while true {
            switch decoder.decode(&bytes) {
            case .scalarValue(let scalar):
                guard blank.contains(scalar) else { return false }
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    private static let blank = CharacterSet.whitespacesAndNewlines

    /// The text as a `String`; nil when it is not UTF-8.
    package static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        String(validating: bytes, as: Unicode.UTF8.self)
    }
}
