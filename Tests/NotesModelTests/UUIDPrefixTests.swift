import Foundation
import NotesTestBasics
import Testing
@testable import NotesModel

/// `notes list`'s id column is made from the id's bytes, not `uuidString`: the same text.
@Suite struct UUIDPrefixTests {
    @Test func thePrefixIsUUIDStringsPrefix() {
        var random = SeededRandom(seed: TestSeed.seed(for: "UUIDPrefixTests.thePrefixIsUUIDStringsPrefix"))
        // Every hex digit in every place: random bytes (the id is only bytes here).
        let drawn = (0..<500).map { _ in
            UUID(uuid: (UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random),
                        UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random),
                        UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random),
                        UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random),
                        UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random),
                        UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random),
                        UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random),
                        UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random)))
        }
        let ids: [UUID?] = drawn.map { $0 } + [UUID(uuidString: "00000000-0000-0000-0000-000000000000"),
                           UUID(uuidString: "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF"), UUID(uuidString: "0A1B2C3D-4E5F-6789-ABCD-EF0123456789")]
        for case let id? in ids {
            for length in 0...36 {
                #expect(UUIDBits.uppercasePrefix(of: id, length: length) == String(id.uuidString.prefix(length)))
            }
        }
    }
}
