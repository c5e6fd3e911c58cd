import NotesModel

/// `notes set --alias A --no-alias A`: the aliases a note ends with.
enum AliasOptions {
    /// `current` with `adding` appended (each cleaned, once) and `removing` taken out, each
    /// matched as links match names (case, accents and Unicode forms ignored); an alias both
    /// added and removed is removed, as the options are read in that order.
    static func applied(adding: [String], removing: [String], to current: [String]) -> [String] {
        let removed = Set(Note.cleanAliases(removing).map(SearchFolding.fold))
        return Note.cleanAliases(current + adding).filter { !removed.contains(SearchFolding.fold($0)) }
    }

    /// Aliases for a change line: `"A", "B"`, or `(none)`.
    static func shown(_ aliases: [String]) -> String {
        aliases.isEmpty ? "(none)" : aliases.map { "\"\($0)\"" }.joined(separator: ", ")
    }
}
