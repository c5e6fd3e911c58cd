/// Numbers, and values of any kind.
extension JSONReader {
    /// Reads a number; rejects anything not finite (JSON has no NaN, and 1e999 overflows).
    ///
    /// A number without an exponent whose digits fit exactly in a `Double` (fewer than
    /// 2^53 as a whole, at most 22 after the point) is computed directly, as one
    /// correctly rounded division by an exact power of ten; anything else goes to
    /// the standard library's parser. The store's dates are all of the first kind.
    public mutating func readDouble() throws(JSONError) -> Double {
        skipWhitespace()
        let start = position
        func digit(_ index: Int) -> Bool { index < bytes.count && bytes[index] >= 0x30 && bytes[index] <= 0x39 }
        let negative = position < bytes.count && bytes[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        guard digit(position) else { throw error("expected a number, found \(describeNext())") }
        var mantissa: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        var exact = true
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
        } else {
            while digit(position) {
                if digits < 19 { mantissa = mantissa &* 10 &+ UInt64(bytes[position] - 0x30) } else { exact = false }
                digits += 1
                position += 1
            }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard digit(position) else { throw error("expected a digit after '.'") }
            while digit(position) {
                if digits < 19 { mantissa = mantissa &* 10 &+ UInt64(bytes[position] - 0x30) } else { exact = false }
                if mantissa > 0 { digits += 1 }
                fractionDigits += 1
                position += 1
            }
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            exact = false
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard digit(position) else { throw error("expected a digit in the exponent") }
            while digit(position) { position += 1 }
        }
        if exact, mantissa < 1 << 53, fractionDigits < Self.exactPowersOfTen.count {
            let magnitude = Double(mantissa) / Self.exactPowersOfTen[fractionDigits]
            return negative ? -magnitude : magnitude
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw error("number \(text) is out of range", at: start) }
        return value
    }

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
