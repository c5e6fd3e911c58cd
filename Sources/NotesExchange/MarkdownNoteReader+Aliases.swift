import NotesModel

extension MarkdownNoteReader {
    /// The note's aliases: the front matter's `aliases` (or `alias`; Logseq's `alias::`), a
    /// YAML list or one string split at commas as Obsidian splits it, then the name the tool
    /// links the file by (`toolName`); cleaned by `Note.cleanAliases`. A name that folds to
    /// the title is left out: an alias is never the title, and the title already matches.
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
        if let name = toolName { names.append(name) }
        let titleKey = SearchFolding.fold(title.trimmingCharacters(in: .whitespaces))
        return Note.cleanAliases(names).filter { SearchFolding.fold($0) != titleKey }
    }

    /// The name the source tool's `[[links]]` find this file by, when the title may differ
    /// from it: Dendron's hierarchy (`a.b.c`), Logseq's page name (`a/b` from `a___b.md` or
    /// `a%2Fb.md`; the title may come from `title::`), zk's and any other Markdown tool's file
    /// name without `.md` (zk `[[202401021030 title]]`, Foam `[[file-stem]]`: a bare name,
    /// which the link index finds by titles and aliases only; a path link finds the file by
    /// its import path without an alias). Obsidian's title is its file name already. Nil for
    /// text and Org files of other tools, and for Jekyll posts (Jekyll links a post by its
    /// URL, never by a bare file name: `2019-03-01-my-post` would be a name nobody links by).
    var toolName: String? {
        switch tool {
        case .obsidian: nil
        case .logseq: logseqTitle()
        case .dendron, .zk: fileTitle
        case .other: style == .markdown && !jekyllPost ? fileTitle : nil
        }
    }
}
