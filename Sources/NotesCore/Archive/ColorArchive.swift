import Foundation

/// Turns a `SerializableColor` into a secure keyed archive and back.
///
/// Writing: `NSKeyedArchiver` (with `requiringSecureCoding`) archives the color,
/// then the module-qualified class name it writes (`NotesCore.SerializableColor`;
/// `setClassName(_:for:)` has no effect on Linux) is replaced by the stable name
/// `SerializableColor` in the archive's property list, which is written back as
/// a binary plist. The result is an ordinary keyed archive that another program
/// using the name `SerializableColor` can read, and that survives a module rename.
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

    public static func archive(_ color: SerializableColor) throws(ArchiveError) -> Data {
        do {
            let archived = try NSKeyedArchiver.archivedData(withRootObject: color, requiringSecureCoding: true)
            guard var top = try PropertyListSerialization.propertyList(from: archived, options: [], format: nil)
                    as? [String: Any],
                  let objects = top["$objects"] as? [Any]
            else { throw ArchiveError.archivingFailed("NSKeyedArchiver wrote an unexpected shape") }
            top["$objects"] = objects.map(renamingClass)
            return try PropertyListSerialization.data(fromPropertyList: top, format: .binary, options: 0)
        } catch let error as ArchiveError {
            throw error
        } catch {
            throw .archivingFailed(String(describing: error))
        }
    }

    /// A `$objects` entry with the module-qualified class name replaced by the stable one.
    private static func renamingClass(_ entry: Any) -> Any {
        guard var fields = entry as? [String: Any], let name = fields["$classname"] as? String,
              isAccepted(name)
        else { return entry }
        fields["$classname"] = archivedClassName
        if let chain = fields["$classes"] as? [Any] {
            fields["$classes"] = chain.map { element -> Any in
                guard let name = element as? String, isAccepted(name) else { return element }
                return archivedClassName
            }
        }
        return fields
    }

    public static func unarchive(_ data: Data) throws(ArchiveError) -> SerializableColor {
        let archive = try validator.validate(data)
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
        return decoded
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
