import Foundation

/// Turns a `SerializableColor` into a keyed secure archive and back.
/// Placeholder: plain NSKeyedArchiver, no allow-list check yet.
public enum ColorArchive {
    public static func archive(_ color: SerializableColor) throws -> Data {
        try NSKeyedArchiver.archivedData(withRootObject: color, requiringSecureCoding: true)
    }

    public static func unarchive(_ data: Data) throws -> SerializableColor {
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
        unarchiver.requiresSecureCoding = true
        guard let color = unarchiver.decodeObject(of: SerializableColor.self, forKey: NSKeyedArchiveRootObjectKey) else {
            throw ArchiveError.notAColor
        }
        return color
    }
}

/// Why an archive could not be read.
public enum ArchiveError: Error, Equatable, Sendable, CustomStringConvertible {
    case notAColor
    public var description: String {
        switch self {
        case .notAColor: "the archive does not hold a SerializableColor"
        }
    }
}
