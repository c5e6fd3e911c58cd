import Foundation
import NotesModel

/// The edits that keep links working when a note is renamed (PRODUCT §5.3): in each note
/// whose links to the old title lead to the renamed note, those links pointed at the new
/// title (`LinkRewrite`), one body edit per note. Computed from the store as it is under the
/// lock (`DerivedEdits`), so each edit starts from the body as it is then.
public enum RenameLinks {
    /// The body edits for renaming the note `noteID` from `old` to `new`, looking at the
    /// notes `sources` (the ones an index says link to it) and choosing among `sharing`
    /// (the notes an index says share its old title) as the resolution rule does: a link is
    /// rewritten when it names the old title (whole, or as a path's last component) and
    /// leads to the note, the import paths of `database` deciding folder paths and ties.
    /// `imports` adds what the import records of notes not in `database` say (a store opened
    /// for a few notes knows them from the rename index).
    public static func edits(renaming noteID: UUID, from old: String, to new: String, in database: NotesDatabase,
                             sources: some Sequence<UUID>, sharing: some Sequence<UUID>,
                             imports: LinkImports = LinkImports()) -> [NoteEdit] {
        let key = LinkResolver.key(ofTitle: old)
        guard var renamed = database.notes[noteID] else { return [] }
        renamed.title = old  // as the links were written: the rename may be in this very commit
        let fitting = [renamed] + sharing.compactMap { id in
            id == noteID ? nil : database.notes[id].flatMap { LinkResolver.key(ofTitle: $0.title) == key ? $0 : nil }
        }
        let paths = ImportPathCache(database, adding: imports)
        var edits: [NoteEdit] = []
        var seen = Set<UUID>()
        for id in sources where id != noteID && seen.insert(id).inserted {
            guard let source = database.notes[id] else { continue }
            let body = source.body
            let rewritten = LinkRewrite.rewrite(body, from: old, to: new, order: paths.order(id)) { link in
                leads(link, from: source, to: noteID, fitting: fitting, paths: paths, in: database)
            }
            guard rewritten.count > 0 else { continue }
            var edit = NoteEdit(noteID: id)
            edit.setBody(from: body, to: rewritten.body)
            edits.append(edit)
        }
        return edits
    }

    /// Whether `link`, in `source`, leads to the note `noteID` among `fitting` (the notes
    /// with its old title) and, for a path, the notes imported from a file of that name.
    private static func leads(_ link: NoteLink, from source: Note, to noteID: UUID, fitting: [Note],
                              paths: ImportPathCache, in database: NotesDatabase) -> Bool {
        var candidates = fitting
        if case .title(let title) = link.target, let form = LinkResolver.pathForm(title) {
            let known = Set(fitting.map(\.id))
            candidates += paths.notes(filedAs: form.path).filter { !known.contains($0) }.compactMap { database.notes[$0] }
        }
        return LinkResolver.resolve(link.target, from: source, order: paths.order(source.id), candidates: candidates,
                                    importPath: paths.path) == .note(noteID)
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
        let labelFirst = WikiLinkOrder.labelFirstNotes(of: database.importSources)
        let sources = database.notes.values.lazy.filter { note in
            let order = WikiLinkOrder.of(note.id, labelFirst: labelFirst)
            return note.withBodyUTF8 { bytes in LinkScanner.links(in: bytes, order: order).contains { names(key, $0.target) } }
        }.map(\.id)
        return edits(renaming: noteID, from: old, to: new, in: database, sources: Array(sources), sharing: Array(sharing))
    }

    /// Whether `target` names the title of `key`: whole, or as a path's last component.
    static func names(_ key: [UInt8], _ target: LinkTarget) -> Bool {
        guard case .title(let title) = target else { return false }
        if LinkResolver.key(ofTitle: title) == key { return true }
        return LinkResolver.pathForm(title).map { LinkResolver.key(ofTitle: $0.name) == key } ?? false
    }
}

/// What the import records of a database (and `adding`) say of notes, read from its import
/// sources the first time one is asked for (most renames never ask: one note has the title,
/// no link is a path, no note came from Dendron).
final class ImportPathCache {
    private let database: NotesDatabase
    private let adding: LinkImports
    private var graph: LinkGraph?

    init(_ database: NotesDatabase, adding: LinkImports = LinkImports()) {
        self.database = database
        self.adding = adding
    }

    private var paths: LinkGraph? {
        if database.importSources.isEmpty && adding.isEmpty { return nil }
        if graph == nil {
            let imports = adding.merging(LinkImports(database: database))  // the database's own records are the newer
            graph = LinkGraph(notes: [Note](), importPaths: imports.paths, labelFirst: imports.labelFirst)
        }
        return graph
    }

    /// The path the note `id` was imported from.
    func path(_ id: UUID) -> String? { paths?.importPaths[id] }

    /// How the wiki links of the note `id` are read.
    func order(_ id: UUID) -> WikiLinkOrder { paths?.order(of: id) ?? .targetFirst }

    /// The notes imported from a file named as the last component of `path`.
    func notes(filedAs path: String) -> [UUID] { paths?.notes(filedAs: path) ?? [] }
}
