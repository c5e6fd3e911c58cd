import Foundation

/// The tool whose notes are imported, where it changes how a file is read: what the tool
/// shows as the title, and where it makes tags.
///
/// - `obsidian`: a folder inside a vault (a `.obsidian` folder in it or above it). The
///   title is the file name, as Obsidian shows it; `title` and a first heading stay what
///   they are (a property, the body's first line).
/// - `logseq`: a folder inside a graph (`logseq/config.edn` in it or above it). The title
///   is the page's `title::` property, else the file name decoded (`a___b` is `a/b`,
///   `%3A` is `:`); a journal `2020_09_14.md` is titled as Logseq shows it by default,
///   `Sep 14th, 2020`. `tags::` are tags, and so is `#[[two words]]`.
/// - `zk`: a folder inside a zk notebook (a `.zk` folder in it or above it). The title is
///   `title`, else the first heading of the lowest level as plain text (zk shows
///   `` `Hashable` `` as `Hashable`); tags as `.zk/config.toml`'s `[format.markdown]` says
///   (`hashtags`, `colon-tags`, `multiword-tags`, see `ZkNotebookConfig`).
/// - `dendron`: a folder inside a Dendron workspace (`dendron.yml`) or vault
///   (`root.schema.yml`). As `other`, and the hierarchy in the file name `a.b.c.md` gives
///   the category `a` and the tag `a/b/c` (see `DendronHierarchy`).
/// - `other`: Jekyll, Hugo, Joplin, nb, a lone file: `title`, else the first heading
///   (taken out of the body), else the file name.
public enum ImportSourceTool: String, Sendable, CaseIterable {
    case obsidian, logseq, zk, dendron, other

    /// The tool of the folder at `path` (or of the folder holding the file at `path`),
    /// found by the markers the tools keep in the folder or any folder above it (the
    /// nearest marker wins).
    public static func detect(path: String, isFolder: Bool) -> ImportSourceTool {
        var folder = URL(fileURLWithPath: path).standardizedFileURL
        if !isFolder { folder.deleteLastPathComponent() }
        for _ in 0..<64 {
            if let tool = marked(folder) { return tool }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { break }
            folder = parent
        }
        return .other
    }

    /// The tool whose marker is in `folder` itself, if any.
    private static func marked(_ folder: URL) -> ImportSourceTool? {
        func isFolder(_ name: String) -> Bool {
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path, isDirectory: &isDirectory)
                && isDirectory.boolValue
        }
        func isFile(_ name: String) -> Bool {
            FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path)
        }
        if isFolder(".obsidian") { return .obsidian }
        if isFile("logseq/config.edn") { return .logseq }
        if isFolder(".zk") { return .zk }
        if isFile("dendron.yml") || isFile("root.schema.yml") { return .dendron }
        return nil
    }
}

/// The tool a path is read as, with what that tool's own configuration says.
struct ImportToolSettings: Sendable {
    var tool: ImportSourceTool
    /// How a Logseq graph names its files and titles its journals (defaults for other tools).
    var logseq = LogseqGraphConfig()
    /// Which tags a zk notebook makes (defaults for other tools).
    var zk = ZkNotebookConfig()

    init(tool: ImportSourceTool) {
        self.tool = tool
    }

    /// The settings of the folder at `path` (or the folder holding the file): `forced` when
    /// given (`--from`), else the tool found by its markers; then that tool's config, read
    /// from where the tool keeps it (in the folder or above it).
    init(path: String, isFolder: Bool, forced: ImportSourceTool?) {
        tool = forced ?? ImportSourceTool.detect(path: path, isFolder: isFolder)
        switch tool {
        case .logseq: logseq = LogseqGraphConfig(graphAt: path, isFolder: isFolder)
        case .zk: zk = ZkNotebookConfig(notebookAt: path, isFolder: isFolder)
        case .obsidian, .dendron, .other: break
        }
    }
}
