import Foundation
import NotesBase
import NotesJSON
import NotesModel
import NotesStore

/// One file's bytes read as its format: notes' own export and Markdown, jrnl, Simplenote,
/// and plain Markdown, text and Org notes.
extension ImportReader {
    /// Reads one file into `bundle`; returns the entry and hash of each note read, or nil
    /// for a notes JSON export (its notes have ids of their own and no source). `relative`
    /// is the file's path under the folder `root`.
    func read(_ data: Data, format: ImportFormat, modified: Date, root: String, relative: String, shown: String,
                      tool: SourceTool, into bundle: inout ExchangeBundle,
                      warnings: inout [String]) throws(ExchangeError) -> [SourceEntry]? {
        let wholeFile = [SourceEntry(entry: "", hash: ImportSource.hash(of: data))]
        if format == .jrnl || (self.format == nil && (format == .markdown || format == .text)), ImportFormat.sniff(data) != .json,
           format == .jrnl || !ExactMarkdownReader.isExactFormat(data) {
            if let entries = try readJrnlText(data, format: format, modified: modified, relative: relative, shown: shown,
                                              wholeFile: wholeFile, into: &bundle, warnings: &warnings) {
                return entries
            }
        }
        switch format {
        case .json where JSONExchange.beginsAsExport(data):
            // Notes' own export, read once as it streams by (not parsed whole first to see what it is).
            let progress = self.progress, size = data.count
            let read = try JSONExchange.read(data, file: shown) { progress?(.bytes($0, of: size)) }
            if bundle.notes.isEmpty, bundle.categories.isEmpty { bundle = read } else { bundle.merge(read) }
            return nil
        case .json, .jrnl:
            let root: JSONValue
            do { root = try JSONValue.parse(data) } catch {
                throw .invalidDocument(file: shown, place: error.place, reason: error.reason)
            }
            let isJrnl = format == .jrnl || (self.format == nil && JrnlExchange.isJrnlExport(root))
            if self.format == nil, SimplenoteReader.isExport(root) {
                // Simplenote's source/notes.json named on its own; its notes carry Simplenote's ids.
                try SimplenoteReader.read(data, file: shown, relative: relative, modified: modified, dates: dates,
                                          into: &bundle, warnings: &warnings)
                return nil
            }
            if isJrnl {
                return try JrnlExchange.read(root, file: shown, relativePath: relative, dates: dates, into: &bundle)
            }
            bundle.merge(try JSONExchange.read(data, file: shown))
            return nil
        case .markdown where ExactMarkdownReader.isExactFormat(data):
            // Notes' own export says so in its header: read exactly, nothing guessed.
            var reader = ExactMarkdownReader(file: shown)
            reader.ownAttachmentsOnly = true
            let document = try reader.read(data)
            var note = document.note
            note.categoryID = document.category.map { bundle.categoryID(named: $0.name, color: $0.color, id: $0.id) }
            bundle.notes.append(note)
            return wholeFile
        case .bear, .textbundle, .simplenote, .enex:
            throw .invalidDocument(file: shown, place: "file", reason: "not a \(format.rawValue) export")  // read by readToolExport
        case .markdown, .text, .org:
            try readText(data, format: format, modified: modified, root: root, relative: relative, shown: shown, tool: tool,
                         into: &bundle, warnings: &warnings)
            return wholeFile
        }
    }

    /// jrnl's journal file and its text and Markdown exports, found by their contents: the
    /// entries read, or nil when `data` is none of them.
    private func readJrnlText(_ data: Data, format: ImportFormat, modified: Date, relative: String, shown: String,
                              wholeFile: [SourceEntry], into bundle: inout ExchangeBundle,
                              warnings: inout [String]) throws(ExchangeError) -> [SourceEntry]? {
        guard let text = String(data: data, encoding: .utf8) else {
            throw .invalidDocument(file: shown, place: "file", reason: "not UTF-8 text")
        }
        let markdown = JrnlText.isMarkdownExport(text)
        guard format == .jrnl || markdown || JrnlText.isJournal(text) else { return nil }
        let entries = try JrnlText.read(text, markdown: markdown, file: shown, relativePath: relative,
                                        dates: dates, into: &bundle)
        guard entries.isEmpty else { return entries }
        if text.allSatisfy(\.isWhitespace) {
            // jrnl shows no entry for an empty journal: nothing to import, and said so.
            warnings.append("an empty jrnl journal: no entries, nothing imported")
            return []
        }
        if JrnlText.isEncrypted(text) {
            throw .invalidDocument(file: shown, place: "file", reason: "an encrypted jrnl journal: not read; import "
                                   + "its 'jrnl --export json', or decrypt it first ('jrnl --decrypt')")
        }
        // No date jrnl can read in any entry header: jrnl shows the whole file as one entry.
        bundle.notes.append(try JrnlText.wholeFileEntry(text, modified: modified, relativePath: relative, file: shown,
                                                        warnings: &warnings))
        return wholeFile
    }

    /// A Markdown, text or Org file: one note (or a Logseq page's), read as its tool writes it.
    private func readText(_ data: Data, format: ImportFormat, modified: Date, root: String, relative: String, shown: String,
                          tool: SourceTool, into bundle: inout ExchangeBundle,
                          warnings: inout [String]) throws(ExchangeError) {
        guard let text = String(data: data, encoding: .utf8) else {
            throw .invalidDocument(file: shown, place: "file", reason: "not UTF-8 text")
        }
        let name = (relative as NSString).lastPathComponent
        var reader = MarkdownNoteReader(file: shown, fileTitle: (name as NSString).deletingPathExtension,
                                        modified: modified,
                                        stableID: StableNoteID.make(relativePath: relative, source: data))
        reader.style = format == .text ? .text : format == .org ? .org : .markdown
        reader.tool = tool.tool
        reader.logseqGraph = tool.logseq
        reader.zk = tool.zk
        reader.dates = dates
        reader.jekyllPost = Self.isJekyllPost(root: root, relative: relative)
        try reader.read(text, into: &bundle, warnings: &warnings)
    }

    /// Whether the file at `relative` under `root` is in a Jekyll site's `_posts/` or `_drafts/`.
    static func isJekyllPost(root: String, relative: String) -> Bool {
        (root + "/" + relative).split(separator: "/").dropLast().contains { $0 == "_posts" || $0 == "_drafts" }
    }
}
