import Foundation
import Testing
import NotesColor

/// Real Terminal.app profiles from public repositories (`Fixtures/apple-colors`, see its
/// README): every `NSColor` archive in them gives the color Terminal.app shows, or a clear
/// reason naming the class.
@Suite struct AppleColorFixtureTests {
    private func profile(_ name: String) throws -> [String: Any] {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: "terminal", subdirectory: "Fixtures/apple-colors"))
        let plist = try PropertyListSerialization.propertyList(from: try Data(contentsOf: url), options: [], format: nil)
        return try #require(plist as? [String: Any])
    }

    private func color(_ profile: [String: Any], _ key: String) throws -> SerializableColor {
        let data = try #require(profile[key] as? Data, "no data under \(key)")
        return try ColorArchive.unarchive(data)
    }

    @Test func draculaGivesWhatTerminalShows() throws {
        let dracula = try profile("Dracula")
        let expected: [String: String] = [
            "ANSIBlackColor": "#282A36", "ANSIBrightBlackColor": "#44475A", "ANSIBrightWhiteColor": "#F8F8F2",
            "BackgroundColor": "#282A36", "TextColor": "#FFFFFF", "ANSIRedColor": "#FF6E67", "ANSIGreenColor": "#5AF78E",
            "ANSIYellowColor": "#F4F99D", "ANSICyanColor": "#9AEDFE", "SelectionColor": "#565A6D",
        ]
        for (key, hex) in expected {
            let color = try color(dracula, key)
            #expect(color.hex == hex, "\(key)")
        }
        // Device RGB keeps its numbers exactly.
        #expect(try color(dracula, "ANSIBlackColor") == SerializableColor(red: 0.1568627451, green: 0.1647058824, blue: 0.2117647059))
        // Calibrated red lies outside sRGB: kept in Display P3.
        #expect(try color(dracula, "ANSIRedColor").colorSpace == .displayP3)
    }

    @Test func aFontInTheSameProfileIsRefusedByItsClass() throws {
        let dracula = try profile("Dracula")
        #expect(throws: ArchiveError.disallowedClass("NSFont")) { try color(dracula, "Font") }
    }

    @Test func solarizedGivesItsPalette() throws {
        let solarized = try profile("Solarized Dark ansi")
        let expected: [String: String] = [
            "blueColour": "#268BD2", "redColour": "#DC322F", "greenColour": "#859900", "yellowColour": "#B58900",
            "cyanColour": "#2AA198", "magentaColour": "#D33682", "brightRedColour": "#CB4B16", "brightMagentaColour": "#6C71C4",
            "blackColour": "#073642", "brightBlackColour": "#002B36", "whiteColour": "#EEE8D5", "brightWhiteColour": "#FDF6E3",
            "TextColor": "#839496", "TextBoldColor": "#93A1A1", "SelectionColor": "#073642",
        ]
        for (key, hex) in expected {
            #expect(try color(solarized, key).hex == hex, "\(key)")
        }
        let background = try color(solarized, "BackgroundColor")
        #expect(background.rgb8.hex == "#002B36")
        #expect(abs(background.alpha - 0.96) < 1e-6)
    }

    @Test func aColorReadKeepsItsBytes() throws {
        let data = try #require(try profile("Dracula")["ANSIRedColor"] as? Data)
        let color = try ColorArchive.unarchive(data)
        #expect(try ColorArchive.archive(color) == data)
    }
}
