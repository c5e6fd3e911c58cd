import Foundation
import NotesTestData
import Testing
@testable import NotesColor
@testable import NotesModel
@testable import NotesStore

/// Archive bytes: the same color gives the same bytes; bytes read are written back as they were.
@Suite struct ArchiveBytesTests {
    @Test func theCanonicalArchiveIsWhatTheArchiverWritesWithSortedKeys() throws {
        let color = try SerializableColor(colorSpace: .displayP3, red: 0.1, green: 0.25, blue: 1, alpha: 0.5)
        let ours = ColorArchive.canonicalArchive(of: color)
        #expect(ours.starts(with: Array("bplist00".utf8)))
        // It decodes through the validator and NSKeyedUnarchiver to the same color …
        #expect(try ColorArchive.unarchive(ours) == color)
        // … and holds what the archiver itself writes (class renamed), only ordered.
        let theirs = try PropertyListSerialization.propertyList(from: try ColorArchiveSamples.foreign(color), options: [], format: nil)
        let read = try PropertyListSerialization.propertyList(from: ours, options: [], format: nil)
        let theirObjects = try #require((theirs as? [String: Any])?["$objects"] as? [Any])
        let ourObjects = try #require((read as? [String: Any])?["$objects"] as? [Any])
        #expect(theirObjects.count == ourObjects.count)
        let theirFields = try #require(theirObjects[1] as? [String: Any]), ourFields = try #require(ourObjects[1] as? [String: Any])
        #expect(Set(theirFields.keys) == Set(ourFields.keys))
        for key in [SerializableColor.Key.red, SerializableColor.Key.green, SerializableColor.Key.blue, SerializableColor.Key.alpha] {
            #expect((theirFields[key] as? NSNumber)?.floatValue == (ourFields[key] as? NSNumber)?.floatValue)
        }
        #expect((ourObjects[2] as? [String: Any])?["$classname"] as? String == "SerializableColor")
    }

    @Test func theSameColorAlwaysGivesTheSameBytes() throws {
        // Fixed bytes, so that a change in any process (or any build) shows.
        let color = try SerializableColor(hex: "#336699")
        #expect(ColorArchive.canonicalArchive(of: color).base64EncodedString() == Self.archiveOf336699)
        #expect(try ColorArchive.archive(try SerializableColor(hex: "#336699")) == ColorArchive.archive(color))
    }

    static let archiveOf336699 = "YnBsaXN0MDDUAQIDBAUGHB9ZJGFyY2hpdmVyWCRvYmplY3RzVCR0b3BYJHZlcnNpb25fEA9OU0tleWVkQXJjaGl2ZXKjBwgVVSRudWxs1gkKCwwNDg8QERITFFYkY2xhc3NVYWxwaGFUYmx1ZVpjb2xvclNwYWNlVWdyZWVuU3JlZIACIj+AAAAiPxmZmhAAIj7MzM0iPkzMzdIWFxgbWCRjbGFzc2VzWiRjbGFzc25hbWWiGRpfEBFTZXJpYWxpemFibGVDb2xvclhOU09iamVjdF8QEVNlcmlhbGl6YWJsZUNvbG9y0R0eVHJvb3SAARIAAYagCBEbJCkyREhOW2JobXh+goSJjpCVmp+os7bK0+fq7/EAAAAAAAABAQAAAAAAAAAgAAAAAAAAAAAAAAAAAAAA9g=="

    @Test func aForeignArchiveThatWasReadIsWrittenBackAsItWas() throws {
        let color = try SerializableColor(hex: "#C0FFEE")
        let foreign = try ColorArchiveSamples.foreign(color)
        #expect(foreign != ColorArchive.canonicalArchive(of: color))
        let read = try ColorArchive.unarchive(foreign)
        #expect(read == color)
        #expect(try ColorArchive.archive(read) == foreign)
        // A color made here (a recolor) is written the canonical way.
        #expect(try ColorArchive.archive(try SerializableColor(hex: "#C0FFEE")) == ColorArchive.canonicalArchive(of: color))
    }

    @Test func theStoreKeepsAForeignArchiveThroughARenameAndCompaction() throws {
        let (folder, url) = try StoreFixtures.store()
        defer { folder.remove() }
        let foreign = try ColorArchiveSamples.foreign(try SerializableColor(hex: "#C0FFEE"))
        let store = try NotesStore.open(at: url)
        var category = Category(name: "Foreign", color: try ColorArchive.unarchive(foreign))
        try store.commit(.putCategory(category))
        category.name = "Renamed"
        try store.commit(.putCategory(category))
        try store.compactNow()
        store.close()
        #expect(try String(contentsOf: url, encoding: .utf8).contains(foreign.base64EncodedString()))
        let reopened = try NotesStore.open(at: url)
        defer { reopened.close() }
        #expect(try reopened.contents.categories[category.id].map { try ColorArchive.archive($0.color) } == foreign)
    }

    @Test func anArchiveOfAnotherClassIsReportedByThatClass() throws {
        #expect(throws: ArchiveError.unreadableColor(
            className: "NSColor",
            reason: "the catalog color 'labelColor' of catalog 'System' has no documented value and no color archived with it")) {
            try ColorArchive.unarchive(try ArchiveFixtures.catalogColorArchive())
        }
    }
}

/// Our own archives are recognized byte for byte and read in place (`CanonicalColorLayout`),
/// giving exactly what the validator and the unarchiver give; anything else, even one byte
/// off, goes the validator's way.
@Suite struct CanonicalColorLayoutTests {
    @Test func everyCanonicalArchiveReadsInPlaceAsTheValidatorReadsIt() throws {
        var random = SeededRandom(seed: 0xC0_105)
        for _ in 0..<500 {
            let space: ColorSpace = random.chance(0.5) ? .sRGB : .displayP3
            let color = try SerializableColor(colorSpace: space, red: Float(random.int(0...1000)) / 1000,
                                              green: Float(random.int(0...1000)) / 1000,
                                              blue: Float(random.int(0...1000)) / 1000,
                                              alpha: Float(random.int(0...1000)) / 1000)
            let archive = ColorArchive.canonicalArchive(of: color)
            let fast = try #require(CanonicalColorLayout.read(archive), "\(color)")
            #expect(fast == color)
            #expect(ColorArchive.canonicalArchive(of: fast) == archive)
        }
    }

    @Test func anythingElseIsLeftToTheValidator() throws {
        let color = try SerializableColor(hex: "#336699")
        var archive = [UInt8](ColorArchive.canonicalArchive(of: color))
        #expect(CanonicalColorLayout.read(try ColorArchiveSamples.foreign(color)) == nil)
        archive[archive.count / 3] ^= 0x01  // a byte of the structure, not a value
        #expect(CanonicalColorLayout.read(Data(archive)) == nil)
        #expect(CanonicalColorLayout.read(Data()) == nil)
    }
}
