import Foundation
import Testing
@testable import NotesBase

/// `FixedWidthText` writes each field as `String(format: "%0Nd")` does: zero-padded to the
/// width, a minus sign counted in it, wider numbers in full.
@Suite struct FixedWidthTextTests {
    static let values: [Int] = [0, 1, 9, 10, 11, 99, 100, 101, 999, 1000, 2024, 9999, 10_000, 12_345, 99_999_999,
                                1_000_000_007, Int(Int32.max), Int(Int32.max) + 1, Int.max, Int.max - 1, 1_000_000_000_000_000_000]

    @Test func numbersAreFormatsFields() {
        for value in Self.values + Self.values.map { -$0 } + [Int.min, Int.min + 1] {
            for width in 0...21 {
                var text = FixedWidthText()
                text.number(value, width: width)
                #expect(text.string == String(format: "%0\(width)ld", value), "\(value) in \(width)")
            }
        }
    }

    @Test func fieldsFollowEachOtherInTheOutput() {
        var output = Array("at ".utf8)
        FixedWidthText.appending(to: &output) { text in
            text.number(2024, width: 4); text.ascii("-"); text.number(5, width: 2); text.ascii(" "); text.number(-3, width: 3)
        }
        #expect(String(decoding: output, as: UTF8.self) == "at 2024-05 -03")
    }
}
