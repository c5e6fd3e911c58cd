extension JSONStream {
    /// Where a value ends, found a byte at a time over pieces of the buffer as they come
    /// (`lengthOfNextValue`): strings with their escapes and nesting, nothing checked.
    struct ValueScan {
        /// Whether the value is a number or a literal, which ends at white space, `,`, `}` or `]`.
        let isScalar: Bool
        /// The bytes of the value scanned so far.
        private(set) var length = 0
        private var nesting = 0
        private var inString = false
        private var escaped = false

        init(first: UInt8) {
            isScalar = first != UInt8(ascii: "{") && first != UInt8(ascii: "[") && first != UInt8(ascii: "\"")
        }

        /// Scans `bytes` from `start + length` up to `limit`; returns the value's length
        /// once its end is found, nil when the bytes ran out first.
        mutating func run(over bytes: UnsafeBufferPointer<UInt8>, from start: Int, to limit: Int) -> Int? {
            var position = start + length
            defer { length = position - start }
            while position < limit {
                let byte = bytes[position]
                position += 1
                if inString {
                    if escaped {
                        escaped = false
                    } else if byte == UInt8(ascii: "\\") {
                        escaped = true
                    } else if byte == UInt8(ascii: "\"") {
                        inString = false
                        if nesting == 0 { return position - start }
                    } else {
                        // The rest of a plain run eight bytes at a time: most of a note is its body.
                        position = Self.plainRunEnd(in: bytes, from: position, to: limit)
                    }
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["): nesting += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if isScalar { position -= 1; return position - start }
                    nesting -= 1
                    if nesting == 0 { return position - start }
                case 0x20, 0x0A, 0x0D, 0x09, UInt8(ascii: ","):
                    if isScalar { position -= 1; return position - start }
                default: break
                }
            }
            return nil
        }

        /// The first position from `start` on, before `limit`, of a `"` or `\\` (or `limit`):
        /// eight bytes a step, a byte holding either found by the zero-byte test.
        static func plainRunEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to limit: Int) -> Int {
            var position = start
            if let base = bytes.baseAddress {
                let ones: UInt64 = 0x0101_0101_0101_0101
                let quotes = 0x22 &* ones, backslashes = 0x5C &* ones
                func hasZeroByte(_ word: UInt64) -> Bool { (word &- ones) & ~word & (0x80 &* ones) != 0 }
                while position + 8 <= limit {
                    let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
                    if hasZeroByte(word ^ quotes) || hasZeroByte(word ^ backslashes) { break }
                    position += 8
                }
            }
            while position < limit, bytes[position] != UInt8(ascii: "\""), bytes[position] != UInt8(ascii: "\\") {
                position += 1
            }
            return position
        }
    }
}
