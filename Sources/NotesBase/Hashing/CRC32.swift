/// CRC-32 (IEEE 802.3, the one zip and PNG use), to detect a torn or garbled journal line.
package enum CRC32 {
    /// Eight tables of 256 entries, one after the other, for slicing-by-8: entry `b` of
    /// table `k` is the CRC of byte `b` followed by `k` zero bytes, so eight bytes are
    /// folded in with eight independent lookups (about four times as fast as a byte at
    /// a time, which matters for a commit of a 200 MB note).
    private static let tables: [UInt32] = {
        var tables = (0..<256).map { index in
            var value = UInt32(index)
            for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
            return value
        }
        for entry in 256..<(8 * 256) {
            let previous = tables[entry - 256]
            tables.append(tables[Int(previous & 0xFF)] ^ (previous >> 8))
        }
        return tables
    }()

    package static func checksum(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        tables.withUnsafeBufferPointer { table in
            func look(_ k: Int, _ byte: UInt32) -> UInt32 { table[k << 8 | Int(byte & 0xFF)] }
            var index = 0
            while index + 8 <= bytes.count {
                let low = crc ^ (UInt32(bytes[index]) | UInt32(bytes[index + 1]) << 8
                    | UInt32(bytes[index + 2]) << 16 | UInt32(bytes[index + 3]) << 24)
                crc = look(7, low) ^ look(6, low >> 8) ^ look(5, low >> 16) ^ look(4, low >> 24)
                    ^ look(3, UInt32(bytes[index + 4])) ^ look(2, UInt32(bytes[index + 5]))
                    ^ look(1, UInt32(bytes[index + 6])) ^ look(0, UInt32(bytes[index + 7]))
                index += 8
            }
            while index < bytes.count {
                crc = look(0, crc ^ UInt32(bytes[index])) ^ (crc >> 8)
                index += 1
            }
        }
        return crc ^ 0xFFFF_FFFF
    }

    package static func checksum<C: Collection>(_ bytes: C) -> UInt32 where C.Element == UInt8 {
        if let crc = bytes.withContiguousStorageIfAvailable({ checksum($0) }) { return crc }
        return checksum(Array(bytes))
    }

    /// Eight lowercase hex digits.
    package static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}
