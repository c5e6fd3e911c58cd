@testable import NotesCore
import NotesTestSupport
import Testing

/// The journal's checksum: the standard CRC-32 (zip, PNG), computed eight bytes at a time.
@Suite struct CRC32Tests {
    /// The textbook way, a bit at a time: the reference the fast one is held to.
    static func bitwise(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }

    @Test func knownValues() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([UInt8]()) == 0)
        #expect(CRC32.checksum(Array("The quick brown fox jumps over the lazy dog".utf8)) == 0x414F_A339)
    }

    @Test func everyLengthAndOffsetMatchesTheBitwiseReference() {
        var random = SeededRandom(seed: 32)
        let bytes = (0..<300).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        for start in 0..<9 {
            for end in start...bytes.count where end % 7 == 0 || end - start < 20 {
                let piece = Array(bytes[start..<end])
                #expect(CRC32.checksum(bytes[start..<end]) == Self.bitwise(piece), "bytes \(start)..<\(end)")
            }
        }
    }
}
