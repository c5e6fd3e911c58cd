import Foundation
import NotesTestSupport
import Testing

/// `notes category …` through the real binary, and the JSON color object.
@Suite struct CLICategoryTests {
    @Test func aCategoryWithoutAColorIsWhite() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }

        try sandbox.ok("category", "add", "Inbox")

        let category = try #require(try sandbox.categories().first)
        #expect(category["name"] as? String == "Inbox")
        #expect(category["notes"] as? Int == 0)
        let color = try #require(category["color"] as? [String: Any])
        #expect(color["space"] as? String == "srgb")
        #expect(color["red"] as? Double == 1)
        #expect(color["green"] as? Double == 1)
        #expect(color["blue"] as? Double == 1)
        #expect(color["alpha"] as? Double == 1)
        #expect(color["hex"] as? String == "#FFFFFF")
    }

    @Test func colorsAreObjectsWithComponentsAndHex() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        try sandbox.ok("category", "add", "Work", "--color", "#FF8000")
        try sandbox.ok("category", "add", "Glass", "--color", "00ff0080")
        _ = try sandbox.add("a", "--category", "work")
        _ = try sandbox.add("b", "--category", "Work")

        let categories = try sandbox.categories()

        #expect(categories.compactMap { $0["name"] as? String } == ["Glass", "Work"])
        let glass = try #require(categories.first?["color"] as? [String: Any])
        #expect(glass["hex"] as? String == "#00FF0080")
        let alpha = try #require(glass["alpha"] as? Double)
        #expect(abs(alpha - 128.0 / 255) < 1e-6)
        #expect(glass["red"] as? Double == 0 && glass["green"] as? Double == 1)
        let work = try #require(categories.last)
        #expect(work["notes"] as? Int == 2)
        let workColor = try #require(work["color"] as? [String: Any])
        #expect(workColor["hex"] as? String == "#FF8000")
        let green = try #require(workColor["green"] as? Double)
        #expect(abs(green - 128.0 / 255) < 1e-6)

        let plain = try sandbox.ok("category", "list")
        #expect(plain == "#00FF0080  Glass  0 notes\n#FF8000    Work   2 notes\n")
    }

    @Test func colorChangesTheColor() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        try sandbox.ok("category", "add", "Work")

        try sandbox.ok("category", "color", "WORK", "#123456")

        let color = try #require(try sandbox.categories().first?["color"] as? [String: Any])
        #expect(color["hex"] as? String == "#123456")
    }

    /// The CLI reads hex as the picker's `#` entry does (`RGB` too), and says what to type.
    @Test func colorTakesThreeDigitsAndAWrongValueSaysWhatToType() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        try sandbox.ok("category", "add", "Work", "--color", "#0af")
        #expect(try sandbox.ok("category", "color", "Work", "F0A") == "Work is now #FF00AA\n")
        let wrong = try sandbox.run("category", "color", "Work", "#12345")
        #expect(wrong.status != 0)
        #expect(wrong.stderr.contains("not a hex color: use RRGGBB, RRGGBBAA or RGB"), "\(wrong)")
    }

    @Test func renameKeepsNotesAndColor() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        try sandbox.ok("category", "add", "Work", "--color", "336699")
        let id = try sandbox.add("memo", "--category", "Work")

        #expect(try sandbox.ok("category", "rename", "work", "Office") == "renamed category Work to Office\n")

        let category = try #require(try sandbox.categories().first)
        #expect(category["name"] as? String == "Office")
        #expect((category["color"] as? [String: Any])?["hex"] as? String == "#336699")
        #expect(category["notes"] as? Int == 1)
        let note = try #require(try sandbox.json("show", id) as? [String: Any])
        #expect(note["category"] as? String == "Office")
    }

    @Test func rmLeavesItsNotesUncategorized() throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        try sandbox.ok("category", "add", "Work")
        let id = try sandbox.add("memo", "--category", "Work")

        try sandbox.ok("category", "rm", "Work")

        #expect(try sandbox.categories().isEmpty)
        let note = try #require(try sandbox.json("show", id) as? [String: Any])
        #expect(note["category"] is NSNull)
    }
}
