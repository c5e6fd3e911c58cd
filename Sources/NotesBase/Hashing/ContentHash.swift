import Foundation

/// The 128-bit FNV-1a hash of some bytes: what an import remembers of a file it read
/// (`ImportSource`) and what stable note ids are made from (`StableNoteID`). Stable across
/// runs and platforms. Not a cryptographic hash: nothing depends on it being hard to forge.
package struct ContentHash: Sendable {
    private static let prime: UInt128 = 0x0000_0000_0100_0000_0000_0000_0000_013B
    private var state: UInt128 = 0x6C62_272E_07BB_0142_62B8_2175_6295_C58D

    package init() {}

    package mutating func add(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            state ^= UInt128(byte)
            state = state &* Self.prime
        }
    }

    package mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) {
        var state = self.state
        for byte in bytes {
            state ^= UInt128(byte)
            state = state &* Self.prime
        }
        self.state = state
    }

    /// The state, most significant byte first.
    package var bytes: [UInt8] {
        (0..<16).map { UInt8(truncatingIfNeeded: state >> (8 * (15 - $0))) }
    }

    /// The state as 32 lowercase hex digits.
    package var hex: String {
        let digits = String(state, radix: 16)
        return String(repeating: "0", count: 32 - digits.count) + digits
    }

    /// The hash of `bytes`, as hex.
    package static func hex(of bytes: some Sequence<UInt8>) -> String {
        var hash = ContentHash()
        hash.add(bytes)
        return hash.hex
    }
}
