import NotesModel

extension MarkdownNoteReader {
    /// The note's aliases: the front matter's `aliases` (or `alias`), a YAML list or one string
    /// split at commas as Obsidian splits it; cleaned by `Note.cleanAliases`. A name that folds
    /// to the title is left out: an alias is never the title, and the title already matches.
    func aliases(_ header: NoteHeader, title: String) throws(ExchangeError) -> [String] {
        var names: [String] = []
        if let entry = header.entry("aliases", "alias") {
            switch entry.value {
            case .list(let items): names = items
            case .text(let text): names = text.split(separator: ",").map(String.init)
            case .empty: names = []
            case .nested: throw fail(entry, "expected a list of names")
            }
        }
        let titleKey = SearchFolding.fold(title.trimmingCharacters(in: .whitespaces))
        return Note.cleanAliases(names).filter { SearchFolding.fold($0) != titleKey }
    }

}
