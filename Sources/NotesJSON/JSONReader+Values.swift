/// Numbers, and values of any kind.
extension JSONReader {
    /// Reads a number; rejects anything not finite (JSON has no NaN, and 1e999 overflows).
    ///
    /// A number without an exponent whose digits fit exactly in a `Double` (fewer than
    /// 2^53 as a whole, at most 22 after the point) is computed directly, as one
    /// correctly rounded division by an exact power of ten; anything else goes to
    /// the standard library's parser. The store's dates are all of the first kind.
    /// Runs of digits are taken up to eight at a time (`leadingDigits`, `digitsValue`):
    /// the same mantissa, digit count and place of the point as one digit at a time.
    public mutating func readDouble() throws(JSONError) -> Double {
        skipWhitespace()
        let start = position
        let count = bytes.count
        guard let base = bytes.baseAddress else { throw error("expected a number, found \(describeNext())") }
        func digit(_ index: Int) -> Bool { index < count && base[index] &- 0x30 < 10 }
        var index = position
        let negative = index < count && base[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        guard digit(index) else {
            position = index
            throw error("expected a number, found \(describeNext())")
        }
        var number = DecimalDigits()
        if base[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            Self.readDigits(base, count, at: &index, into: &number, fraction: false)
        }
        if index < count, base[index] == UInt8(ascii: ".") {
            index += 1
            guard digit(index) else {
                position = index
                throw error("expected a digit after '.'")
            }
            Self.readDigits(base, count, at: &index, into: &number, fraction: true)
        }
        if index < count, base[index] | 0x20 == UInt8(ascii: "e") {
            number.exact = false
            index += 1
            if index < count, base[index] == UInt8(ascii: "+") || base[index] == UInt8(ascii: "-") { index += 1 }
            guard digit(index) else {
                position = index
                throw error("expected a digit in the exponent")
            }
            while digit(index) { index += 1 }
        }
        position = index
        if number.exact, number.mantissa < 1 << 53, number.fractionDigits < Self.exactPowersOfTen.count {
            let magnitude = Double(number.mantissa) / Self.exactPowersOfTen[number.fractionDigits]
            return negative ? -magnitude : magnitude
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw error("number \(text) is out of range", at: start) }
        return value
    }

    /// A number's digits as read so far: the first 19 that count (a fraction's leading
    /// zeros do not) as a whole number, how many of them follow the point, and whether
    /// that is the number exactly (no digit was dropped, no exponent).
    private struct DecimalDigits {
        var mantissa: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        var exact = true
    }

    /// Reads the run of digits at `index` (of a whole part not starting with 0, or of a
    /// fraction) into `number`: up to eight at once while they all count, else one by one.
    @inline(__always)
    private static func readDigits(_ base: UnsafePointer<UInt8>, _ count: Int, at index: inout Int,
                                   into number: inout DecimalDigits, fraction: Bool) {
        while true {
            // A whole part's digits all count; a fraction's once the mantissa is not zero.
            if number.mantissa > 0 || !fraction, index + 8 <= count {
                let word = Self.word(base, index)
                let run = Self.leadingDigits(word)
                if run > 0, number.digits + run <= 19 {
                    number.mantissa = number.mantissa &* Self.powersOfTen[run] &+ Self.digitsValue(word, run)
                    number.digits += run
                    if fraction { number.fractionDigits += run }
                    index += run
                    if run < 8 { return } else { continue }
                }
            }
            guard index < count, base[index] &- 0x30 < 10 else { return }
            if number.digits < 19 {
                number.mantissa = number.mantissa &* 10 &+ UInt64(base[index] - 0x30)
            } else {
                number.exact = false
            }
            if number.mantissa > 0 { number.digits += 1 }
            if fraction { number.fractionDigits += 1 }
            index += 1
        }
    }

    /// The eight bytes at `index`, the first in the lowest byte, each less `0` (a digit's
    /// byte is then its value).
    @inline(__always)
    private static func word(_ base: UnsafePointer<UInt8>, _ index: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(base).loadUnaligned(fromByteOffset: index, as: UInt64.self)) ^ 0x3030_3030_3030_3030
    }

    /// How many of `word`'s bytes (from `word(_:_:)`), from the lowest, are digits: 0 to 8.
    @inline(__always)
    static func leadingDigits(_ word: UInt64) -> Int {
        // A byte is a digit when, less `0`, it is below 10: adding 0x76 to its low seven
        // bits (never carrying out of the byte) sets its top bit at 10 and above.
        let notDigit = (((word & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7676_7676_7676_7676) | word) & 0x8080_8080_8080_8080
        return notDigit == 0 ? 8 : notDigit.trailingZeroBitCount >> 3
    }

    /// The value of the first `run` (1 to 8) digits of `word` (from `word(_:_:)`), the
    /// first the most significant.
    @inline(__always)
    static func digitsValue(_ word: UInt64, _ run: Int) -> UInt64 {
        // The digits moved to the top bytes: the bytes below are leading zeros.
        var value = word &<< UInt64(8 &* (8 &- run))
        value = value &* 10 &+ (value >> 8)  // pairs: each even byte holds two digits' value
        let pairs: UInt64 = 0x0000_00FF_0000_00FF
        value = ((value & pairs) &* (100 &+ (1_000_000 << 32)) &+ ((value >> 16) & pairs) &* (1 &+ (10_000 << 32))) >> 32
        return value & 0xFFFF_FFFF
    }

    /// 10^0 ... 10^8 as whole numbers.
    private static let powersOfTen: [UInt64] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000]

    /// 10^0 ... 10^22: every power of ten that a `Double` holds exactly.
    private static let exactPowersOfTen: [Double] = (0...22).map { exponent in
        (0..<exponent).reduce(1.0) { value, _ in value * 10 }
    }

    /// Reads a number that must be a whole number in `range`.
    public mutating func readInteger(in range: ClosedRange<Int>) throws(JSONError) -> Int {
        skipWhitespace()
        let start = position
        let value = try readDouble()
        guard value.rounded() == value, value >= Double(range.lowerBound), value <= Double(range.upperBound) else {
            throw error("expected a whole number in \(range.lowerBound)...\(range.upperBound), found \(value)", at: start)
        }
        return Int(value)
    }


    // MARK: Any value

    /// Skips one value of any kind.
    public mutating func skipValue() throws(JSONError) {
        switch peek() {
        case UInt8(ascii: "{"):
            try readObject { (reader: inout JSONReader, _: String) throws(JSONError) in try reader.skipValue() }
        case UInt8(ascii: "["):
            try readArray { (reader: inout JSONReader, _: Int) throws(JSONError) in try reader.skipValue() }
        case UInt8(ascii: "\""):
            position += 1
            while position < bytes.count {
                let byte = bytes[position]
                position += 1
                if byte == UInt8(ascii: "\"") { return }
                if byte == UInt8(ascii: "\\") { position += 1 }
            }
            throw error("unexpected end of data inside a string")
        default:
            _ = try readValue()
        }
    }

    /// Reads one value of any kind as a tree; numbers keep their literal text.
    /// An object with a key twice is an error at the second one's value.
    public mutating func readValue() throws(JSONError) -> JSONValue {
        switch peek() {
        case UInt8(ascii: "{"):
            var members: [(String, JSONValue)] = []
            var keys = Set<String>()
            try readObject { (reader: inout JSONReader, key: String) throws(JSONError) in
                guard keys.insert(key).inserted else { throw reader.error("duplicate key '\(key)'") }
                members.append((key, try reader.readValue()))
            }
            return .object(members)
        case UInt8(ascii: "["):
            var items: [JSONValue] = []
            try readArray { (reader: inout JSONReader, _: Int) throws(JSONError) in
                items.append(try reader.readValue())
            }
            return .array(items)
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool(try readBool())
        case UInt8(ascii: "n"): _ = try readNull(); return .null
        case nil: throw error("unexpected end of data, expected a value")
        default: return .number(try readNumberText())
        }
    }

    /// Reads a number, checked as `readDouble` checks it, and returns its literal text.
    public mutating func readNumberText() throws(JSONError) -> String {
        skipWhitespace()
        let start = position
        _ = try readDouble()
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    }
}
