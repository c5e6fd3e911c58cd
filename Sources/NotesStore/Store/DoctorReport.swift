import NotesModel

/// One thing `StoreDoctor` found: where, and what.
public struct DoctorProblem: Equatable, Sendable, CustomStringConvertible {
    public let file: String
    /// Line and column, a JSON path or a journal line; nil for the file as a whole.
    public let place: String?
    public let message: String

    public init(file: String, place: String?, message: String) {
        self.file = file
        self.place = place
        self.message = message
    }

    public var description: String {
        if let place { return "\(file): \(place): \(message)" }
        return "\(file): \(message)"
    }
}

/// What `StoreDoctor` found in a store, and what salvaging did.
public struct DoctorReport: Sendable, CustomStringConvertible {
    public let storePath: String
    public var problems: [DoctorProblem] = []
    /// What is worth knowing but not a problem (an index that a later command rebuilds).
    public var notices: [String] = []
    /// What could be read: notes and categories.
    public var readableNotes = 0
    public var readableCategories = 0
    /// The notes and categories that could be read (what the link check looks at).
    public var readable = NotesDatabase()
    /// What `salvage` did (backups kept, files written); empty for `examine`.
    public var actions: [String] = []
    /// Bytes cut off the journal's end (a torn or damaged last commit), kept in these files.
    public var tornJournalFiles: [String] = []

    public init(storePath: String) {
        self.storePath = storePath
    }

    public var isHealthy: Bool { problems.isEmpty }

    public var description: String {
        var lines: [String] = []
        if problems.isEmpty {
            lines.append("\(storePath): healthy (\(Self.count(readableNotes, "note")), \(Self.count(readableCategories, "category", "categories")))")
        } else {
            lines.append("\(storePath): \(Self.count(problems.count, "problem")); readable: \(Self.count(readableNotes, "note")), \(Self.count(readableCategories, "category", "categories"))")
            lines.append(contentsOf: problems.map { "  - \($0)" })
        }
        lines.append(contentsOf: notices.map { "  note: \($0)" })
        for file in tornJournalFiles {
            lines.append("  kept: \(file) holds the bytes of an incomplete or damaged last commit cut off the journal; look at it, then delete it")
        }
        lines.append(contentsOf: actions)
        return lines.joined(separator: "\n")
    }

    /// `1 note`, `2 notes`.
    static func count(_ number: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(number) \(number == 1 ? singular : plural ?? singular + "s")"
    }
}
