import Foundation
import NotesModel

/// What the link rule knows of notes from their import records: the path of the file each
/// note was imported from (a path link, a tie between folders) and the notes whose wiki
/// links are read label first (`WikiLinkOrder`). Read from a database's import sources, or,
/// for a store opened for a few notes, from the rename index (`RenameSources.imports`).
public struct LinkImports: Sendable, Equatable {
    /// The path of each imported note's file, relative to the imported folder (one-note files).
    public var paths: [UUID: String]
    /// The notes whose wiki links are read `[[label|target]]`.
    public var labelFirst: Set<UUID>

    public init(paths: [UUID: String] = [:], labelFirst: Set<UUID> = []) {
        self.paths = paths
        self.labelFirst = labelFirst
    }

    /// What the import sources of `database` say.
    public init(database: NotesDatabase) {
        self.init(paths: LinkGraph.importPaths(of: database),
                  labelFirst: WikiLinkOrder.labelFirstNotes(of: database.importSources))
    }

    public var isEmpty: Bool { paths.isEmpty && labelFirst.isEmpty }

    /// How the wiki links of the note `id` are read.
    public func order(of id: UUID) -> WikiLinkOrder { WikiLinkOrder.of(id, labelFirst: labelFirst) }

    /// These, with `other`'s taking the place of any of the same note.
    public func merging(_ other: LinkImports) -> LinkImports {
        LinkImports(paths: paths.merging(other.paths) { _, new in new }, labelFirst: labelFirst.union(other.labelFirst))
    }
}
