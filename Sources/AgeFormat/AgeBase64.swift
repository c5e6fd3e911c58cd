/// Base64 as age writes it (RFC 4648 standard alphabet, no `=` padding), read strictly:
/// padding, characters outside the alphabet, a length that cannot be base64 and
/// non-canonical encodings (unused low bits that are not zero) are all refused, so that
/// each byte string has exactly one text form.
enum AgeBase64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, character) in alphabet.enumerated() { table[Int(character)] = UInt8(index) }
        return table
    }()

    /// Whether `byte` is one of the 64 characters of the alphabet.
    static func isAlphabet(_ byte: UInt8) -> Bool { values[Int(byte)] != 0xFF }

    static func encode<Bytes: Collection>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count * 4 + 2) / 3)
        var iterator = bytes.makeIterator()
        while let first = iterator.next() {
            let second = iterator.next(), third = second == nil ? nil : iterator.next()
            let word = UInt32(first) << 16 | UInt32(second ?? 0) << 8 | UInt32(third ?? 0)
            output.append(alphabet[Int(word >> 18 & 63)])
            output.append(alphabet[Int(word >> 12 & 63)])
            if second != nil { output.append(alphabet[Int(word >> 6 & 63)]) }
            if third != nil { output.append(alphabet[Int(word & 63)]) }
        }
        return output
    }

    static func encodeString<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        String(decoding: encode(bytes), as: UTF8.self)
    }

    /// The bytes `text` encodes, or nil unless it is canonical unpadded base64.
    static func decode<Text: Collection>(_ text: Text) -> [UInt8]? where Text.Element == UInt8 {
        let count = text.count
        guard count % 4 != 1 else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(count * 3 / 4)
        var word: UInt32 = 0, bits = 0
        for character in text {
            let value = values[Int(character)]
            guard value != 0xFF else { return nil }
            word = word << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: word >> UInt32(bits)))
            }
        }
        // The bits left over must be zero: otherwise two texts would decode to the same bytes.
        guard word & ((1 << UInt32(bits)) - 1) == 0 else { return nil }
        return output
    }
}
