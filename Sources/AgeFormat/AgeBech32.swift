/// Bech32 (BIP 173, the original checksum constant 1) as age uses it for keys: recipients
/// `age1…` in lower case, identities `AGE-SECRET-KEY-1…` in upper case. Unlike BIP 173,
/// age sets no 90-character limit. Mixed case, characters outside the charset and a bad
/// checksum are refused.
enum AgeBech32 {
    private static let charset = Array("qpzry9x8gf2tvdw0s3jn54khce6mua7l".utf8)
    private static let charsetValues: [Int8] = {
        var table = [Int8](repeating: -1, count: 128)
        for (index, character) in charset.enumerated() { table[Int(character)] = Int8(index) }
        return table
    }()

    private static func polymod(_ values: [UInt8]) -> UInt32 {
        let generator: [UInt32] = [0x3b6a_57b2, 0x2650_8e6d, 0x1ea1_19fa, 0x3d42_33dd, 0x2a14_62b3]
        var checksum: UInt32 = 1
        for value in values {
            let top = checksum >> 25
            checksum = (checksum & 0x1ff_ffff) << 5 ^ UInt32(value)
            for index in 0..<5 where (top >> UInt32(index)) & 1 == 1 { checksum ^= generator[index] }
        }
        return checksum
    }

    private static func expand(_ prefix: [UInt8]) -> [UInt8] {
        prefix.map { $0 >> 5 } + [0] + prefix.map { $0 & 31 }
    }

    /// Regroups bits from `from`-bit to `to`-bit values; nil when padding is not zero.
    private static func convert(_ data: [UInt8], from: Int, to: Int, pad: Bool) -> [UInt8]? {
        var accumulator = 0, bits = 0
        var output: [UInt8] = []
        let mask = (1 << to) - 1
        for value in data {
            accumulator = accumulator << from | Int(value)
            bits += from
            while bits >= to {
                bits -= to
                output.append(UInt8(accumulator >> bits & mask))
            }
            accumulator &= (1 << bits) - 1
        }
        if pad {
            if bits > 0 { output.append(UInt8(accumulator << (to - bits) & mask)) }
        } else if bits >= from || accumulator << (to - bits) & mask != 0 {
            return nil
        }
        return output
    }

    /// `prefix` (lower case) and `data` as Bech32, in lower case.
    static func encode(prefix: String, data: [UInt8]) -> String {
        let human = Array(prefix.utf8)
        let values = convert(data, from: 8, to: 5, pad: true) ?? []
        let checksum = polymod(expand(human) + values + [0, 0, 0, 0, 0, 0]) ^ 1
        let checksumValues = (0..<6).map { UInt8(checksum >> UInt32(5 * (5 - $0)) & 31) }
        return prefix + "1" + String(decoding: (values + checksumValues).map { charset[Int($0)] }, as: UTF8.self)
    }

    /// The prefix (lower case) and data of a Bech32 string, or nil when it is not valid.
    static func decode(_ text: String) -> (prefix: String, data: [UInt8])? {
        let bytes = Array(text.utf8)
        guard bytes.allSatisfy({ (33...126).contains($0) }) else { return nil }
        let hasLower = bytes.contains { (97...122).contains($0) }, hasUpper = bytes.contains { (65...90).contains($0) }
        guard !(hasLower && hasUpper) else { return nil }
        let lower = bytes.map { (65...90).contains($0) ? $0 + 32 : $0 }
        guard let separator = lower.lastIndex(of: UInt8(ascii: "1")), separator >= 1, lower.count - separator - 1 >= 6 else { return nil }
        let human = Array(lower[..<separator])
        var values: [UInt8] = []
        for character in lower[(separator + 1)...] {
            let value = value(of: character)
            guard value >= 0 else { return nil }
            values.append(UInt8(value))
        }
        guard polymod(expand(human) + values) == 1,
              let data = convert(Array(values.dropLast(6)), from: 5, to: 8, pad: false) else { return nil }
        return (String(decoding: human, as: UTF8.self), data)
    }

    private static func value(of character: UInt8) -> Int8 {
        character < 128 ? charsetValues[Int(character)] : -1
    }
}
