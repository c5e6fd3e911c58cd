/// Text made of zero-padded decimal fields and ASCII separators, written exactly as
/// `String(format: "%0Nd")` writes a field (`-005` for -5 in width 4; wider numbers
/// in full). `String(format:)` costs about a microsecond a call: at two dates a
/// note that was a sixth of `notes list` and of `--json` output at 100,000 notes.
package struct FixedWidthText {
    private var bytes: [UInt8] = []

    package init() {
        bytes.reserveCapacity(32)
    }

    package var string: String { String(decoding: bytes, as: UTF8.self) }

    /// Lets `write` add fields to the end of `output` (no buffer of its own): a listing
    /// writes many dates into one buffer.
    package static func appending(to output: inout [UInt8], _ write: (inout FixedWidthText) -> Void) {
        var text = FixedWidthText(empty: ())
        swap(&text.bytes, &output)
        write(&text)
        swap(&text.bytes, &output)
    }

    private init(empty: Void) {}

    package mutating func ascii(_ character: Unicode.Scalar) {
        bytes.append(UInt8(ascii: character))
    }

    /// `value` in at least `width` characters, a minus sign included, padded with zeros.
    package mutating func number(_ value: Int, width: Int) {
        var rest = value.magnitude
        var digitCount = 1
        var probe = rest
        while probe >= 10 { probe /= 10; digitCount += 1 }
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        let padding = width - digitCount - (value < 0 ? 1 : 0)
        // A byte at a time: appending `repeatElement` went through a generic sequence
        // append, most of the cost of a listing's dates.
        if padding > 0 { for _ in 0..<padding { bytes.append(UInt8(ascii: "0")) } }
        var divisor: UInt = 1
        for _ in 1..<digitCount { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }
}
