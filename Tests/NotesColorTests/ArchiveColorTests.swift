import Foundation
import Testing
import NotesColor
import NotesTestBasics

/// `ColorArchive`: the archive's shape, round trips, archives from other programs,
/// and bad archives that must be errors (a crash would end the test process).
@Suite struct ArchiveColorTests {
    @Test func anArchiveIsABinaryKeyedArchiveUnderTheStableClassName() throws {
        let data = try ColorArchive.archive(try SerializableColor(colorSpace: .displayP3, red: 0.1, green: 0.2, blue: 0.3, alpha: 0.5))
        #expect(data.starts(with: Data("bplist00".utf8)))
        var format = PropertyListSerialization.PropertyListFormat.xml
        let plist = try #require(try PropertyListSerialization.propertyList(from: data, options: [], format: &format) as? [String: Any])
        #expect(format == .binary)
        #expect(plist["$archiver"] as? String == "NSKeyedArchiver")
        #expect((plist["$version"] as? NSNumber)?.intValue == 100_000)
        let top = try #require(plist["$top"] as? [String: Any])
        let root = try #require(top["root"])
        #expect(String(describing: type(of: root)).contains("KeyedArchiverUID"))
        let objects = try #require(plist["$objects"] as? [Any])
        let classes = objects.compactMap { $0 as? [String: Any] }.filter { $0["$classname"] != nil }
        #expect(classes.count == 1)
        #expect(classes.first?["$classname"] as? String == "SerializableColor")
        #expect((classes.first?["$classes"] as? [Any])?.compactMap { $0 as? String } == ["SerializableColor", "NSObject"])
        let color = try #require(objects.compactMap { $0 as? [String: Any] }.first { $0["$class"] != nil })
        #expect(Set(color.keys) == ["$class", "colorSpace", "red", "green", "blue", "alpha"])
        #expect((color["colorSpace"] as? NSNumber)?.intValue == 1)
        #expect((color["alpha"] as? NSNumber)?.floatValue == 0.5)
    }

    @Test func colorsRoundTrip() throws {
        let colors = [
            SerializableColor.white,
            try SerializableColor(red: 0, green: 0, blue: 0, alpha: 0),
            try SerializableColor(hex: "#3A7BD5CC"),
            try SerializableColor(colorSpace: .displayP3, red: 1, green: 0, blue: 0),
            try SerializableColor(colorSpace: .displayP3, red: 0.123456, green: 0.654321, blue: 1, alpha: 0.01),
        ]
        for color in colors {
            #expect(try ColorArchive.unarchive(try ColorArchive.archive(color)) == color)
        }
    }

    @Test func anArchiveWrittenByAnotherProgramReads() throws {
        let data = try ArchiveFixtures.colorArchive(ArchiveFixtures.validColorFields)
        #expect(data.starts(with: Data("bplist00".utf8)))
        #expect(try ColorArchive.unarchive(data) == SerializableColor(red: 0.25, green: 0.5, blue: 0.75))
    }

    @Test func anXMLArchiveWithoutAlphaAndWithIntegerComponentsReads() throws {
        let data = try ArchiveFixtures.colorArchive(["colorSpace": 1, "red": 1, "green": 0, "blue": 0.5], format: .xml)
        #expect(try ColorArchive.unarchive(data) == SerializableColor(colorSpace: .displayP3, red: 1, green: 0, blue: 0.5))
    }

    @Test func anArchiveFromPlainNSKeyedArchiverWithTheModuleQualifiedNameReads() throws {
        let color = try SerializableColor(hex: "123456")
        let data = try NSKeyedArchiver.archivedData(withRootObject: color, requiringSecureCoding: true)
        #expect(try ColorArchive.unarchive(data) == color)
    }

    // MARK: Bad archives

    @Test func archivesOfOtherFoundationClassesAreRejected() throws {
        let cases: [(Any, String)] = [
            (NSArray(), "NSArray"), (NSString(string: "red"), "NSString"), (NSDictionary(), "NSDictionary"),
            (NSArray(array: [SerializableColor.white]), "NSArray"),
        ]
        for (root, className) in cases {
            let data = try NSKeyedArchiver.archivedData(withRootObject: root, requiringSecureCoding: false)
            #expect(throws: ArchiveError.disallowedClass(className)) { try ColorArchive.unarchive(data) }
        }
    }

    @Test func anNSObjectRootIsRejected() throws {
        let data = try ArchiveFixtures.archive(objects: [
            ["$class": ArchiveFixtures.uid(2)], ["$classname": "NSObject", "$classes": ["NSObject"]],
        ])
        #expect(throws: ArchiveError.disallowedClass("NSObject")) { try ColorArchive.unarchive(data) }
    }

    @Test func anUnknownClassIsRejected() throws {
        let data = try ArchiveFixtures.archive(objects: [
            ["$class": ArchiveFixtures.uid(2), "red": 1.0], ["$classname": "EvilThing", "$classes": ["EvilThing", "NSObject"]],
        ])
        #expect(throws: ArchiveError.disallowedClass("EvilThing")) { try ColorArchive.unarchive(data) }
    }

    @Test func anUnknownSuperclassIsRejected() throws {
        let data = try ArchiveFixtures.archive(objects: [
            ArchiveFixtures.validColorFields.merging(["$class": ArchiveFixtures.uid(2)]) { $1 },
            ["$classname": "SerializableColor", "$classes": ["SerializableColor", "NSProxy"]],
        ])
        #expect(throws: ArchiveError.disallowedClass("NSProxy")) { try ColorArchive.unarchive(data) }
    }

    @Test func referencesOutOfRangeAreRejected() throws {
        let badRoot = try ArchiveFixtures.archive(objects: [ArchiveFixtures.colorClass], top: ["root": ArchiveFixtures.uid(9)])
        let badClass = try ArchiveFixtures.archive(objects: [ArchiveFixtures.validColorFields.merging(["$class": ArchiveFixtures.uid(40)]) { $1 }])
        for data in [badRoot, badClass] {
            #expect {
                try ColorArchive.unarchive(data)
            } throws: { error in
                if case ArchiveError.badReference = error { return true } else { return false }
            }
        }
    }

    @Test func aCycleIsRejected() throws {
        let selfLoop = try ArchiveFixtures.colorArchive(ArchiveFixtures.validColorFields.merging(["next": ArchiveFixtures.uid(1)]) { $1 })
        let twoLoop = try ArchiveFixtures.archive(objects: [
            ArchiveFixtures.validColorFields.merging(["$class": ArchiveFixtures.uid(2), "next": ArchiveFixtures.uid(3)]) { $1 },
            ArchiveFixtures.colorClass,
            ArchiveFixtures.validColorFields.merging(["$class": ArchiveFixtures.uid(2), "next": [ArchiveFixtures.uid(1)]]) { $1 },
        ])
        for data in [selfLoop, twoLoop] {
            #expect {
                try ColorArchive.unarchive(data)
            } throws: { error in
                if case ArchiveError.cycle = error { return true } else { return false }
            }
        }
    }

    @Test func aRootThatIsNotAnObjectIsNotAColor() throws {
        let nullRoot = try ArchiveFixtures.archive(objects: [ArchiveFixtures.colorClass], top: ["root": ArchiveFixtures.uid(0)])
        #expect(throws: ArchiveError.notAColor) { try ColorArchive.unarchive(nullRoot) }
        let noRoot = try ArchiveFixtures.archive(objects: [], top: [:])
        #expect(throws: ArchiveError.notAColor) { try ColorArchive.unarchive(noRoot) }
    }

    @Test func truncatedRandomEmptyAndJSONBytesAreRejected() throws {
        let good = try ColorArchive.archive(.white)
        var garbage: [Data] = [Data(), Data("{\"colorSpace\": 0, \"red\": 1}".utf8), Data("[1, 2, 3]".utf8)]
        for length in stride(from: 1, to: good.count, by: 7) { garbage.append(good.prefix(length)) }
        var damaged: [Data] = []
        for seed in UInt64(1)...40 {
            let noise = ArchiveFixtures.pseudoRandomBytes(count: Int(seed) * 13, seed: seed)
            garbage.append(noise)
            garbage.append(Data("bplist00".utf8) + noise)
            // The good archive with a few bytes changed: bad offsets, lengths, types or values.
            var copy = good
            for index in 0..<3 { copy[Int(noise[index]) % copy.count] ^= noise[index + 3] | 1 }
            damaged.append(copy)
        }
        for data in garbage {
            #expect(throws: ArchiveError.self) { try ColorArchive.unarchive(data) }
        }
        for data in damaged {
            // A changed byte inside a number can leave a valid archive; whatever reads back must be a valid color.
            if let color = try? ColorArchive.unarchive(data) {
                for component in [color.red, color.green, color.blue, color.alpha] { #expect((0...1).contains(component)) }
            }
        }
        #expect(throws: ArchiveError.empty) { try ColorArchive.unarchive(Data()) }
    }

    /// Bad values for a component, as another program might write them.
    enum BadValue: CaseIterable, Sendable {
        case nan, two, negative, infinity, string, boolean, array
        var plistValue: Any {
            switch self {
            case .nan: Double.nan
            case .two: 2.0
            case .negative: -0.5
            case .infinity: Double.infinity
            case .string: "1"
            case .boolean: true
            case .array: [0.5]
            }
        }
    }

    @Test(arguments: ["red", "green", "blue", "alpha"], BadValue.allCases)
    func badComponentsAreRejected(key: String, value: BadValue) throws {
        let data = try ArchiveFixtures.colorArchive(ArchiveFixtures.validColorFields.merging([key: value.plistValue]) { $1 })
        #expect {
            try ColorArchive.unarchive(data)
        } throws: { error in
            guard case ArchiveError.badComponent(let badKey, _) = error else { return false }
            return badKey == key
        }
    }

    @Test func missingComponentsAreRejected() throws {
        for key in ["colorSpace", "red", "green", "blue"] {
            var fields = ArchiveFixtures.validColorFields
            fields[key] = nil
            let data = try ArchiveFixtures.colorArchive(fields)
            #expect(throws: ArchiveError.badComponent(key: key, reason: "missing")) { try ColorArchive.unarchive(data) }
        }
    }

    @Test func anUnknownColorSpaceIsRejected() throws {
        let data = try ArchiveFixtures.colorArchive(ArchiveFixtures.validColorFields.merging(["colorSpace": 7]) { $1 })
        #expect(throws: ArchiveError.unknownColorSpace("7")) { try ColorArchive.unarchive(data) }
        let real = try ArchiveFixtures.colorArchive(ArchiveFixtures.validColorFields.merging(["colorSpace": 0.5]) { $1 })
        #expect(throws: ArchiveError.self) { try ColorArchive.unarchive(real) }
    }

    @Test func errorsReadClearly() {
        #expect(ArchiveError.disallowedClass("NSArray").description == "the archive names class 'NSArray', which is not allowed here")
        #expect(ArchiveError.badComponent(key: "red", reason: "2.0, outside 0...1").description == "the color's 'red' is 2.0, outside 0...1")
    }
}
