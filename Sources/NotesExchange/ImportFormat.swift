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
    /// Org (`.org`): Logseq's Org pages and journals, or Emacs Org files (see `OrgDocument`).
    case org
    /// A Bear backup (`.bear2bk`, `.bearbk`: a zip archive of TextBundles with Bear's `info.json`).
    case bear
    /// A TextBundle folder (`text.md` + `info.json` + `assets/`) or a TextPack (a zipped TextBundle).
    case textbundle
    /// Simplenote's export: a zip archive (or its folder) holding `source/notes.json`.
    case simplenote
    /// An Evernote export (`.enex`, XML).
    case enex

    /// File name extensions read when a folder is imported (compared case-insensitively).
    static let markdownExtensions: Set<String> = ["md", "markdown", "mdown", "mkd", "mdx"]
    static let textExtensions: Set<String> = ["txt", "text"]
    static let orgExtensions: Set<String> = ["org"]

    /// The format a file's name says, nil for a name that is not a note's. JSON files
    /// say `.json` here and are told apart by `detect(json:)`.
    static func guess(fileName: String) -> ImportFormat? {
        let pathExtension = (fileName as NSString).pathExtension.lowercased()
        if markdownExtensions.contains(pathExtension) { return .markdown }
        if textExtensions.contains(pathExtension) { return .text }
        if orgExtensions.contains(pathExtension) { return .org }
        if pathExtension == "json" { return .json }
        if pathExtension == "journal" { return .jrnl }  // jrnl's journal files, as its docs and tests name them
        return toolExtensions[pathExtension]
    }

    /// Other tools' exports, by the name they give them (read by content whatever their name).
    static let toolExtensions: [String: ImportFormat] = [
        "bear2bk": .bear, "bearbk": .bear, "textpack": .textbundle, "enex": .enex,
    ]

    /// Whether a file of this name in a folder is opened to see whether it is another tool's
    /// zip export (one that is not is counted as ignored, like any file that is not a note).
    static func mayBeArchive(fileName: String) -> Bool {
        (fileName as NSString).pathExtension.lowercased() == "zip"
    }

    /// Whether this format is another tool's export, read by `ToolExport`.
    var isToolExport: Bool {
        switch self {
        case .bear, .textbundle, .simplenote, .enex: true
        case .json, .jrnl, .markdown, .text, .org: false
        }
    }

    /// Whether `data` is a zip archive (`PK\3\4`, or `PK\5\6` for an empty one).
    static func isZip(_ data: some Collection<UInt8>) -> Bool {
        data.starts(with: [0x50, 0x4B, 0x03, 0x04]) || data.starts(with: [0x50, 0x4B, 0x05, 0x06])
    }

    /// Whether `data` is an Evernote export: XML with `<en-export` in its first 4 KB.
    static func isEnex(_ data: Data) -> Bool {
        let start = data.prefix(4096)
        guard let first = start.firstIndex(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }),
              start[first] == UInt8(ascii: "<")
        else { return false }
        let head = String(decoding: start, as: UTF8.self)
        return head.contains("<en-export") || head.contains("evernote-export")
    }

    /// The format of a file named on the command line whose name says nothing:
    /// JSON when it starts with `{`, else Markdown.
    static func sniff(_ data: Data) -> ImportFormat {
        let first = data.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        return first == UInt8(ascii: "{") ? .json : .markdown
    }
}
