/// What sort of note this is. Stored as a small integer (its raw value), like a
/// Core Data enum attribute kept in an Integer 16 column.
public enum NoteKind: Int, CaseIterable, Sendable, Codable {
    case note = 0
    case checklist = 1
    case journal = 2
    case reference = 3

    /// The lowercase name used on the command line and in exports.
    public var name: String {
        switch self {
        case .note: "note"
        case .checklist: "checklist"
        case .journal: "journal"
        case .reference: "reference"
        }
    }

    /// The letter the app's note list and `notes list` show before the title (`J`, `R`,
    /// `C`); nil for a plain note, which shows none.
    public var letter: Character? {
        switch self {
        case .note: nil
        case .journal: "J"
        case .reference: "R"
        case .checklist: "C"
        }
    }

    public init?(name: String) {
        guard let kind = Self.allCases.first(where: { $0.name == name.lowercased() }) else { return nil }
        self = kind
    }
}
