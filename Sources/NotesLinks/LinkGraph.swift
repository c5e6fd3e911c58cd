import Foundation
import NotesModel

/// The link index (decision 0060): each note's outgoing links, the notes linking to each
/// folded target, and the notes by folded title, so that backlinks and resolution never
/// scan bodies. Built once from the notes and changed a note at a time (`remove` the old
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
    /// By title-key hash: a note with that title; `sharedTitles` holds all of them when several do.
    private var titles: [UInt64: UUID] = [:]
    private var sharedTitles: [UInt64: [UUID]] = [:]

    public init() {}

    /// The index of `notes` (the live ones).
    public init(notes: some Sequence<Note>) {
        for note in notes { add(note) }
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
        let titleHash = Self.titleHash(note.title)
        if let first = titles[titleHash] {
            sharedTitles[titleHash, default: [first]].append(note.id)
        } else {
            titles[titleHash] = note.id
        }
        let links = note.withBodyUTF8 { LinkScanner.links(in: $0) }
        guard !links.isEmpty else { return titleHash }
        outgoing[note.id] = links
        var seen = Set<UInt64>()
        for link in links {
            guard let hash = LinkResolver.hash(link.target), seen.insert(hash).inserted else { continue }
            incoming[hash, default: []].append(note.id)
        }
        return titleHash
    }

    /// Takes `note` (the version that was added) out of the index.
    public mutating func remove(_ note: Note) {
        remove(note.id, titleHash: Self.titleHash(note.title))
    }

    /// Takes the note with `id`, added with the title of `titleHash`, out of the index.
    public mutating func remove(_ id: UUID, titleHash: UInt64) {
        if var shared = sharedTitles[titleHash] {
            shared.removeAll { $0 == id }
            titles[titleHash] = shared.first
            sharedTitles[titleHash] = shared.count > 1 ? shared : nil
        } else if titles[titleHash] == id {
            titles[titleHash] = nil
        }
        guard let links = outgoing.removeValue(forKey: id) else { return }
        for hash in Set(links.compactMap { LinkResolver.hash($0.target) }) {
            incoming[hash]?.removeAll { $0 == id }
            if incoming[hash]?.isEmpty == true { incoming[hash] = nil }
        }
    }

    /// The links in the note with `id`, in body order.
    public func links(from id: UUID) -> [NoteLink] { outgoing[id] ?? [] }

    /// The ids of the notes whose title has the same key hash as `title`'s (maybe more than fit).
    public func notes(titled title: String) -> [UUID] {
        let hash = LinkResolver.hash(key: LinkResolver.key(ofTitle: title))
        return sharedTitles[hash] ?? titles[hash].map { [$0] } ?? []
    }

    /// Where `target`, written in `source`, leads.
    public func resolve(_ target: LinkTarget, from source: Note?, lookup: NoteLookup) -> LinkResolution {
        let candidates: [Note]
        switch target {
        case .title(let title): candidates = notes(titled: title).compactMap(lookup)
        case .noteID(let id): candidates = lookup(id).map { [$0] } ?? []
        case .url, .file: candidates = []
        }
        return LinkResolver.resolve(target, from: source?.categoryID, candidates: candidates)
    }

    /// The links in other notes that lead to `note`, by linking note (most recently updated
    /// first), each with its links in body order. The notes sharing its title are found once;
    /// each linking note then costs its own links.
    public func backlinks(of note: Note, lookup: NoteLookup) -> [(source: Note, links: [NoteLink])] {
        let titleKey = LinkResolver.key(ofTitle: note.title)
        let titleHash = LinkResolver.hash(key: titleKey)
        let fitting = notes(titled: note.title).compactMap(lookup).filter { LinkResolver.key(ofTitle: $0.title) == titleKey }
        let idHash = LinkResolver.hash(.noteID(note.id)) ?? 0
        var seen = Set<UUID>()
        var result: [(source: Note, links: [NoteLink])] = []
        for id in (incoming[titleHash] ?? []) + (incoming[idHash] ?? []) where id != note.id && seen.insert(id).inserted {
            guard let source = lookup(id) else { continue }
            let leading = links(from: id).filter { link in
                switch link.target {
                case .noteID(let target): return target == note.id
                case .title(let title):
                    return LinkResolver.key(ofTitle: title) == titleKey
                        && LinkResolver.choose(among: fitting, title: title, from: source.categoryID) == .note(note.id)
                case .url, .file: return false
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
                .filter { $0.1.isBroken }
            if !broken.isEmpty { result.append((source, broken.map { (link: $0.0, resolution: $0.1) })) }
        }
        return result.sorted { $0.source.title != $1.source.title ? $0.source.title < $1.source.title
                                                                   : $0.source.id.uuidString < $1.source.id.uuidString }
    }
}
