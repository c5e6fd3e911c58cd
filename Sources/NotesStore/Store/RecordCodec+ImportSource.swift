import Foundation
import NotesJSON
import NotesModel

/// An `ImportSource` in the snapshot's `imports` array and in a journal line's
/// `putImportSource` change (format 6):
/// `{"folder":"/home/a/vault","path":"daily/a.md","entry":"","note":"UUID","hash":"32 hex",
///   "title":"…","bodyHash":"32 hex","tags":["…"],"category":null,"kind":0}` (and `"pinned":true`
///   when the import made a pinned note, format 8; `"aliases":[…]` when it made aliases, format 9;
///   `"tool":"dendron"` when the file was read from a tool's vault, format 10);
/// and a `dropImportSource` change's key: `{"folder":"…","path":"…","entry":""}`.
extension RecordCodec {
    private static let importSourceKeys = ["folder", "path", "entry", "note", "hash", "title", "bodyHash", "tags", "category", "kind"]
    private static let optionalImportSourceKeys = ["pinned", "aliases", "tool"]

    func write(_ source: ImportSource, to writer: inout JSONTextWriter) {
        writer.beginObject()
        writer.key("folder"); writer.string(source.key.folder)
        writer.key("path"); writer.string(source.key.path)
        writer.key("entry"); writer.string(source.key.entry)
        writer.key("note"); writer.string(source.noteID)
        writer.key("hash"); writer.string(source.sourceHash)
        writer.key("title"); writer.string(source.made.title)
        writer.key("bodyHash"); writer.string(source.made.bodyHash)
        writer.key("tags"); writer.inlineStrings(source.made.tags.sorted())
        writer.key("category")
        if let category = source.made.categoryID { writer.string(category) } else { writer.raw("null") }
        writer.key("kind"); writer.integer(Int(source.made.kind.rawValue))
        if source.made.pinned { writer.key("pinned"); writer.raw("true") }
        if !source.made.aliases.isEmpty { writer.key("aliases"); writer.inlineStrings(source.made.aliases) }
        if let tool = source.tool { writer.key("tool"); writer.string(tool) }
        writer.endObject()
    }

    func readImportSource(_ reader: inout JSONReader) throws(JSONError) -> ImportSource {
        reader.skipWhitespace()
        let start = reader.position
        var folder: String?, path: String?, entry: String?, hash: String?, title: String?, bodyHash: String?
        var note: UUID?
        var tags: Set<String>?
        var category: UUID??
        var kind: NoteKind?
        var pinned: Bool?
        var aliases: [String]?
        var tool: String?
        try reader.readObject { (reader: inout JSONReader, key: String) throws(JSONError) in
            switch key {
            case "folder" where folder == nil: folder = try reader.readString()
            case "path" where path == nil: path = try reader.readString()
            case "entry" where entry == nil: entry = try reader.readString()
            case "note" where note == nil: note = try Self.readUUID(&reader)
            case "hash" where hash == nil: hash = try reader.readString()
            case "title" where title == nil: title = try reader.readString()
            case "bodyHash" where bodyHash == nil: bodyHash = try reader.readString()
            case "tags" where tags == nil: tags = try Self.readTags(&reader)
            case "category" where category == nil: category = .some(try reader.readNull() ? nil : try Self.readUUID(&reader))
            case "kind" where kind == nil: kind = try Self.readKind(&reader)
            case "pinned" where pinned == nil: pinned = try reader.readBool()
            case "aliases" where aliases == nil: aliases = try Self.readStrings(&reader)
            case "tool" where tool == nil: tool = try reader.readString()
            default:
                throw reader.error(Self.importSourceKeys.contains(key) || Self.optionalImportSourceKeys.contains(key)
                                       ? "member '\(key)' appears twice" : "unknown member '\(key)' in an import source")
            }
        }
        guard let folder, let path, let entry, let note, let hash, let title, let bodyHash, let tags, let category, let kind else {
            throw reader.error("an import source needs members \(Self.importSourceKeys.map { "'\($0)'" }.joined(separator: ", "))", at: start)
        }
        return ImportSource(key: .init(folder: folder, path: path, entry: entry), noteID: note, sourceHash: hash,
                            made: .init(title: title, bodyHash: bodyHash, tags: tags, categoryID: category, kind: kind,
                                        pinned: pinned ?? false, aliases: aliases ?? []),
                            tool: tool)
    }

    private static let importSourceKeyKeys = ["folder", "path", "entry"]

    func write(_ key: ImportSource.Key, to writer: inout JSONTextWriter) {
        writer.beginObject()
        writer.key("folder"); writer.string(key.folder)
        writer.key("path"); writer.string(key.path)
        writer.key("entry"); writer.string(key.entry)
        writer.endObject()
    }

    func readImportSourceKey(_ reader: inout JSONReader) throws(JSONError) -> ImportSource.Key {
        reader.skipWhitespace()
        let start = reader.position
        var folder: String?, path: String?, entry: String?
        try reader.readObject { (reader: inout JSONReader, key: String) throws(JSONError) in
            switch key {
            case "folder" where folder == nil: folder = try reader.readString()
            case "path" where path == nil: path = try reader.readString()
            case "entry" where entry == nil: entry = try reader.readString()
            default:
                throw reader.error(Self.importSourceKeyKeys.contains(key) ? "member '\(key)' appears twice"
                                                                          : "unknown member '\(key)' in an import source's key")
            }
        }
        guard let folder, let path, let entry else {
            throw reader.error("an import source's key needs members 'folder', 'path', 'entry'", at: start)
        }
        return ImportSource.Key(folder: folder, path: path, entry: entry)
    }

    /// An array of strings, in order.
    static func readStrings(_ reader: inout JSONReader) throws(JSONError) -> [String] {
        var strings: [String] = []
        try reader.readArray { (reader: inout JSONReader, _: Int) throws(JSONError) in
            strings.append(try reader.readString())
        }
        return strings
    }
}
