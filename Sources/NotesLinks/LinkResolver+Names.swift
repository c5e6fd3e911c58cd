import Foundation
import NotesModel

/// The names a title link may match besides a title: a note's aliases, and a target
/// written as a path (`[[Folder/Note]]`, `[[Folder/Note.md]]`, `[[Note.md]]`) as Obsidian
/// reads it. The order, first non-empty wins:
///
/// 1. notes whose title key is the target's (the rule of decision 0063);
/// 2. notes with an alias whose key is the target's (a title beats an alias, as Obsidian
///    prefers a file name to an alias);
/// 3. for a path, notes whose imported file's path (without `.md`) ends with it;
/// 4. for a path, notes whose title, then whose alias, is the path's last component.
///
/// Within a step, `choose` decides (the linking note's category, else ambiguous); a tie it
/// leaves is settled by the folder, as Obsidian settles it: the one note imported from the
/// folder the linking note's file is in; else by the file name, as Dendron, zk and Foam
/// settle it: the one note imported from a file named as the target (`[[tutorial]]` and
/// `tutorial.md` among several notes titled Tutorial).
extension LinkResolver {
    /// A target read as a path: the path without a final `.md`, and its last component;
    /// nil for a plain title (no `/` and no `.md` ending).
    static func pathForm(_ title: String) -> (path: String, name: String)? {
        guard mayBePath(title) else { return nil }  // most targets: no allocation
        var path = title.trimmingCharacters(in: .whitespaces)
        let hasExtension = path.lowercased().hasSuffix(".md")
        if hasExtension { path.removeLast(3) }
        guard hasExtension || path.contains("/") else { return nil }
        let name = String(path.split(separator: "/", omittingEmptySubsequences: false).last ?? "")
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        return (path, name)
    }

    /// Whether `title` holds a `/` or ends (before blanks) with `.md`, in any case.
    private static func mayBePath(_ title: String) -> Bool {
        let bytes = title.utf8
        if bytes.contains(UInt8(ascii: "/")) { return true }
        let end = bytes.reversed().drop { $0 == 0x20 || $0 == 0x09 }.prefix(3).map { $0 | 0x20 }
        return end == [UInt8(ascii: "d"), UInt8(ascii: "m"), UInt8(ascii: ".")]
    }

    /// The key of an imported file's path without its `.md` ending, as `pathForm` paths are compared.
    static func key(ofPath path: String) -> [UInt8] {
        var path = path
        if path.lowercased().hasSuffix(".md") { path.removeLast(3) }
        return key(ofTitle: path)
    }

    /// Where a title link to `title` leads among the live `candidates` (see the steps above).
    /// `importPath` gives a note's imported file path (relative to the imported folder), when
    /// known; `sourcePath` is the linking note's.
    static func resolve(title: String, from sourceCategory: UUID?, candidates: [Note],
                        importPath: (UUID) -> String?, sourcePath: String?) -> LinkResolution {
        let titleKey = key(ofTitle: title)
        let paths = candidates.count < 2 ? [:] : Dictionary(candidates.compactMap { note in importPath(note.id).map { (note.id, $0) } },
                                                            uniquingKeysWith: { first, _ in first })
        let near = Near(category: sourceCategory, folder: sourcePath.map(folder(of:)), paths: paths,
                        target: key(ofPath: title.split(separator: "/").last.map(String.init) ?? title))
        if let found = byName(titleKey, title: title, near: near, candidates: candidates) { return found }
        guard let form = pathForm(title) else { return .missing(title) }
        let pathKey = Self.key(ofPath: form.path)
        let slash = UInt8(ascii: "/")
        let byPath = candidates.filter { note in
            guard let path = importPath(note.id) else { return false }
            let fileKey = Self.key(ofPath: path)
            return fileKey == pathKey || (fileKey.count > pathKey.count && fileKey.reversed().starts(with: ([slash] + pathKey).reversed()))
        }
        if !byPath.isEmpty { return near.choose(among: byPath, title: title) }
        let nameKey = Self.key(ofTitle: form.name)
        return byName(nameKey, title: title, near: near, candidates: candidates) ?? .missing(title)
    }

    /// Steps 1 and 2 for `key`: by title, else by alias; nil when no note has that name.
    private static func byName(_ key: [UInt8], title: String, near: Near, candidates: [Note]) -> LinkResolution? {
        let byTitle = candidates.filter { Self.key(ofTitle: $0.title) == key }
        if !byTitle.isEmpty { return near.choose(among: byTitle, title: title) }
        let byAlias = candidates.filter { $0.aliases.contains { Self.key(ofTitle: $0) == key } }
        if !byAlias.isEmpty { return near.choose(among: byAlias, title: title) }
        return nil
    }

    /// The folder part of a file path (`a/b` of `a/b/c.md`, empty at the top).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    /// Where the linking note is: its category, and the folder of the file it was imported
    /// from; and what settles a tie: the candidates' imported files, the target's file name key.
    private struct Near {
        let category: UUID?
        let folder: String?
        /// The path of each candidate's imported file (only when there are several candidates).
        let paths: [UUID: String]
        /// The key of the file name the target names (its last component, without `.md`).
        let target: [UInt8]

        /// `LinkResolver.choose`; an ambiguity it leaves goes to the one candidate in `folder`,
        /// else to the one imported from a file named as the target.
        func choose(among fitting: [Note], title: String) -> LinkResolution {
            let chosen = LinkResolver.choose(among: fitting, title: title, from: category)
            guard case .ambiguous = chosen else { return chosen }
            if let folder {
                let here = fitting.filter { paths[$0.id].map(LinkResolver.folder(of:)) == folder }
                if here.count == 1 { return .note(here[0].id) }
            }
            let named = fitting.filter { note in
                paths[note.id].map { LinkResolver.key(ofPath: String($0.split(separator: "/").last ?? "")) == target } ?? false
            }
            return named.count == 1 ? .note(named[0].id) : chosen
        }
    }

    /// The hashes a link's target is indexed by: its own, and for a path its last component's.
    public static func hashes(_ target: LinkTarget) -> [UInt64] {
        guard let hash = hash(target) else { return [] }
        guard case .title(let title) = target, let form = pathForm(title) else { return [hash] }
        let nameHash = Self.hash(key: key(ofTitle: form.name))
        return nameHash == hash ? [hash] : [hash, nameHash]
    }

    /// The names a target may be found by in an index of titles and aliases: the target, and
    /// for a path its last component.
    static func lookupNames(_ title: String) -> [String] {
        pathForm(title).map { [title, $0.name] } ?? [title]
    }
}
