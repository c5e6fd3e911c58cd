import Foundation
import Testing
@testable import NotesColor

/// A damaged binary property list must never reach `PropertyListSerialization` when it
/// could crash it: corelibs Foundation dereferenced a bad pointer on one whose dictionary
/// marker a flipped bit had turned into a set's (found by the archive fuzzer).
@Suite struct ArchivePropertyListFormatTests {
    /// A real color archive with its top-level object's marker changed by `change`.
    private func archiveWithTopObjectMarker(_ change: (UInt8) -> UInt8) throws -> Data {
        var bytes = [UInt8](try ColorArchive.archive(SerializableColor(hex: "#3366CC")))
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        let top = bytes[(trailer + 16)..<(trailer + 24)].reduce(0) { $0 << 8 | Int($1) }
        let table = bytes[(trailer + 24)..<(trailer + 32)].reduce(0) { $0 << 8 | Int($1) }
        let entry = table + top * offsetSize
        let offset = bytes[entry..<(entry + offsetSize)].reduce(0) { $0 << 8 | Int($1) }
        bytes[offset] = change(bytes[offset])
        return Data(bytes)
    }

    @Test func aDictionaryTurnedIntoASetIsRefusedBeforeFoundationReadsIt() throws {
        let damaged = try archiveWithTopObjectMarker { $0 & 0x0F | 0xC0 }
        #expect(throws: ArchiveError.notAPropertyList("object 0 of the binary property list is of a kind no archive holds")) {
            try ColorArchive.unarchive(damaged)
        }
    }

    @Test func theUndamagedArchiveStillReads() throws {
        let intact = try archiveWithTopObjectMarker { $0 }
        #expect(try ColorArchive.unarchive(intact).hex == "#3366CC")
    }

    @Test func otherFormatsAreRefusedAndXMLIsRead() throws {
        #expect(throws: ArchiveError.self) { try ColorArchive.unarchive(Data("{ a = b; }".utf8)) }
        #expect(throws: ArchiveError.self) { try ColorArchive.unarchive(Data("bplist15xxxxxxxx".utf8)) }
        let color = try SerializableColor(hex: "#80FF00")
        let plist = try PropertyListSerialization.propertyList(from: try ColorArchive.archive(color), format: nil)
        let xml = try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
        #expect(try ColorArchive.unarchive(xml).hex == "#80FF00")
    }
}
