import Foundation
import NotesLinks
import NotesModel

/// The notes `notes list --links-to ID` and `--linked-from ID` keep, from the link index
/// built from the store's notes (both options: the notes that fit both).
struct LinkFilter {
    private var ids: Set<UUID>?

    init(linksTo: String?, linkedFrom: String?, in database: NotesDatabase) throws {
        let graph = LinkGraph(database: database)
        let lookup: LinkGraph.NoteLookup = { database.notes[$0] }
        if let linksTo {
            let target = try database.requireNote(linksTo)
            ids = Set(graph.backlinks(of: target, lookup: lookup).map(\.source.id))
        }
        if let linkedFrom {
            let source = try database.requireNote(linkedFrom)
            var targets = Set<UUID>()
            for link in graph.links(from: source.id) {
                if case .note(let id) = graph.resolve(link.target, from: source, lookup: lookup) { targets.insert(id) }
            }
            ids = ids.map { $0.intersection(targets) } ?? targets
        }
    }

    func contains(_ id: UUID) -> Bool { ids?.contains(id) ?? true }
}
