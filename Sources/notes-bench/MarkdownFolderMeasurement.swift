import Foundation
import NotesBase
import NotesModel

/// `notes import` of a folder of Markdown files as a user does it, through the real `notes`
/// process: one small `.md` file a note (the synthetic store's first notes, up to 10,000),
/// each with YAML front matter of plain `key: value` lines as Obsidian, zk and Jekyll write
/// it (title, date, updated, tags as a comma-separated string, category).
enum MarkdownFolderMeasurement {
    /// How many files at most: the target is for a folder of 10,000.
    static let maximumFiles = 10_000

    /// 5 s for 10,000 files (0.5 ms a file).
    static func target(files: Int) -> Double { Double(files) * 0.5 }

    /// Writes the folder, imports it into a new store as a process, and returns the figure.
    static func figure(_ notes: URL, synthetic: SyntheticStore, folder: URL) throws -> Figure {
        let source = folder.appendingPathComponent("bulk-markdown")
        try? FileManager.default.removeItem(at: source)
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: source) }
        let names = Dictionary(synthetic.categories.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        let chosen = synthetic.notes.prefix(maximumFiles)
        for (index, note) in chosen.enumerated() {
            let file = source.appendingPathComponent(String(format: "note-%05d.md", index))
            try Data(text(of: note, category: note.categoryID.flatMap { names[$0] }).utf8).write(to: file)
        }
        let store = folder.appendingPathComponent("bulk-markdown-import").appendingPathComponent("notes.json")
        try? FileManager.default.removeItem(at: store.deletingLastPathComponent())
        defer { try? FileManager.default.removeItem(at: store.deletingLastPathComponent()) }
        let run = try WholeProcess.run(notes, ["import", source.path, "--store", store.path],
                                       environment: WholeProcess.environment(setting: "NOTES_STORE", to: store.path),
                                       errorFile: folder.appendingPathComponent("bulk-markdown-import.err"))
        return Figure(key: "import_markdown_folder_ms", label: "import a folder of \(chosen.count) Markdown files",
                      unit: .milliseconds, value: run.wallMilliseconds, target: target(files: chosen.count),
                      note: "whole process, CPU \(Figure.fixed(run.cpuMilliseconds, 0)) ms; front matter of key: value lines")
    }

    /// One file: front matter, a blank line, the body.
    static func text(of note: Note, category: String?) -> String {
        var lines = ["---", "title: \(quotedIfNeeded(note.title))", "date: \(ISODate.format(note.created))",
                     "updated: \(ISODate.format(note.updated))"]
        if !note.tags.isEmpty { lines.append("tags: " + quotedIfNeeded(note.tags.sorted().joined(separator: ", "))) }
        if let category { lines.append("category: \(quotedIfNeeded(category))") }
        lines += ["---", "", note.body]
        return lines.joined(separator: "\n") + "\n"
    }

    /// A value as YAML reads it back as the same string: plain when it is plainly text,
    /// else double-quoted (a number, a `: ` or ` #`, a leading indicator).
    private static func quotedIfNeeded(_ value: String) -> String {
        let plain = !value.isEmpty && Double(value) == nil && !value.contains(": ") && !value.contains(" #")
            && !value.hasSuffix(":") && !"-?:,[]{}#&*!|>'\"%@`".contains(value.first ?? " ")
            && value.trimmingCharacters(in: .whitespaces) == value
        guard !plain else { return value }
        return "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
