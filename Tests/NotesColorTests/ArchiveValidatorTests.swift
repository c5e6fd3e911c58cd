import Foundation
import Testing
import NotesColor
import NotesTestBasics

/// `SecureArchiveValidator` on its own, with allow-lists other than the color's.
@Suite struct ArchiveValidatorTests {
    @Test func anAllowListOfCollectionsAcceptsAnArrayOfStrings() throws {
        let data = try NSKeyedArchiver.archivedData(withRootObject: NSArray(array: ["a", "b"]), requiringSecureCoding: true)
        let validator = SecureArchiveValidator(allowedClasses: ["NSArray", "NSString"])
        let archive = try validator.validate(data)
        let root = try #require(archive.topReferences["root"])
        #expect(archive.className(ofObjectAt: root) == "NSArray")
        #expect(archive.fields(ofObjectAt: root)?["NS.objects"] != nil)
        #expect(archive.fields(ofObjectAt: root)?["$class"] == nil)
    }

    @Test func theSameArchiveFailsWithoutItsElementClass() throws {
        let data = try NSKeyedArchiver.archivedData(withRootObject: NSArray(array: ["a"]), requiringSecureCoding: true)
        let validator = SecureArchiveValidator(allowedClasses: ["NSArray"])
        #expect(throws: ArchiveError.disallowedClass("NSString")) { try validator.validate(data) }
    }

    @Test func aSuperclassIsNotAllowedAsAnObjectsClass() throws {
        let data = try ArchiveFixtures.archive(objects: [
            ["$class": ArchiveFixtures.uid(2)], ["$classname": "NSObject", "$classes": ["NSObject"]],
        ])
        let validator = SecureArchiveValidator(allowedClasses: ["SerializableColor"], allowedSuperclasses: ["NSObject"])
        #expect(throws: ArchiveError.disallowedClass("NSObject")) { try validator.validate(data) }
    }

    @Test func tooManyObjectsAreRejectedBeforeAnyIsRead() throws {
        let data = try ArchiveFixtures.archive(objects: Array(repeating: ArchiveFixtures.colorClass, count: 20))
        let validator = SecureArchiveValidator(allowedClasses: ["SerializableColor"], maximumObjects: 10)
        #expect(throws: ArchiveError.tooManyObjects(21)) { try validator.validate(data) }
    }

    @Test func theKeyedArchiveShapeIsRequired() throws {
        let validator = SecureArchiveValidator(allowedClasses: ["SerializableColor"])
        let shapes: [Any] = [
            ["just", "an", "array"],
            ["$archiver": "SomethingElse", "$version": 100_000, "$top": [String: Any](), "$objects": ["$null"]],
            ["$archiver": "NSKeyedArchiver", "$version": 99, "$top": [String: Any](), "$objects": ["$null"]],
            ["$archiver": "NSKeyedArchiver", "$version": 100_000, "$objects": ["$null"]],
            ["$archiver": "NSKeyedArchiver", "$version": 100_000, "$top": [String: Any](), "$objects": ["first"]],
            ["$archiver": "NSKeyedArchiver", "$version": 100_000, "$top": [String: Any](), "$objects": "nope"],
            ["$archiver": "NSKeyedArchiver", "$version": 100_000, "$top": ["root": 1], "$objects": ["$null"]],
            ["$archiver": "NSKeyedArchiver", "$version": 100_000, "$top": [String: Any](), "$objects": ["$null", ["plain": 1]]],
        ]
        for shape in shapes {
            let data = try PropertyListSerialization.data(fromPropertyList: shape, format: .binary, options: 0)
            #expect(throws: ArchiveError.self) { try validator.validate(data) }
        }
    }

    @Test func aReferenceToAClassDescriptionOutsideClassIsRejected() throws {
        let data = try ArchiveFixtures.colorArchive(ArchiveFixtures.validColorFields.merging(["other": ArchiveFixtures.uid(2)]) { $1 })
        let validator = SecureArchiveValidator(allowedClasses: ["SerializableColor"])
        #expect {
            try validator.validate(data)
        } throws: { error in
            if case ArchiveError.badReference = error { return true } else { return false }
        }
    }

    @Test func sharedObjectsAreNotMistakenForCycles() throws {
        // Object 1 refers to object 3 twice, directly and through an array: a diamond, not a loop.
        let leaf = ArchiveFixtures.validColorFields.merging(["$class": ArchiveFixtures.uid(2)]) { $1 }
        let data = try ArchiveFixtures.archive(objects: [
            leaf.merging(["a": ArchiveFixtures.uid(3), "b": [ArchiveFixtures.uid(3)]]) { $1 },
            ArchiveFixtures.colorClass,
            leaf,
        ])
        let validator = SecureArchiveValidator(allowedClasses: ["SerializableColor"])
        #expect(try validator.validate(data).className(ofObjectAt: 3) == "SerializableColor")
    }
}

@Suite struct ArchiveValidatorLimitTests {
    @Test func deeplyNestedFieldsAreRejected() throws {
        var nested: Any = ArchiveFixtures.uid(0)
        for _ in 0..<40 { nested = [nested] }
        let data = try ArchiveFixtures.colorArchive(ArchiveFixtures.validColorFields.merging(["deep": nested]) { $1 })
        #expect {
            try SecureArchiveValidator(allowedClasses: ["SerializableColor"]).validate(data)
        } throws: { error in
            if case ArchiveError.notAKeyedArchive = error { return true } else { return false }
        }
    }

    @Test func anIntegerTooLargeForIntIsNotAColorSpace() throws {
        let data = try ArchiveFixtures.colorArchive(ArchiveFixtures.validColorFields.merging(["colorSpace": UInt64.max]) { $1 })
        #expect(throws: ArchiveError.self) { try ColorArchive.unarchive(data) }
    }
}
