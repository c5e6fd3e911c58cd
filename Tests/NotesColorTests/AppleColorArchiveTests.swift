import Foundation
import NotesTestBasics
import Testing
@testable import NotesColor

/// `NSColor` and `UIColor` archives in the layouts AppKit and UIKit write (the keys seen in
/// real Terminal profiles and nibs), built here: each gives its exact color, or an error
/// naming the class and what could not be read.
@Suite struct AppleColorArchiveTests {
    private static let uid = ArchiveFixtures.uid

    /// An archive whose root has `fields` and is of class `className` (chain `classes`), with `extra` objects after it.
    static func archive(_ className: String, _ fields: [String: Any], classes: [String]? = nil, hints: [String]? = nil,
                        extra: [Any] = []) throws -> Data {
        try ArchiveFixtures.rootArchive(className, fields, classes: classes, hints: hints, extra: extra)
    }

    private func rgb(_ text: String) -> Data { Data((text + "\0").utf8) }

    // MARK: UIColor

    @Test func aUIColorGivesItsComponents() throws {
        let data = try Self.archive("UIColor", ["UIColorComponentCount": 4, "UIRed": 0.25, "UIGreen": 0.5, "UIBlue": 0.75,
                                                "UIAlpha": 1.0, "NSColorSpace": 2, "NSRGB": rgb("0.25 0.5 0.75")])
        #expect(try ColorArchive.unarchive(data) == SerializableColor(red: 0.25, green: 0.5, blue: 0.75))
    }

    @Test func theDoubleFormsWin() throws {
        let data = try Self.archive("UIColor", ["UIColorComponentCount": 4, "UIRed": 0.2, "UIGreen": 0.2, "UIBlue": 0.2,
                                                "UIRed-Double": 0.125, "UIGreen-Double": 0.25, "UIBlue-Double": 0.375,
                                                "UIAlpha-Double": 0.5])
        #expect(try ColorArchive.unarchive(data) == SerializableColor(red: 0.125, green: 0.25, blue: 0.375, alpha: 0.5))
    }

    @Test func aWhiteUIColorIsAGray() throws {
        let data = try Self.archive("UIColor", ["UIColorComponentCount": 2, "UIWhite": 0.5, "UIAlpha": 1.0,
                                                "NSColorSpace": 4, "NSWhite": rgb("0.5")])
        #expect(try ColorArchive.unarchive(data) == SerializableColor(red: 0.5, green: 0.5, blue: 0.5))
    }

    @Test func aSystemColorNameGivesItsDocumentedValue() throws {
        // As ibtool writes it: the name, and components of whatever appearance it was archived in.
        let data = try Self.archive("UIColor", ["UISystemColorName": Self.uid(2), "UIColorComponentCount": 4,
                                                "UIRed": 0.04, "UIGreen": 0.52, "UIBlue": 1.0, "UIAlpha": 1.0],
                                    extra: ["systemBlueColor"])
        #expect(try ColorArchive.unarchive(data).hex == "#007AFF")
    }

    @Test func aPrivateSubclassIsReadThroughItsHints() throws {
        let data = try Self.archive("UIDynamicSystemColor", ["UISystemColorName": Self.uid(2)],
                                    classes: ["UIDynamicSystemColor", "UIColor", "NSObject"], hints: ["UIColor"],
                                    extra: ["systemRedColor"])
        #expect(try ColorArchive.unarchive(data).hex == "#FF3B30")
    }

    @Test func anUndocumentedSystemNameWithoutComponentsIsRefusedByName() throws {
        let data = try Self.archive("UIColor", ["UISystemColorName": Self.uid(2)], extra: ["labelColor"])
        #expect(throws: ArchiveError.unreadableColor(
            className: "UIColor", reason: "the system color 'labelColor' has no documented value and no components archived with it")) {
            try ColorArchive.unarchive(data)
        }
    }

    @Test func anExtendedComponentIsKeptInDisplayP3() throws {
        // UIKit's extended sRGB for a color picked in Display P3: red slightly above 1.
        let data = try Self.archive("UIColor", ["UIColorComponentCount": 4, "UIRed": 1.0004, "UIGreen": 0.2, "UIBlue": 0.1, "UIAlpha": 1.0])
        let (color, note) = try ColorArchive.read(data)
        #expect(note == nil)
        #expect(color.colorSpace == .displayP3)
        let back = color.converted(to: .sRGB)
        #expect(abs(back.red - 1.0004) < 1e-5 && abs(back.green - 0.2) < 1e-5 && abs(back.blue - 0.1) < 1e-5)
    }

    @Test func aComponentFarOutsideIsClampedWithANote() throws {
        let data = try Self.archive("UIColor", ["UIColorComponentCount": 4, "UIRed": 1.5, "UIGreen": -0.5, "UIBlue": 0.0, "UIAlpha": 1.0])
        let (color, note) = try ColorArchive.read(data)
        #expect(color == (try SerializableColor(red: 1, green: 0, blue: 0)))
        #expect(note?.contains("clamped") == true)
    }

    @Test func aRoundingErrorIsReadAsTheEdge() throws {
        let data = try Self.archive("UIColor", ["UIRed": 1.0000001, "UIGreen": -1.8e-16, "UIBlue": 0.5])
        #expect(try ColorArchive.unarchive(data) == SerializableColor(red: 1, green: 0, blue: 0.5))
    }

    // MARK: NSColor

    @Test func deviceAndCalibratedRGB() throws {
        let device = try Self.archive("NSColor", ["NSColorSpace": 2, "NSRGB": rgb("1 0.3333333333 0.3333333333")])
        #expect(try ColorArchive.unarchive(device).hex == "#FF5555")
        // Calibrated RGB is Apple's Generic RGB (gamma 1.8): Solarized's stored blue is #268BD2.
        let calibrated = try Self.archive("NSColor", ["NSColorSpace": 1, "NSRGB": rgb("0.1275488436 0.4626594782 0.7823141813")])
        #expect(try ColorArchive.unarchive(calibrated).hex == "#268BD2")
        let translucent = try Self.archive("NSColor", ["NSColorSpace": 2, "NSRGB": rgb("0 0 1 0.5")])
        #expect(try ColorArchive.unarchive(translucent) == SerializableColor(red: 0, green: 0, blue: 1, alpha: 0.5))
    }

    @Test func whiteAndCMYK() throws {
        let white = try Self.archive("NSColor", ["NSColorSpace": 3, "NSWhite": rgb("0.25")])
        #expect(try ColorArchive.unarchive(white) == SerializableColor(red: 0.25, green: 0.25, blue: 0.25))
        let cmyk = try Self.archive("NSColor", ["NSColorSpace": 5, "NSCMYK": rgb("0 1 1 0 1")])
        #expect(try ColorArchive.unarchive(cmyk).hex == "#FF0000")
    }

    @Test func aCatalogSystemColorGivesItsDocumentedValue() throws {
        let data = try Self.archive("NSColor", ["NSColorSpace": 6, "NSCatalogName": Self.uid(2), "NSColorName": Self.uid(3)],
                                    extra: ["System", "systemGreenColor"])
        #expect(try ColorArchive.unarchive(data).hex == "#34C759")
    }

    @Test func anUndocumentedCatalogColorUsesTheColorArchivedWithIt() throws {
        let data = try ArchiveFixtures.archive(objects: [
            ["$class": Self.uid(5), "NSColorSpace": 6, "NSCatalogName": Self.uid(2), "NSColorName": Self.uid(3), "NSColor": Self.uid(4)],
            "System", "controlAccentColor",
            ["$class": Self.uid(5), "NSColorSpace": 2, "NSRGB": rgb("0 0.478 1")],
            ["$classname": "NSColor", "$classes": ["NSColor", "NSObject"]],
        ])
        #expect(try ColorArchive.unarchive(data).hex == "#007AFF")
    }

    @Test func aPatternIsRefusedClearly() throws {
        let data = try Self.archive("NSColor", ["NSColorSpace": 7])
        #expect(throws: ArchiveError.unreadableColor(className: "NSColor", reason: "NSColorSpace 7 is a pattern image, which has no single color")) {
            try ColorArchive.unarchive(data)
        }
        #expect(ArchiveError.unreadableColor(className: "NSColor", reason: "x").description == "an archived 'NSColor' whose color cannot be read: x")
    }

    @Test func componentsInANamedSpace() throws {
        func custom(_ components: String, _ space: [String: Any]) throws -> Data {
            try ArchiveFixtures.archive(objects: [
                ["$class": Self.uid(4), "NSColorSpace": 1, "NSComponents": rgb(components), "NSRGB": rgb("0.9 0.9 0.9"),
                 "NSCustomColorSpace": Self.uid(2)],
                space.merging(["$class": Self.uid(3)]) { $1 },
                ["$classname": "NSColorSpace", "$classes": ["NSColorSpace", "NSObject"]],
                ["$classname": "NSColor", "$classes": ["NSColor", "NSObject"]],
            ])
        }
        // NSRGB there is the Generic RGB conversion, not the color: the components in the space are.
        #expect(try ColorArchive.unarchive(try custom("0.5 0.25 0.125 1", ["NSID": 7])) == SerializableColor(red: 0.5, green: 0.25, blue: 0.125))
        #expect(try ColorArchive.unarchive(try custom("1 0 0 1", ["NSSpaceID": 12]))
                == SerializableColor(colorSpace: .displayP3, red: 1, green: 0, blue: 0))
        #expect(throws: ArchiveError.unreadableColor(
            className: "NSColor",
            reason: "its color space (NSID 8, NSSpaceID none) is neither sRGB nor Display P3 and has no RGB matrix profile to convert from")) {
            try ColorArchive.unarchive(try custom("0.5 0.5 0.5 1", ["NSID": 8]))
        }
    }

    @Test func anICCProfileIsRecognizedByNameOrConverted() throws {
        func withProfile(_ profile: Data, _ components: String) throws -> Data {
            try ArchiveFixtures.archive(objects: [
                ["$class": Self.uid(5), "NSColorSpace": 1, "NSComponents": rgb(components), "NSRGB": rgb("0 0 0"),
                 "NSCustomColorSpace": Self.uid(2)],
                ["$class": Self.uid(4), "NSICC": Self.uid(3)],
                profile,
                ["$classname": "NSColorSpace", "$classes": ["NSColorSpace", "NSObject"]],
                ["$classname": "NSColor", "$classes": ["NSColor", "NSObject"]],
            ])
        }
        let p3 = ICCProfileFixture.matrixProfile(name: "Display P3", mluc: true, primaries: .displayP3)
        #expect(try ColorArchive.unarchive(try withProfile(p3, "0.2 0.4 0.6 1"))
                == SerializableColor(colorSpace: .displayP3, red: 0.2, green: 0.4, blue: 0.6))
        // A display's own profile (sRGB primaries, sRGB curve as a parametric type 3): converted through its matrix.
        let display = ICCProfileFixture.matrixProfile(name: "Color LCD", mluc: false, primaries: .sRGB)
        let converted = try ColorArchive.unarchive(try withProfile(display, "0.2 0.4 0.6 1"))
        #expect(converted.colorSpace == .sRGB)
        #expect(abs(converted.red - 0.2) < 2e-3 && abs(converted.green - 0.4) < 2e-3 && abs(converted.blue - 0.6) < 2e-3)
        // A damaged profile is a reason, never a crash.
        var damaged = [UInt8](display)
        damaged[131] = 0xFF
        #expect(throws: ArchiveError.self) { try ColorArchive.unarchive(try withProfile(Data(damaged), "0.2 0.4 0.6 1")) }
    }

    @Test func badComponentsAreReasonsNamingTheKey() throws {
        let cases: [([String: Any], String)] = [
            (["NSColorSpace": 2, "NSRGB": rgb("red green blue")], "NSRGB 'red green blue' is not a list of numbers"),
            (["NSColorSpace": 2, "NSRGB": rgb("1 1")], "NSRGB '1 1' has 2 numbers, expected 3 or 4"),
            (["NSColorSpace": 2, "NSRGB": rgb("nan 0 0")], "a component is not a finite number (nan 0 0)"),
            (["NSColorSpace": 2, "NSRGB": rgb("0 0 0 2")], "its alpha 2.0 is outside 0...1"),
            (["NSColorSpace": 42], "NSColorSpace 42 is not a color space AppKit archives"),
            ([:], "it has no NSColorSpace number"),
        ]
        for (fields, reason) in cases {
            #expect(throws: ArchiveError.unreadableColor(className: "NSColor", reason: reason)) {
                try ColorArchive.unarchive(try Self.archive("NSColor", fields))
            }
        }
    }

    @Test func limitsStillHold() throws {
        let tooLarge = Data(repeating: 0x20, count: ColorArchive.maximumSize + 1)
        #expect(throws: ArchiveError.tooLarge(tooLarge.count)) { try ColorArchive.unarchive(tooLarge) }
        let many = try ArchiveFixtures.archive(objects: [["$class": Self.uid(2), "NSColorSpace": 2, "NSRGB": rgb("0 0 0")],
                                                         ["$classname": "NSColor", "$classes": ["NSColor", "NSObject"]]]
                                               + Array(repeating: "x", count: 80))
        #expect(throws: ArchiveError.tooManyObjects(83)) { try ColorArchive.unarchive(many) }
        let loop = try ArchiveFixtures.archive(objects: [
            ["$class": Self.uid(2), "NSColorSpace": 6, "NSColorName": Self.uid(3), "NSColor": Self.uid(1)],
            ["$classname": "NSColor", "$classes": ["NSColor", "NSObject"]], "nothing",
        ])
        #expect { try ColorArchive.unarchive(loop) } throws: { error in
            if case ArchiveError.cycle = error { return true } else { return false }
        }
        let evil = try Self.archive("NSColor", ["NSColorSpace": 2, "NSRGB": rgb("0 0 0"), "NSExtra": Self.uid(2)],
                                    extra: [["$class": Self.uid(3)], ["$classname": "EvilThing", "$classes": ["EvilThing", "NSObject"]]])
        #expect(throws: ArchiveError.self) { try ColorArchive.unarchive(evil) }
    }
}
