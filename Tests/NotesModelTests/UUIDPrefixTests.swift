import Foundation
import Testing
@testable import NotesModel

/// `notes list`'s id column is made from the id's bytes, not `uuidString`: the same text.
@Suite struct UUIDPrefixTests {
    @Test func thePrefixIsUUIDStringsPrefix() {
        let ids = [UUID(), UUID(), UUID(uuidString: "00000000-0000-0000-0000-000000000000"),
                   UUID(uuidString: "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF"), UUID(uuidString: "0A1B2C3D-4E5F-6789-ABCD-EF0123456789")]
        for id in ids.compactMap({ $0 }) {
            for length in 0...36 {
                #expect(UUIDBits.uppercasePrefix(of: id, length: length) == String(id.uuidString.prefix(length)))
            }
        }
    }
}
