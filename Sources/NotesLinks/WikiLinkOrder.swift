import Foundation
import NotesModel

/// Which side of the bar a wiki link names its target on. Obsidian, Logseq, Foam and zk
/// write `[[target|label]]`; Dendron writes `[[label|target]]`, and may name the vault a
/// target is in (`[[label|dendron://vault/a.b.c]]`). A note's links are read the way of the
/// tool it was imported from (`ImportSource.tool`); every other note's the first way.
public enum WikiLinkOrder: Sendable, Hashable {
    /// `[[target|label]]`.
    case targetFirst
    /// `[[label|target]]` (Dendron).
    case labelFirst

    /// How the links of a note imported from a vault of `tool` (`ImportSource.tool`) are read.
    public init(tool: String?) {
        self = tool == "dendron" ? .labelFirst : .targetFirst
    }

    /// The notes of `sources` (a database's import sources) whose links are read label first.
    public static func labelFirstNotes(of sources: [ImportSource.Key: ImportSource]) -> Set<UUID> {
        var notes = Set<UUID>()
        for source in sources.values where WikiLinkOrder(tool: source.tool) == .labelFirst { notes.insert(source.noteID) }
        return notes
    }

    /// The order of the note `id` when the notes of `labelFirst` are read label first.
    public static func of(_ id: UUID, labelFirst: Set<UUID>) -> WikiLinkOrder {
        labelFirst.isEmpty || !labelFirst.contains(id) ? .targetFirst : .labelFirst
    }

    /// The prefix Dendron writes before a target in another vault (`dendron://vault/`).
    static let vaultScheme = Array("dendron://".utf8)
}
