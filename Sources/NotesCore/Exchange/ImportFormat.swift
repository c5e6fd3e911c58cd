import Foundation

/// What an imported file is read as. Detected from its name and, for JSON, its contents;
/// `notes import --from FORMAT` overrides the guess.
public enum ImportFormat: String, CaseIterable, Sendable {
    /// The JSON export of `notes export --format json`.
    case json
    /// jrnl's JSON export (`jrnl --export json`).
    case jrnl
    /// Markdown, with or without YAML (`---`) or TOML (`+++`) front matter. A file of
    /// notes' own exact Markdown (`notes-format` first in its header) is read by
    /// `ExactMarkdownReader`, every other one by the general reader.
    case markdown
    /// Plain text: the first line is the title.
    case text

    /// File name extensions read when a folder is imported (compared case-insensitively).
    static let markdownExtensions: Set<String> = ["md", "markdown", "mdown", "mkd", "mdx"]
    static let textExtensions: Set<String> = ["txt", "text"]

    /// The format a file's name says, nil for a name that is not a note's. JSON files
    /// say `.json` here and are told apart by `detect(json:)`.
    static func guess(fileName: String) -> ImportFormat? {
        let pathExtension = (fileName as NSString).pathExtension.lowercased()
        if markdownExtensions.contains(pathExtension) { return .markdown }
        if textExtensions.contains(pathExtension) { return .text }
        if pathExtension == "json" { return .json }
        return nil
    }

    /// Why a file is not read, when its contents say it is another tool's export that no
    /// reader reads yet (whatever its name): an Evernote `.enex`, a zip archive (a Bear
    /// backup, a TextPack, a Simplenote export). Nil for anything else.
    static func unreadExport(_ data: Data) -> String? {
        if data.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
            return "a zip archive (a Bear backup, TextPack or Simplenote export?): not read yet"
        }
        let start = data.prefix(4096)
        guard let first = start.firstIndex(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }),
              start[first] == UInt8(ascii: "<")
        else { return nil }
        let head = String(decoding: start, as: UTF8.self)
        if head.contains("<en-export") || head.contains("evernote-export") { return "Evernote export: not read yet" }
        return nil
    }

    /// The format of a file named on the command line whose name says nothing:
    /// JSON when it starts with `{`, else Markdown.
    static func sniff(_ data: Data) -> ImportFormat {
        let first = data.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        return first == UInt8(ascii: "{") ? .json : .markdown
    }
}
