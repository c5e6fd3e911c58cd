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
/// - `other`: zk, Jekyll, Hugo, Joplin, nb, Dendron, a lone file: `title`, else the first
///   heading (taken out of the body), else the file name.
public enum ImportSourceTool: String, Sendable, CaseIterable {
    case obsidian, logseq, other

    /// The tool of the folder at `path` (or of the folder holding the file at `path`),
    /// found by the markers the tools keep in the folder or any folder above it.
    public static func detect(path: String, isFolder: Bool) -> ImportSourceTool {
        var folder = URL(fileURLWithPath: path).standardizedFileURL
        if !isFolder { folder.deleteLastPathComponent() }
        var isDirectory: ObjCBool = false
        for _ in 0..<64 {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(".obsidian").path, isDirectory: &isDirectory),
               isDirectory.boolValue {
                return .obsidian
            }
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("logseq/config.edn").path) { return .logseq }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { break }
            folder = parent
        }
        return .other
    }
}
