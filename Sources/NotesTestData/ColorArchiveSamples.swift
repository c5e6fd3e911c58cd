import Foundation
import NotesColor

/// Color archives as other writers make them.
public enum ColorArchiveSamples {
    /// What `NSKeyedArchiver` writes on Linux: a valid archive under the module-qualified
    /// class name, in an order of its own, so not the bytes this program writes.
    public static func foreign(_ color: SerializableColor) throws -> Data {
        try NSKeyedArchiver.archivedData(withRootObject: color, requiringSecureCoding: true)
    }
}
