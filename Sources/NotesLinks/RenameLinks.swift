import Foundation
import NotesModel

/// The edits that keep links working when a note is renamed (PRODUCT §5.3): in each note
/// whose links to the old title lead to the renamed note, those links pointed at the new
/// title (`LinkRewrite`), one body edit per note. Computed from the store as it is under the
/// lock (`DerivedEdits`), so each edit starts from the body as it is then.
public enum RenameLinks {
    /// The body edits for renaming the note `noteID` from `old` to `new`, looking at the
    /// notes `sources` (the ones an index says link to it) and choosing among `sharing`
    /// (the notes an index says share its old title) as the resolution rule does.
    public static func edits(renaming noteID: UUID, from old: String, to new: String, in database: NotesDatabase,
                             sources: some Sequence<UUID>, sharing: some Sequence<UUID>) -> [NoteEdit] {
        let key = LinkResolver.key(ofTitle: old)
        guard var renamed = database.notes[noteID] else { return [] }
        renamed.title = old  // as the links were written: the rename may be in this very commit
        let fitting = [renamed] + sharing.compactMap { id in
            id == noteID ? nil : database.notes[id].flatMap { LinkResolver.key(ofTitle: $0.title) == key ? $0 : nil }
        }
        var edits: [NoteEdit] = []
        var seen = Set<UUID>()
        for id in sources where id != noteID && seen.insert(id).inserted {
            guard let source = database.notes[id],
                  LinkResolver.choose(among: fitting, title: old, from: source.categoryID) == .note(noteID) else { continue }
            let body = source.body
            let rewritten = LinkRewrite.rewrite(body, from: old, to: new)
            guard rewritten.count > 0 else { continue }
            var edit = NoteEdit(noteID: id)
            edit.setBody(from: body, to: rewritten.body)
            edits.append(edit)
        }
        return edits
    }

    /// `edit`, and when it changes the title, the rewrites of the links to the note in every
    /// other note, derived under the lock from the store as it is then (the command line's
    /// `notes edit`: the editor's header renamed the note).
    public static func storeEdits(for edit: NoteEdit) -> [StoreEdit] {
        guard let title = edit.title, title.from != title.to else { return [.note(edit)] }
        let id = edit.noteID
        return [.note(edit), .derived(DerivedEdits { database in
            let old = database.notes[id]?.title ?? title.from
            return old == title.to ? [] : edits(renaming: id, from: old, to: title.to, in: database)
        })]
    }

    /// The same, looking at every note of `database` (the command line, which has no index
    /// kept: bodies without `[[` or `](` are passed over by `memchr`).
    public static func edits(renaming noteID: UUID, from old: String, to new: String, in database: NotesDatabase) -> [NoteEdit] {
        let key = LinkResolver.key(ofTitle: old)
        let sharing = database.notes.values.lazy.filter { LinkResolver.key(ofTitle: $0.title) == key }.map(\.id)
        let sources = database.notes.values.lazy.filter { note in
            note.withBodyUTF8 { bytes in
                LinkScanner.links(in: bytes).contains { link in
                    if case .title(let title) = link.target { return LinkResolver.key(ofTitle: title) == key }
                    return false
                }
            }
        }.map(\.id)
        return edits(renaming: noteID, from: old, to: new, in: database, sources: Array(sources), sharing: Array(sharing))
    }
}
