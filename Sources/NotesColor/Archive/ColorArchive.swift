import Foundation

/// Turns a `SerializableColor` into a secure keyed archive and back.
///
/// Writing: the keyed archive `NSKeyedArchiver` would write (secure coding on), with
/// the stable class name `SerializableColor` (on Linux `setClassName(_:for:)` has no
/// effect and the archiver writes `NotesCore.SerializableColor`), written as a binary
/// plist with sorted keys, so the same color gives the same bytes in every process.
/// Another program using the name `SerializableColor` can read it, and it survives a
/// module rename. A color read from an archive is written back as those bytes.
///
/// Reading: the bytes are checked by `SecureArchiveValidator` (allow-list:
/// `SerializableColor`, `NSObject` as its superclass) and the root's fields are
/// checked as a color; only then does `NSKeyedUnarchiver` (secure coding on,
/// `SerializableColor` mapped to the class) decode them.
public enum ColorArchive {
    /// The class name written into every archive.
    public static let archivedClassName = "SerializableColor"

    /// Names read as `SerializableColor`: the stable one, and the module-qualified
    /// one that plain `NSKeyedArchiver` on Linux writes (early stores had it).
    public static let acceptedClassNames: Set<String> = [archivedClassName, NSStringFromClass(SerializableColor.self)]

    /// Also reads `Module.SerializableColor` for any module: what a Swift class without an
    /// `@objc` name writes on Apple systems (the seeds' class did).
    static let validator = SecureArchiveValidator(allowedClasses: acceptedClassNames,
                                                  allowedInAnyModule: [archivedClassName], maximumObjects: 64)

    /// Whether `name` is read as `SerializableColor`.
    static func isAccepted(_ name: String) -> Bool { validator.allows(name) }

    /// The archive of `color`: the bytes it was read from, if it was read from an archive
    /// (`SerializableColor.sourceArchive`: a foreign or older archive is never rewritten
    /// just because it was read), else `canonicalArchive(of:)`.
    public static func archive(_ color: SerializableColor) throws(ArchiveError) -> Data {
        color.sourceArchive ?? canonicalArchive(of: color)
    }

    /// The archive this program writes for `color`: the same bytes in every process.
    ///
    /// The property list `NSKeyedArchiver` makes of the color (secure coding on; the class
    /// named `SerializableColor`), written by `BinaryPropertyList` with every dictionary's
    /// keys sorted. `PropertyListSerialization` would write them in the hash order of a
    /// Swift dictionary, which differs between processes.
    public static func canonicalArchive(of color: SerializableColor) -> Data {
        func sorted(_ members: [(String, PropertyListNode)]) -> PropertyListNode {
            .dictionary(members.sorted { $0.0 < $1.0 })
        }
        typealias Key = SerializableColor.Key
        let object = sorted([
            ("$class", .uid(2)),
            (Key.colorSpace, .integer(color.colorSpace.rawValue)),
            (Key.red, .float(color.red)),
            (Key.green, .float(color.green)),
            (Key.blue, .float(color.blue)),
            (Key.alpha, .float(color.alpha)),
        ])
        let classDescription = sorted([
            ("$classname", .string(archivedClassName)),
            ("$classes", .array([.string(archivedClassName), .string("NSObject")])),
        ])
        return BinaryPropertyList.data(sorted([
            ("$archiver", .string("NSKeyedArchiver")),
            ("$version", .integer(100_000)),
            ("$top", sorted([(NSKeyedArchiveRootObjectKey, .uid(1))])),
            ("$objects", .array([.string("$null"), object, classDescription])),
        ]))
    }

    /// The most bytes a color archive may have: an `NSColor` with a display's ICC profile
    /// takes a few kilobytes.
    public static let maximumSize = 1 << 20

    /// The color of `data`: one of our own archives, or an `NSColor` or `UIColor` archive
    /// (see `read(_:)`). The color remembers the bytes (`sourceArchive`).
    public static func unarchive(_ data: Data) throws(ArchiveError) -> SerializableColor {
        try read(data).color
    }

    /// The color of `data`, and a note when it had to be changed to be kept (an extended
    /// component beyond Display P3, clamped). A `SerializableColor` archive goes through
    /// `validator` and `NSKeyedUnarchiver`; an archive of another program's color class
    /// (`NSColor`, `UIColor` and their private subclasses) through `foreignValidator`, then
    /// its object graph is read directly by `NSColorArchive` / `UIColorArchive`: those
    /// classes do not exist on Linux and never reach an unarchiver.
    public static func read(_ data: Data) throws(ArchiveError) -> (color: SerializableColor, note: String?) {
        // Our own archive, recognized byte for byte, is read in place (`CanonicalColorLayout`).
        if let color = CanonicalColorLayout.read(data) { return (color.keeping(sourceArchive: data), nil) }
        guard data.count <= maximumSize else { throw .tooLarge(data.count) }
        if TypedStreamColor.isTypedStream(data) {
            let placed = try TypedStreamColor.read(data)
            return (placed.color.keeping(sourceArchive: data), placed.note)
        }
        // An archive that does not even spell our class name is read as another program's
        // color at once (one parse, not two); `readForeign` still validates strictly whenever
        // the root turns out to be ours after all (a name written in UTF-16).
        guard data.range(of: Self.classNameBytes) != nil else { return try readForeign(data, strictError: nil) }
        let archive: ValidatedArchive
        do { archive = try validator.validate(data) } catch {
            guard case .disallowedClass = error else { throw error }
            return try readForeign(data, strictError: error)
        }
        return (try unarchiveValidated(data, archive), nil)
    }

    private static let classNameBytes = Data(archivedClassName.utf8)

    /// Class names an archive of another program's color may hold besides the color classes.
    static let foreignValidator = SecureArchiveValidator(
        allowedClasses: acceptedClassNames.union(["NSColor", "UIColor", "NSColorSpace", "NSString", "NSMutableString",
                                                  "NSData", "NSMutableData", "NSNumber"]),
        allowedInAnyModule: [archivedClassName], maximumObjects: 64, allowedFamilies: ["NSColor", "UIColor"])

    /// `strictError`: what `validator` said of the archive, nil when it was not asked yet.
    private static func readForeign(_ data: Data, strictError: ArchiveError?) throws(ArchiveError) -> (color: SerializableColor, note: String?) {
        let archive = try foreignValidator.validate(data)
        guard let root = archive.topReferences[NSKeyedArchiveRootObjectKey], root != 0 else { throw .notAColor }
        guard let object = ArchiveObject(archive, at: root), !isAccepted(object.className) else {
            // Not another program's color object (a plain string), or ours: the strict rules decide.
            if let strictError { throw strictError }
            return (try unarchiveValidated(data, try validator.validate(data)), nil)
        }
        let chain = [object.className] + object.classChain
        let isUIColor = chain.contains("UIColor")
        guard isUIColor || chain.contains("NSColor") else { throw .disallowedClass(object.className) }
        do {
            let placed = isUIColor ? try UIColorArchive.color(of: object) : try NSColorArchive.color(of: object)
            return (placed.color.keeping(sourceArchive: data), placed.note)
        } catch {
            throw .unreadableColor(className: object.className, reason: error.reason)
        }
    }

    private static func unarchiveValidated(_ data: Data, _ archive: ValidatedArchive) throws(ArchiveError) -> SerializableColor {
        guard let root = archive.topReferences[NSKeyedArchiveRootObjectKey],
              let className = archive.className(ofObjectAt: root), isAccepted(className),
              let fields = archive.fields(ofObjectAt: root)
        else { throw .notAColor }
        let expected = try color(from: fields)

        // Safe now: every class the archive names is SerializableColor or NSObject.
        let decoded: SerializableColor?
        let failure: String
        do {
            let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
            unarchiver.requiresSecureCoding = true
            for name in acceptedClassNames.union([className]) { unarchiver.setClass(SerializableColor.self, forClassName: name) }
            decoded = unarchiver.decodeObject(of: SerializableColor.self, forKey: NSKeyedArchiveRootObjectKey)
            failure = unarchiver.error.map { String(describing: $0) } ?? "the unarchiver returned no color"
            unarchiver.finishDecoding()
        } catch {
            throw .decodingFailed(String(describing: error))
        }
        guard let decoded else { throw .decodingFailed(failure) }
        guard decoded == expected else {
            throw .decodingFailed("the unarchiver read \(decoded), the archive holds \(expected)")
        }
        return decoded.keeping(sourceArchive: data)
    }

    /// The color the root object's fields describe, every field checked.
    static func color(from fields: [String: Any]) throws(ArchiveError) -> SerializableColor {
        guard let spaceValue = fields[SerializableColor.Key.colorSpace] else {
            throw .badComponent(key: SerializableColor.Key.colorSpace, reason: "missing")
        }
        guard case .integer(let spaceNumber) = PropertyListValue.number(spaceValue) else {
            throw .badComponent(key: SerializableColor.Key.colorSpace,
                                reason: "\(PropertyListValue.typeName(spaceValue)), expected an integer")
        }
        guard let space = ColorSpace(rawValue: spaceNumber) else { throw .unknownColorSpace(String(spaceNumber)) }

        func component(_ key: String, default fallback: Float? = nil) throws(ArchiveError) -> Float {
            guard let value = fields[key] else {
                if let fallback { return fallback }
                throw .badComponent(key: key, reason: "missing")
            }
            guard let number = PropertyListValue.double(value) else {
                throw .badComponent(key: key, reason: "\(PropertyListValue.typeName(value)), expected a number")
            }
            guard number.isFinite else { throw .badComponent(key: key, reason: "\(number), not a finite number") }
            guard let component = SerializableColor.component(number) else {
                throw .badComponent(key: key, reason: "\(number), outside 0...1")
            }
            return component
        }
        let red = try component(SerializableColor.Key.red)
        let green = try component(SerializableColor.Key.green)
        let blue = try component(SerializableColor.Key.blue)
        let alpha = try component(SerializableColor.Key.alpha, default: 1)
        do {
            return try SerializableColor(colorSpace: space, red: red, green: green, blue: blue, alpha: alpha)
        } catch {
            throw .badComponent(key: "color", reason: error.description)
        }
    }
}
