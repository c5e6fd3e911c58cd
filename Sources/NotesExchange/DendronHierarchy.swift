import Foundation

/// Where a Dendron note sits in its vault's tree: Dendron names a note by its hierarchy,
/// `a.b.c.md` being the note `c` under `b` under `a`, and its tree view (how its users
/// find a note) is built from these names. notes keeps it as:
///
/// - the category `a`, the top of the hierarchy (one category per top-level tree, like a
///   top folder: `project`, `area`, `daily`); a `category` in the front matter wins;
/// - the tag `a/b/c`, the whole hierarchy (the nested-tag form Obsidian and zk use), so
///   `#a/b` finds every note under `a.b` by search, and the file's name can be rebuilt.
///
/// `root.md`, the vault's root note, has neither; a note named `a` has the category only.
struct DendronHierarchy: Equatable {
    let category: String
    let tag: String?

    init?(fileName: String) {
        let parts = fileName.split(separator: ".", omittingEmptySubsequences: true).map(String.init)
        guard let top = parts.first, fileName != "root" else { return nil }
        category = top
        tag = parts.count > 1 ? parts.joined(separator: "/") : nil
    }
}
