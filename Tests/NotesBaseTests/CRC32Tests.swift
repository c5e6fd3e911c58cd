import NotesTestBasics
import Testing
@testable import NotesBase

/// The journal's checksum: the standard CRC-32 (zip, PNG), computed eight bytes at a time.
@Suite struct CRC32Tests {
    @Test func knownValues() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([UInt8]()) == 0)
        #expect(CRC32.checksum(Array("The quick brown fox jumps over the lazy dog".utf8)) == 0x414F_A339)
    }

    /// Held to the tests' bitwise CRC (`BitwiseCRC32.checksum`).
    @Test func everyLengthAndOffsetMatchesTheBitwiseReference() {
        var random = SeededRandom(seed: 32)
        let bytes = (0..<300).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        for start in 0..<9 {
            for end in start...bytes.count where end % 7 == 0 || end - start < 20 {
                let piece = Array(bytes[start..<end])
                #expect(CRC32.checksum(bytes[start..<end]) == BitwiseCRC32.checksum(piece), "bytes \(start)..<\(end)")
            }
        }
    }
}
