import Foundation
import NotesModel

/// The links of some notes (an import's) that lead to no note of the store: `notes import`
/// reports their count (they are kept as written, and `notes links --dead` lists them).
/// Only the bodies of those notes are scanned; the store's notes are looked at only when
/// their title or an alias may be a target.
public enum MissingLinks {
    /// How many links to notes in the notes `ids` of `database` are missing (ambiguous
    /// ones lead somewhere and are not counted), and how many distinct targets they name.
    /// `scanned`: the links of those notes, scanned ahead (see `Scanned`).
    public static func count(from ids: some Sequence<UUID>, in database: NotesDatabase,
                             scanned: Scanned? = nil) -> (links: Int, targets: Int) {
        // Only the notes with links are kept (by id: a copy of every imported note is most of the import again).
        let ids = Array(ids)
        let labelFirst = WikiLinkOrder.labelFirstNotes(of: database.importSources)
        // Notes are read where they are in the dictionary (`notes[index]`), never copied out.
        let notes = database.notes.values
        let linked = inParts(total: ids.count) { range in
            range.compactMap { position -> (id: UUID, links: [NoteLink])? in
                let id = ids[position]
                let order = WikiLinkOrder.of(id, labelFirst: labelFirst)
                guard let index = database.notes.index(forKey: id) else { return nil }
                let found = scanned?.links(of: notes[index], order: order) ?? MissingLinks.links(of: notes[index], order: order)
                return found.isEmpty ? nil : (id, found)
            }
        }
        guard !linked.isEmpty else { return (0, 0) }
        let wanted = Set(linked.flatMap { $0.links.flatMap { LinkResolver.hashes($0.target) } })
        var graph = LinkGraph(notes: [Note](), importPaths: LinkGraph.importPaths(of: database), labelFirst: labelFirst)
        let positions = Array(notes.indices)
        let named = inParts(total: positions.count) { range in
            positions[range].compactMap { notes[$0].hasName(in: wanted) ? notes[$0].id : nil }
        }
        for id in named { if let note = database.notes[id] { graph.addNames(note) } }
        var links = 0
        var targets = Set<[UInt8]>()
        for (id, found) in linked {
            let source = database.notes[id]
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
    /// Whether the hash of the title's key (`LinkGraph.titleHash`) or of an alias's key is in `hashes`.
    func hasName(in hashes: Set<UInt64>) -> Bool {
        hashes.contains(LinkGraph.titleHash(title)) || aliases.contains { hashes.contains(LinkGraph.titleHash($0)) }
    }
}
