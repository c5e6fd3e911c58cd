import Foundation
import NotesModel

/// The links of some notes (an import's) that lead to no note of the store: `notes import`
/// reports their count (they are kept as written, and `notes links --dead` lists them).
/// Only the bodies of those notes are scanned; the store's notes are looked at only when
/// their title or an alias may be a target.
public enum MissingLinks {
    /// How many links to notes in the notes `ids` of `database` are missing (ambiguous
    /// ones lead somewhere and are not counted), and how many distinct targets they name.
    public static func count(from ids: some Sequence<UUID>, in database: NotesDatabase) -> (links: Int, targets: Int) {
        let sources = ids.compactMap { database.notes[$0] }
        let linked = sources.map { note in (note, note.withBodyUTF8 { LinkScanner.links(in: $0) }.filter(\.target.isNote)) }
            .filter { !$0.1.isEmpty }
        guard !linked.isEmpty else { return (0, 0) }
        let wanted = Set(linked.flatMap { $0.1.flatMap { LinkResolver.hashes($0.target) } })
        var graph = LinkGraph(notes: [Note](), importPaths: LinkGraph.importPaths(of: database))
        for note in database.notes.values where note.nameHashes.contains(where: wanted.contains) { graph.addNames(note) }
        var links = 0
        var targets = Set<[UInt8]>()
        for (source, found) in linked {
            for link in found {
                guard case .missing = graph.resolve(link.target, from: source, lookup: { database.notes[$0] }) else { continue }
                links += 1
                if case .title(let title) = link.target { targets.insert(LinkResolver.key(ofTitle: title)) } else { targets.insert(Array(link.target.text.utf8)) }
            }
        }
        return (links, targets.count)
    }
}

extension Note {
    /// The hashes of the title's key and of each alias's key (`LinkGraph.titleHash`).
    var nameHashes: [UInt64] { [LinkGraph.titleHash(title)] + aliases.map(LinkGraph.titleHash) }
}
