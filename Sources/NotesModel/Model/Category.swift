import Foundation
import NotesColor

/// A named group of notes with a color. Names are unique, compared case-insensitively.
public struct Category: Equatable, Identifiable, Sendable {
    public var id: UUID
    public var name: String
    public var color: SerializableColor
    /// When the category was deleted; nil for a live one. A deleted category is kept in
    /// `NotesDatabase.deletedCategories` while notes in the trash still refer to it, so
    /// that they can go back into it if it comes back.
    public var deleted: Date?

    public init(id: UUID = UUID(), name: String, color: SerializableColor = .white, deleted: Date? = nil) {
        self.id = id
        self.name = name
        self.color = color
        self.deleted = deleted
    }

    /// The most categories a store keeps, live and deleted together: a category costs
    /// at every open and in every list, and no person keeps more. A change that would
    /// add one more is refused (`ModelError.tooManyCategories`), so a remote or an import
    /// with a million categories cannot make every later command slow.
    public static let maximumCount = 10_000

    /// The key two category names are compared by.
    public static func nameKey(_ name: String) -> String {
        // A name that starts and ends with a printable ASCII character other than a space has
        // nothing to trim: the common case, without Foundation's UTF-16 pass.
        let printable: ClosedRange<UInt8> = 0x21...0x7E
        if let first = name.utf8.first, let last = name.utf8.last, printable.contains(first), printable.contains(last) {
            return name.lowercased()
        }
        return name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }
}
