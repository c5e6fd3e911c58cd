import Foundation
import NotesModel

/// What a rename on a store opened for a few notes needs from the rename index (decision
/// 0070): the notes to load for it, then the notes to look at and to choose among. The
/// store also holds every note its journal changed since the snapshot, so the notes the
/// index names and the notes loaded are all the notes that can link to the old title.
/// Shared by `notes set --title` (`TitleRename`) and a sync that receives a rename
/// (`SyncRenames`), so both rewrite exactly the links a whole store would.
extension RenameSources {
    /// What `RenameLinks.edits(renaming:from:to:in:sources:sharing:imports:)` takes.
    public struct Scope: Sendable {
        /// The notes that may link to the old title.
        public let sources: [UUID]
        /// The notes that may share it (for the resolution rule's ties).
        public let sharing: [UUID]
        /// The snapshot's import records of those notes (a store opened for a few holds none).
        public let imports: LinkImports
    }

    /// The snapshot's notes to load before renaming a note from `old`: those that may link
    /// to it and those that may share its title.
    public func notesToLoad(renamingFrom old: String) -> [UUID] {
        notes(linkingTo: old) + notes(titled: old)
    }

    /// The scope of renaming a note from `old` in a store opened for a few notes that holds
    /// `loaded` (the notes `notesToLoad(renamingFrom:)` named among them).
    public func scope(renamingFrom old: String, loaded: some Sequence<UUID>) -> Scope {
        let loaded = Array(loaded)
        let sources = notes(linkingTo: old) + loaded
        let sharing = notes(titled: old) + loaded
        return Scope(sources: sources, sharing: sharing, imports: imports(of: sources + sharing))
    }
}

extension RenameLinks {
    /// The body edits for renaming the note `noteID` from `old` to `new` in `database`, the
    /// contents of a store opened for a few notes, looking only at the notes of `scope`.
    public static func edits(renaming noteID: UUID, from old: String, to new: String, in database: NotesDatabase,
                             scope: RenameSources.Scope) -> [NoteEdit] {
        edits(renaming: noteID, from: old, to: new, in: database, sources: scope.sources, sharing: scope.sharing,
              imports: scope.imports)
    }
}
