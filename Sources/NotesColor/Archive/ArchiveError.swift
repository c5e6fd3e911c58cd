/// Why an archive could not be written or read. Every problem with bytes from
/// outside is one of these, never a crash.
public enum ArchiveError: Error, Equatable, Sendable, CustomStringConvertible {
    /// There were no bytes at all.
    case empty
    /// The bytes are not a property list (binary, XML or old-style).
    case notAPropertyList(String)
    /// A property list, but not shaped like an `NSKeyedArchiver` archive.
    case notAKeyedArchive(String)
    /// The archive names a class that is not on the allow-list.
    case disallowedClass(String)
    /// A reference (UID) that points nowhere, or to the wrong kind of entry.
    case badReference(String)
    /// Objects that refer to each other in a loop.
    case cycle(String)
    /// More objects than any archive of ours could hold.
    case tooManyObjects(Int)
    /// The root object is not a `SerializableColor`.
    case notAColor
    /// A color component is missing, of the wrong type, not finite, or outside 0...1.
    case badComponent(key: String, reason: String)
    /// The `colorSpace` is not one of the known color spaces.
    case unknownColorSpace(String)
    /// The validated archive still could not be decoded.
    case decodingFailed(String)
    /// An archive of another program's color class (`NSColor`, `UIColor`) whose color could
    /// not be read: the class, and what in it could not be read.
    case unreadableColor(className: String, reason: String)
    /// More bytes than any color archive needs.
    case tooLarge(Int)
    /// The color could not be archived.
    case archivingFailed(String)

    public var description: String {
        switch self {
        case .empty: "the archive is empty"
        case .notAPropertyList(let reason): "the archive is not a property list (\(reason))"
        case .notAKeyedArchive(let reason): "the archive is not a keyed archive: \(reason)"
        case .disallowedClass(let name): "the archive names class '\(name)', which is not allowed here"
        case .badReference(let reason): "the archive has a bad reference: \(reason)"
        case .cycle(let reason): "the archive's objects refer to each other in a loop: \(reason)"
        case .tooManyObjects(let count): "the archive holds \(count) objects, too many to be a color"
        case .notAColor: "the archive does not hold a SerializableColor"
        case .badComponent(let key, let reason): "the color's '\(key)' is \(reason)"
        case .unknownColorSpace(let value): "the color space \(value) is not known (0 = sRGB, 1 = Display P3)"
        case .decodingFailed(let reason): "the archive could not be decoded: \(reason)"
        case .unreadableColor(let className, let reason): "an archived '\(className)' whose color cannot be read: \(reason)"
        case .tooLarge(let size): "the archive is \(size) bytes, more than a color archive may be (\(ColorArchive.maximumSize))"
        case .archivingFailed(let reason): "the color could not be archived: \(reason)"
        }
    }
}
