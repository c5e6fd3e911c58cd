import Foundation
import Testing
import NotesColor
import NotesModel
import NotesTestData

/// Color archives written elsewhere: a Swift class without an `@objc` name on an Apple
/// system (`Module.SerializableColor`), and components a rounding error outside 0...1.
@Suite struct ForeignColorArchiveTests {
    private func archive(className: String, fields: [String: Any]) throws -> Data {
        var root = fields
        root["$class"] = ArchiveFixtures.uid(2)
        return try ArchiveFixtures.archive(objects: [root, ["$classname": className, "$classes": [className, "NSObject"]]])
    }

    @Test(arguments: ["Seeds.SerializableColor", "MyApp.SerializableColor", "_Private9.SerializableColor"])
    func aModuleQualifiedClassNameReads(className: String) throws {
        let data = try archive(className: className, fields: ArchiveFixtures.validColorFields)
        #expect(try ColorArchive.unarchive(data) == SerializableColor(red: 0.25, green: 0.5, blue: 0.75))
    }

    @Test(arguments: ["Seeds.NSArray", "a.b.SerializableColor", "9Module.SerializableColor", ".SerializableColor",
                      "Seeds.SerializableColorX", "Mod ule.SerializableColor"])
    func otherDottedNamesAreStillRefused(className: String) throws {
        let data = try archive(className: className, fields: ArchiveFixtures.validColorFields)
        #expect(throws: ArchiveError.disallowedClass(className)) { try ColorArchive.unarchive(data) }
    }

    @Test func aRoundingErrorOutsideTheRangeIsReadAsTheEdge() throws {
        let fields: [String: Any] = ["colorSpace": 1, "red": 1.0000001, "green": -1.8e-16, "blue": 0.5, "alpha": 1.0]
        let data = try archive(className: "Seeds.SerializableColor", fields: fields)

        let color = try ColorArchive.unarchive(data)

        #expect(try color == SerializableColor(colorSpace: .displayP3, red: 1, green: 0, blue: 0.5))
        #expect(try SerializableColor(red: -1e-7, green: 0.5, blue: 1 + 1e-7) == (try SerializableColor(red: 0, green: 0.5, blue: 1)))
    }

    @Test func aRealErrorOutsideTheRangeIsStillRefused() throws {
        let fields: [String: Any] = ["colorSpace": 0, "red": 1.01, "green": 0.0, "blue": 0.5]
        #expect(throws: ArchiveError.self) { try ColorArchive.unarchive(try archive(className: "SerializableColor", fields: fields)) }
        #expect(throws: ColorError.self) { try SerializableColor(red: -0.001, green: 0, blue: 0) }
    }
}
