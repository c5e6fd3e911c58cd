import Foundation
import NotesExchange

/// What `notes import` says of a folder of wiki-linked Markdown in which no tool left its marker: which
/// rule made the titles, and how to choose Obsidian's (a vault cloned without its
/// `.obsidian` folder looks like any folder of Markdown files).
enum ImportToolRule {
    /// One line for each folder of `paths` with no marker in it or above it, when the notes
    /// read are Markdown with `[[wiki links]]` (Obsidian's, zk's or Foam's: their titles
    /// differ; a Jekyll or Hugo folder has none); none when `--from` chose the tool.
    static func lines(paths: [String], from: Import.Format?, batch: ImportBatch) -> [String] {
        guard from == nil, batch.sources.contains(where: { $0.lowercased().hasSuffix(".md") }) else { return [] }
        let unmarked = paths.filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
                && ImportSourceTool.detect(path: path, isFolder: true) == .other
        }
        guard !unmarked.isEmpty, batch.bundle.notes.contains(where: { $0.body.contains("[[") }) else { return [] }
        return unmarked.map { path in
            "note: \(path) has no .obsidian, .zk, logseq/config.edn or dendron.yml: each title is the file's 'title', "
                + "else its first heading, else its file name; --from obsidian titles every note by its file name, as Obsidian does"
        }
    }
}
