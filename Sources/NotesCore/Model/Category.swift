import Foundation

/// A named group of notes with a color. Names are unique, compared case-insensitively.
public struct Category: Equatable, Identifiable, Sendable {
    public var id: UUID
    public var name: String
    public var color: SerializableColor

    public init(id: UUID = UUID(), name: String, color: SerializableColor = .white) {
        self.id = id
        self.name = name
        self.color = color
    }

    /// The key two category names are compared by.
    public static func nameKey(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }
}
