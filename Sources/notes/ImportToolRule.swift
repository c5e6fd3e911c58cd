import Foundation
import NotesExchange

/// What `notes import` says of a Markdown folder in which no tool left its marker: which
/// rule made the titles, and how to choose Obsidian's (a vault cloned without its
/// `.obsidian` folder looks like any folder of Markdown files).
enum ImportToolRule {
    /// One line for each folder of `paths` that holds Markdown notes of `sources` and no
    /// marker in it or above it; none when `--from` chose the tool.
    static func lines(paths: [String], from: Import.Format?, sources: [String]) -> [String] {
        guard from == nil, sources.contains(where: { $0.lowercased().hasSuffix(".md") }) else { return [] }
        return paths.filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
                && ImportSourceTool.detect(path: path, isFolder: true) == .other
        }.map { path in
            "note: \(path) has no .obsidian, .zk, logseq/config.edn or dendron.yml: each title is the file's 'title', "
                + "else its first heading, else its file name; --from obsidian titles every note by its file name, as Obsidian does"
        }
    }
}
