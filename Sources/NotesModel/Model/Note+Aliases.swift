import Foundation

extension Note {
    /// `aliases` as a note keeps them: each on one line (line breaks and tabs become
    /// spaces), trimmed, none empty, each once, in the order given.
    public static func cleanAliases(_ aliases: [String]) -> [String] {
        var seen = Set<String>()
        var result: [String] = []
        for alias in aliases {
            let oneLine = String(alias.map { $0.isNewline || $0 == "\t" ? " " : $0 })
            let trimmed = oneLine.trimmingCharacters(in: .whitespaces)
            if !trimmed.isEmpty, seen.insert(trimmed).inserted { result.append(trimmed) }
        }
        return result
    }
}
