import Foundation
import NotesModel

/// The link index (decision 0060): each note's outgoing links, the notes linking to each
/// folded target (a path target also under its last component), and the notes by folded
/// title and by folded alias, so that backlinks and resolution never scan bodies. Built once from the notes and changed a note at a time (`remove` the old
/// version, `add` the new one); the UI keeps one with its search text, the CLI builds one
/// from the database it opened. Notes are looked up through a function (`NoteLookup`),
/// never copied in.
public struct LinkGraph: Sendable {
    /// Finds a live note by id.
    public typealias NoteLookup = (UUID) -> Note?

    /// The links of each note that has any, in body order.
    private var outgoing: [UUID: [NoteLink]] = [:]
    /// By target hash (`LinkResolver.hash`): the notes with a link to it.
    private var incoming: [UInt64: [UUID]] = [:]
    /// By title-key or alias-key hash: a note with that name; `sharedTitles` holds all of them
    /// when several do.
    private var titles: [UInt64: UUID] = [:]
    private var sharedTitles: [UInt64: [UUID]] = [:]
    /// The alias-key hashes of each note that has aliases (other than its title's hash).
    private var aliasHashes: [UUID: [UInt64]] = [:]
    /// The path of the file each imported note came from, relative to the imported folder
    /// (`[[Folder/Note]]` prefers the note imported from that path).
    public var importPaths: [UUID: String] = [:] { didSet { fileNames = Self.fileNameIndex(importPaths) } }
    /// The notes by the hash of their imported file's name (without `.md`): a path link finds
    /// the note imported from that path even after the note was renamed.
    private var fileNames: [UInt64: [UUID]] = [:]
    /// The notes whose wiki links are read `[[label|target]]` (imported from Dendron, `WikiLinkOrder`).
    public private(set) var labelFirst: Set<UUID> = []

    public init() {}

    /// The index of `notes` (the live ones), with the import paths when known and the notes
    /// whose wiki links are read label first.
    public init(notes: some Sequence<Note>, importPaths: [UUID: String] = [:], labelFirst: Set<UUID> = []) {
        self.labelFirst = labelFirst
        for note in notes { add(note) }
        self.importPaths = importPaths
        fileNames = Self.fileNameIndex(importPaths)
    }

    /// The hash of the name of the file at `path` (its last component, without `.md`).
    static func fileNameHash(_ path: String) -> UInt64 {
        LinkResolver.hash(key: LinkResolver.key(ofPath: String(path.split(separator: "/").last ?? "")))
    }

    /// The notes imported from a file named as the last component of `path` (without `.md`).
    func notes(filedAs path: String) -> [UUID] { fileNames[Self.fileNameHash(path)] ?? [] }

    private static func fileNameIndex(_ paths: [UUID: String]) -> [UInt64: [UUID]] {
        var index: [UInt64: [UUID]] = [:]
        for (id, path) in paths { index[fileNameHash(path), default: []].append(id) }
        return index
    }

    /// The index of the live notes of `database`, with the paths they were imported from.
    public init(database: NotesDatabase) {
        self.init(notes: database.notes.values, importPaths: Self.importPaths(of: database),
                  labelFirst: WikiLinkOrder.labelFirstNotes(of: database.importSources))
    }

    /// How the wiki links of the note `id` are read.
    public func order(of id: UUID) -> WikiLinkOrder { WikiLinkOrder.of(id, labelFirst: labelFirst) }

    /// Reads the wiki links of the notes of `ids` label first, and every other note's target
    /// first: the links of each note that changes sides are indexed again (found by `lookup`).
    public mutating func setLabelFirst(_ ids: Set<UUID>, lookup: NoteLookup) {
        let changed = ids.symmetricDifference(labelFirst)
        labelFirst = ids
        for id in changed {
            removeLinks(of: id)
            if let note = lookup(id) { addLinks(of: note) }
        }
    }

    /// The path each imported note of `database` came from (one-note files only).
    public static func importPaths(of database: NotesDatabase) -> [UUID: String] {
        importPaths(of: database.importSources)
    }

    /// The path each note of `sources` (a database's import sources) came from (one-note files only).
    public static func importPaths(of sources: [ImportSource.Key: ImportSource]) -> [UUID: String] {
        var paths: [UUID: String] = [:]
        for source in sources.values where source.key.entry.isEmpty { paths[source.noteID] = source.key.path }
        return paths
    }

    /// How many notes have links.
    public var linkingNoteCount: Int { outgoing.count }

    /// The hash the index keeps a note's title by (what `remove` takes).
    public static func titleHash(_ title: String) -> UInt64 {
        LinkResolver.hash(key: LinkResolver.key(ofTitle: title))
    }

    /// Takes in `note` (not in the index yet): its title and, when its body may hold one, its
    /// links. Returns its title hash.
    @discardableResult
    public mutating func add(_ note: Note) -> UInt64 {
        let titleHash = addNames(note)
        addLinks(of: note)
        return titleHash
    }

    /// Takes in `note`'s links (none indexed yet), read in its order.
    private mutating func addLinks(of note: Note) {
        let order = order(of: note.id)
        let links = note.withBodyUTF8 { LinkScanner.links(in: $0, order: order) }
        guard !links.isEmpty else { return }
        outgoing[note.id] = links
        var seen = Set<UInt64>()
        for link in links {
            for hash in LinkResolver.hashes(link.target) where seen.insert(hash).inserted {
                incoming[hash, default: []].append(note.id)
            }
        }
    }

    /// Takes the links of the note `id` out of the index.
    private mutating func removeLinks(of id: UUID) {
        guard let links = outgoing.removeValue(forKey: id) else { return }
        for hash in Set(links.flatMap { LinkResolver.hashes($0.target) }) {
            incoming[hash]?.removeAll { $0 == id }
            if incoming[hash]?.isEmpty == true { incoming[hash] = nil }
        }
    }

    /// Takes in `note`'s title and aliases only (its links are not indexed); returns its title hash.
    @discardableResult
    mutating func addNames(_ note: Note) -> UInt64 {
        let titleHash = Self.titleHash(note.title)
        addName(titleHash, note.id)
        if !note.aliases.isEmpty {
            var seen: Set<UInt64> = [titleHash]
            let hashes = note.aliases.map(Self.titleHash).filter { seen.insert($0).inserted }
            for hash in hashes { addName(hash, note.id) }
            if !hashes.isEmpty { aliasHashes[note.id] = hashes }
        }
        return titleHash
    }

    private mutating func addName(_ hash: UInt64, _ id: UUID) {
        if let first = titles[hash] {
            sharedTitles[hash, default: [first]].append(id)
        } else {
            titles[hash] = id
        }
    }

    private mutating func removeName(_ hash: UInt64, _ id: UUID) {
        if var shared = sharedTitles[hash] {
            shared.removeAll { $0 == id }
            titles[hash] = shared.first
            sharedTitles[hash] = shared.count > 1 ? shared : nil
        } else if titles[hash] == id {
            titles[hash] = nil
        }
    }

    /// Takes `note` (the version that was added) out of the index.
    public mutating func remove(_ note: Note) {
        remove(note.id, titleHash: Self.titleHash(note.title))
    }

    /// Takes the note with `id`, added with the title of `titleHash`, out of the index.
    public mutating func remove(_ id: UUID, titleHash: UInt64) {
        removeName(titleHash, id)
        for hash in aliasHashes.removeValue(forKey: id) ?? [] { removeName(hash, id) }
        removeLinks(of: id)
    }

    /// The links in the note with `id`, in body order.
    public func links(from id: UUID) -> [NoteLink] { outgoing[id] ?? [] }

    /// The ids of the notes whose title or an alias has the same key hash as `title`'s (maybe
    /// more than fit).
    public func notes(titled title: String) -> [UUID] {
        let hash = LinkResolver.hash(key: LinkResolver.key(ofTitle: title))
        return sharedTitles[hash] ?? titles[hash].map { [$0] } ?? []
    }

    /// Where `target`, written in `source`, leads.
    public func resolve(_ target: LinkTarget, from source: Note?, lookup: NoteLookup) -> LinkResolution {
        let candidates: [Note]
        switch target {
        case .title(let title):
            var seen = Set<UUID>()
            let named = LinkResolver.lookupNames(title).flatMap(notes(titled:))
            // A path (`[[Folder/Note]]`) also names the notes imported from a file of that name.
            let filed = LinkResolver.pathForm(title).map { notes(filedAs: $0.path) } ?? []
            candidates = (named + filed).filter { seen.insert($0).inserted }.compactMap(lookup)
        case .noteID(let id): candidates = lookup(id).map { [$0] } ?? []
        case .url, .file, .thisNote: candidates = []
        }
        return LinkResolver.resolve(target, from: source, order: source.map { order(of: $0.id) } ?? .targetFirst,
                                    candidates: candidates, importPath: { importPaths[$0] })
    }

    /// The links in other notes that lead to `note`, by linking note (most recently updated
    /// first), each with its links in body order. The notes linking to its title, an alias or
    /// its id are found by hash; each linking note then costs its own links.
    public func backlinks(of note: Note, lookup: NoteLookup) -> [(source: Note, links: [NoteLink])] {
        // Its title, its aliases, and the name of the file it was imported from: a path link
        // (`[[Folder/Note]]`) still leads to the note by its file after a rename.
        let names = [Self.titleHash(note.title)] + (aliasHashes[note.id] ?? []) + (importPaths[note.id].map { [Self.fileNameHash($0)] } ?? [])
        let hashes = names + [LinkResolver.hash(.noteID(note.id)) ?? 0]
        var seen = Set<UUID>()
        var result: [(source: Note, links: [NoteLink])] = []
        for id in hashes.flatMap({ incoming[$0] ?? [] }) where id != note.id && seen.insert(id).inserted {
            guard let source = lookup(id) else { continue }
            let leading = links(from: id).filter { link in
                switch link.target {
                case .noteID(let target): return target == note.id
                case .title: return resolve(link.target, from: source, lookup: lookup) == .note(note.id)
                case .url, .file, .thisNote: return false
                }
            }
            if !leading.isEmpty { result.append((source, leading)) }
        }
        return result.sorted { $0.source.updated != $1.source.updated ? $0.source.updated > $1.source.updated
                                                                      : $0.source.id.uuidString < $1.source.id.uuidString }
    }

    /// The links to notes that are missing or ambiguous, by linking note (ordered by title).
    public func brokenLinks(lookup: NoteLookup) -> [(source: Note, links: [(link: NoteLink, resolution: LinkResolution)])] {
        var result: [(source: Note, links: [(link: NoteLink, resolution: LinkResolution)])] = []
        for (id, links) in outgoing {
            guard let source = lookup(id) else { continue }
            let broken = links.filter(\.target.isNote).map { ($0, resolve($0.target, from: source, lookup: lookup)) }
                .filter(\.1.isBroken)
            if !broken.isEmpty { result.append((source, broken.map { (link: $0.0, resolution: $0.1) })) }
        }
        return result.sorted { $0.source.title != $1.source.title ? $0.source.title < $1.source.title
                                                                   : $0.source.id.uuidString < $1.source.id.uuidString }
    }
}
