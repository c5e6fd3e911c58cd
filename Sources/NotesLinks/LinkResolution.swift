import Foundation
import NotesModel

/// Where a link leads.
public enum LinkResolution: Hashable, Sendable {
    /// One note.
    case note(UUID)
    /// Several notes fit and none is preferred: the candidates, the linking note's
    /// category first, then the most recently updated first.
    case ambiguous([UUID])
    /// No live note has that title or id: the target as written.
    case missing(String)
    /// One of the linking note's attachments (`![[photo.png]]`, `[see](files/a.pdf)`, and
    /// `[[photo.png]]` when no note has that name): for the opener.
    case attachment(AttachmentPath)
    /// Not a note nor an attachment of the linking note: a URL or another file, for the opener.
    case external(LinkTarget)

    /// Whether the link leads to no single note although it names one (missing or ambiguous).
    public var isBroken: Bool {
        switch self {
        case .missing, .ambiguous: true
        case .note, .attachment, .external: false
        }
    }
}

/// The one resolution rule (PRODUCT §5.3): a title link leads to the live note whose title,
/// folded as search folds it (`SearchFolding`), equals the target folded; else to the one
/// with such an alias; else, for a path (`[[Folder/Note]]`), to the one imported from that
/// path, else the one named by its last component (see `LinkResolver+Names`); among several,
/// the one in the linking note's category, else the one imported from the linking note's
/// folder; any other tie is ambiguous. A `notes://ID` link
/// leads to the live note with that id. Trashed notes never resolve. A link to a file, and a
/// title link to a file name (`[[photo.png]]`) that no note has, lead to the linking note's
/// attachment of that name (`AttachmentLinks`) when it holds one.
public enum LinkResolver {
    /// The key of a title under the folding (what titles and targets are matched by).
    public static func key(ofTitle title: String) -> [UInt8] {
        var folded = SearchFolding.fold(title)
        while folded.last == 0x20 { folded.removeLast() }
        while folded.first == 0x20 { folded.removeFirst() }
        return folded
    }

    /// Where `target`, written in `source` (whose wiki links are read in `order`), leads.
    /// `candidates` are the live notes whose title or alias key equals the target's or, for a
    /// path, its last component's (for a title), or whose id is the target's; others are
    /// ignored. `importPath` gives the path of the file a note was imported from, when known.
    public static func resolve(_ target: LinkTarget, from source: Note?, order: WikiLinkOrder, candidates: [Note],
                               importPath: (UUID) -> String? = { _ in nil }) -> LinkResolution {
        switch target {
        case .url:
            return .external(target)
        case .thisNote:
            return source.map { .note($0.id) } ?? .missing(target.text)
        case .file(let path):
            return attachment(path, of: source, order: order) ?? .external(target)
        case .noteID(let id):
            return candidates.contains { $0.id == id } ? .note(id) : .missing(target.text)
        case .title(let title):
            let found = resolve(title: title, from: source?.categoryID, candidates: candidates.filter { $0.deleted == nil },
                                importPath: importPath, sourcePath: source.flatMap { importPath($0.id) })
            guard case .missing = found, AttachmentLinks.looksLikeFileName(title) else { return found }
            return attachment(title, of: source, order: order) ?? found
        }
    }

    /// The attachment of `source` a link to the file `written` leads to, if it holds one.
    private static func attachment(_ written: String, of source: Note?, order: WikiLinkOrder) -> LinkResolution? {
        guard let source, let path = AttachmentLinks.attachment(for: written, in: source, order: order) else { return nil }
        return .attachment(path)
    }

    /// The rule's choice among the live notes whose title fits `title`.
    static func choose(among fitting: [Note], title: String, from sourceCategory: UUID?) -> LinkResolution {
        if fitting.isEmpty { return .missing(title) }
        if fitting.count == 1 { return .note(fitting[0].id) }
        let sameCategory = fitting.filter { $0.categoryID == sourceCategory }
        if sameCategory.count == 1 { return .note(sameCategory[0].id) }
        let ordered = fitting.sorted { a, b in
            let aHere = a.categoryID == sourceCategory, bHere = b.categoryID == sourceCategory
            if aHere != bHere { return aHere }
            if a.updated != b.updated { return a.updated > b.updated }
            return a.id.uuidString < b.id.uuidString
        }
        return .ambiguous(ordered.map(\.id))
    }

    /// A 64-bit hash of a title key or of a note id link (FNV-1a), for the indexes' tables.
    public static func hash(_ target: LinkTarget) -> UInt64? {
        switch target {
        case .title(let title): hash(key: key(ofTitle: title))
        case .noteID(let id): hash(key: Array(id.uuidString.utf8)) ^ 0x9E37_79B9_7F4A_7C15
        case .url, .file, .thisNote: nil
        }
    }

    /// The FNV-1a hash of `key`.
    public static func hash(key: [UInt8]) -> UInt64 {
        var value: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in key { value = (value ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return value
    }
}
