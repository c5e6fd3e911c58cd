/// CRC-32 (IEEE), as the journal uses, computed a bit at a time: an implementation of the
/// tests' own, which the store's faster one is tested against (`CRC32Tests`) and with which
/// `JournalMutator` writes journal lines.
public enum BitwiseCRC32 {
    public static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }
}
