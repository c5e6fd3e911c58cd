import Foundation

/// What an import reads of a zk notebook's `.zk/config.toml`: which tags zk makes in a
/// note's text, from its `[format.markdown]` table (zk's defaults when a key is missing):
/// `hashtags` (`#tag`, on by default), `colon-tags` (`:tag1:tag2:`, off) and
/// `multiword-tags` (Bear's `#two words#`, off; only with `hashtags`).
///
/// Only these three booleans are looked for, a line at a time (`#` starts a comment, a
/// `[table]` header sets the table, dotted keys such as `format.markdown.hashtags` are
/// understood); the file is no TOML document to the importer otherwise.
struct ZkNotebookConfig: Equatable, Sendable {
    var hashtags = true
    var colonTags = false
    var multiwordTags = false

    init() {}

    /// The settings in `config.toml`'s text.
    init(config: String) {
        var table = ""
        for rawLine in config.split(whereSeparator: \.isNewline) {
            var line = Substring(rawLine.prefix { $0 != "#" }).trimmingCharacters(in: .whitespaces)[...]
            if line.hasPrefix("[") {
                guard let close = line.firstIndex(of: "]") else { continue }
                table = line[line.index(after: line.startIndex)..<close].trimmingCharacters(in: .whitespaces)
                    .replacingOccurrences(of: " ", with: "").lowercased()
                // zk's own tests write `[format.markdown] hashtags = false` on one line.
                line = line[line.index(after: close)...].drop { $0 == "]" || $0 == " " || $0 == "\t" }
            }
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "\"", with: "").lowercased()
            let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            guard value == "true" || value == "false" else { continue }
            let path = table.isEmpty ? key : table + "." + key
            switch path {
            case "format.markdown.hashtags": hashtags = value == "true"
            case "format.markdown.colon-tags": colonTags = value == "true"
            case "format.markdown.multiword-tags": multiwordTags = value == "true"
            default: break
            }
        }
    }

    /// The config of the notebook holding `path`: its `.zk/config.toml`, in the folder or the
    /// nearest one above it that has a `.zk` folder (zk's defaults when it has no config).
    init(notebookAt path: String, isFolder: Bool) {
        var folder = URL(fileURLWithPath: path).standardizedFileURL
        if !isFolder { folder.deleteLastPathComponent() }
        for _ in 0..<64 {
            var isDirectory: ObjCBool = false
            let marker = folder.appendingPathComponent(".zk")
            if FileManager.default.fileExists(atPath: marker.path, isDirectory: &isDirectory), isDirectory.boolValue {
                let data = FileManager.default.contents(atPath: marker.appendingPathComponent("config.toml").path)
                self.init(config: data.map { String(decoding: $0, as: UTF8.self) } ?? "")
                return
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { break }
            folder = parent
        }
        self.init()
    }

    /// The inline tag rules these settings make.
    var tagRules: InlineTags.Rules {
        var rules = InlineTags.Rules()
        rules.hashtags = hashtags
        rules.multiwordTags = hashtags && multiwordTags
        rules.colonTags = colonTags
        rules.zkBoundaries = true
        return rules
    }
}
