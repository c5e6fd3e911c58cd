import Foundation
import NotesTestBasics
import Testing
import NotesColor

/// Damaged Apple color archives (the real Terminal profiles' `NSColor`s, typedstreams, and
/// an `NSColor` with an ICC profile) are read in this process: every one gives a color or an
/// `ArchiveError`, never a crash. Seeded; the seed and the first damage are printed.
@Suite struct AppleColorMutationTests {
    private func samples() throws -> [Data] {
        var samples: [Data] = []
        for name in ["Dracula", "Solarized Dark ansi"] {
            let url = try #require(Bundle.module.url(forResource: name, withExtension: "terminal", subdirectory: "Fixtures/apple-colors"))
            let plist = try #require(try PropertyListSerialization.propertyList(from: Data(contentsOf: url), options: [], format: nil) as? [String: Any])
            samples += plist.values.compactMap { $0 as? Data }
        }
        let profile = ICCProfileFixture.matrixProfile(name: "Color LCD", mluc: true, primaries: .sRGB)
        samples.append(try ArchiveFixtures.archive(objects: [
            ["$class": ArchiveFixtures.uid(5), "NSColorSpace": 1, "NSComponents": Data("0.2 0.4 0.6 1\0".utf8),
             "NSCustomColorSpace": ArchiveFixtures.uid(2)],
            ["$class": ArchiveFixtures.uid(4), "NSICC": ArchiveFixtures.uid(3)], profile,
            ["$classname": "NSColorSpace", "$classes": ["NSColorSpace", "NSObject"]],
            ["$classname": "NSColor", "$classes": ["NSColor", "NSObject"]],
        ]))
        return samples
    }

    @Test func damagedArchivesNeverCrash() throws {
        let seed: UInt64 = 0xA991_E25
        print("AppleColorMutationTests seed \(seed)")
        var random = SeededRandom(seed: seed)
        let samples = try samples()
        var read = 0, refused = 0
        for round in 0..<3_000 {
            var bytes = [UInt8](random.pick(samples))
            for _ in 0..<random.int(1...4) {
                let index = random.int(0...(bytes.count - 1))
                switch random.int(0...2) {
                case 0: bytes[index] = UInt8(truncatingIfNeeded: random.next())
                case 1: bytes[index] ^= 1 << UInt8(random.int(0...7))
                default: bytes.removeSubrange(index..<min(bytes.count, index + random.int(1...8)))
                }
                if bytes.isEmpty { bytes = [0] }
            }
            do {
                _ = try ColorArchive.read(Data(bytes))
                read += 1
            } catch {
                refused += 1
                #expect(!error.description.isEmpty, "round \(round)")
            }
        }
        #expect(read > 0 && refused > 0)
    }
}
