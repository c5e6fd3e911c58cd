import Foundation
import FoundationXML
import NotesBase
import NotesModel

/// Reads an Evernote export (`.enex`): each `<note>` becomes a note, its `<title>`,
/// `<created>`/`<updated>` (`20240105T091500Z`, UTC), `<tag>`s, and its `<content>` (ENML,
/// turned into Markdown by `EnmlMarkdown`). The notebook is the export's file name (Evernote
/// exports one notebook a file), made the notes' category. `<resource>`s (attachments,
/// base64) become the note's attachments (`ImportedAttachments`), and each `<en-media>` in
/// the text a link to the saved file.
///
/// Parsed by Foundation's `XMLParser` (libxml2), with limits: nothing external is fetched
/// (`shouldResolveExternalEntities` off) and a file that declares entities (`<!ENTITY`,
/// which no Evernote export does: it only names its DTD) is refused before parsing, so no
/// entity can expand or read a file; elements nested deeper than `maximumDepth` stop the
/// parse with the line. A note that cannot be read is reported with its place; the others
/// are kept. A parse error keeps the notes read before it and says where it stopped.
/// The file is fed to the parser as a stream (`XMLDataStream`), so its size is bounded only by
/// the import's limit on an `.enex` (1 GiB); one note's ENML content may be up to libxml2's
/// limit of about 10 MB, which Foundation's parser cannot lift.
struct EnexReader {
    struct Result {
        var bundle = ExchangeBundle()
        var warnings: [String] = []
        /// Why a note, or the rest of the file, could not be read.
        var skipped: [String] = []
        var attachments = ImportedAttachments()
        /// Each note's place in the export and the hash of what was read for it, in order:
        /// a second import of the export updates the notes whose `<note>` changed. The place
        /// is the note's `<created>` (` #2`… for more at the same time), else its number.
        var entries: [SourceEntry] = []
    }

    let file: String
    let relative: String
    var dates: ImportDate
    /// The category of every note: the notebook, from the file's name.
    var notebook: String?
    var maximumDepth = 64
    /// When the import runs: the date of notes without `<created>`.
    var now = Date()

    init(file: String, relative: String, dates: ImportDate) {
        self.file = file
        self.relative = relative
        self.dates = dates
    }

    func read(_ data: Data) -> Result {
        var result = Result()
        if data.range(of: Data("<!ENTITY".utf8)) != nil {
            result.skipped.append("declares XML entities (<!ENTITY): not read; an Evernote export declares none")
            return result
        }
        let collector = EnexCollector(maximumDepth: maximumDepth)
        let parser = XMLParser(stream: XMLDataStream(data))
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.delegate = collector
        // Read from a stream, a document cut short is reported to the delegate while
        // `parse()` still says true: both are checked.
        let parsed = parser.parse() && collector.errorPlace == nil && parser.parserError == nil
        let place = collector.errorPlace ?? (parser.lineNumber, parser.columnNumber)
        if !collector.sawExport, collector.notes.isEmpty {
            result.skipped.append(parsed ? "not an Evernote export (no <en-export>)"
                : "line \(place.line), column \(place.column): \(collector.failure ?? Self.describe(parser.parserError, cutShort: collector.isInsideElement))")
            return result
        }
        let categoryID = notebook.flatMap { $0.isEmpty ? nil : result.bundle.categoryID(named: $0) }
        var keys = JrnlExchange.EntryKeys()
        for (index, raw) in collector.notes.enumerated() {
            let place = "note \(index + 1)" + (raw.title.isEmpty ? "" : " '\(raw.title)'")
            result.bundle.notes.append(note(raw, index: index, place: place, categoryID: categoryID,
                                            attachments: &result.attachments, warnings: &result.warnings))
            let read = [raw.title, raw.created ?? "", raw.updated ?? "", raw.tags.joined(separator: "\u{1}"), raw.content]
                + raw.resources.map { MD5.hex($0.data) + "\u{1}" + $0.mime + "\u{1}" + ($0.fileName ?? "") }
            result.entries.append(SourceEntry(entry: keys.key(for: raw.created.flatMap { $0.isEmpty ? nil : $0 } ?? place),
                                              hash: ImportSource.hash(of: read.joined(separator: "\u{0}").utf8)))
        }
        if !parsed {
            let reason = collector.failure ?? Self.describe(parser.parserError, cutShort: collector.isInsideElement)
            let count = collector.notes.count
            let kept = count == 0 ? "" : "; " + (count == 1 ? "the note before it was read" : "the \(count) notes before it were read")
            result.skipped.append("line \(place.line), column \(place.column): \(reason)\(kept)")
        }
        return result
    }

    private func note(_ raw: EnexCollector.RawNote, index: Int, place: String, categoryID: UUID?,
                      attachments: inout ImportedAttachments, warnings: inout [String]) -> Note {
        let reader = ToolNoteDates(dates: dates, place: place)
        let fallback = ISODate.rounded(now)
        let created = reader.read(raw.created, field: "created", fallback: fallback, fallbackName: "the import time",
                                  warnings: &warnings) ?? fallback
        let updated = max(created, reader.read(raw.updated, field: "updated", fallback: created,
                                               fallbackName: "'created'", warnings: &warnings) ?? created)
        let source = [String(index), raw.title, raw.created ?? "", raw.content].joined(separator: "\u{0}")
        let id = StableNoteID.make(relativePath: relative, source: source.utf8)
        var resources: [String: EnmlMarkdown.Resource] = [:]
        var paths: [AttachmentPath] = []
        var taken = Set<String>()
        for (number, resource) in raw.resources.enumerated() {
            let hash = MD5.hex(resource.data)
            let name = resource.fileName.flatMap { $0.isEmpty ? nil : $0 } ?? "attachment-\(number + 1)\(Self.fileExtension(resource.mime))"
            let path = ImportedAttachments.path(noteID: id, fileName: name, taken: &taken)
            if let path {
                attachments.add(resource.data, at: path)
                paths.append(path)
            }
            resources[hash] = EnmlMarkdown.Resource(fileName: name, mime: resource.mime, size: resource.data.count, path: path?.relativePath)
        }
        let body = EnmlMarkdown(resources: resources).markdown(raw.content)
        let tags = Set(raw.tags.compactMap(Tag.normalize))
        let title = raw.title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? "Untitled" : raw.title
        return Note(id: id, title: title, body: body, created: created, updated: updated, categoryID: categoryID, tags: tags,
                    attachments: paths)
    }

    /// `.png` for `image/png`: a name for an attachment Evernote kept without one.
    private static func fileExtension(_ mime: String) -> String {
        let known = ["image/jpeg": ".jpg", "image/png": ".png", "image/gif": ".gif", "application/pdf": ".pdf",
                     "audio/mpeg": ".mp3", "audio/wav": ".wav", "text/plain": ".txt", "image/svg+xml": ".svg"]
        return known[mime.lowercased()] ?? ""
    }

    /// The reason for libxml2's error; `cutShort` when the input ended inside an element
    /// (libxml2 then says error 5, "extra content", at the end of a truncated file).
    private static func describe(_ error: Error?, cutShort: Bool) -> String {
        guard let error = error as NSError? else { return "not well-formed XML" }
        if error.code == 5, cutShort { return "not well-formed XML: the file ends inside an element (is it cut short?)" }
        let known = [1: "one piece of text (a note's content) is over libxml2's limit of about 10 MB",
                     4: "the document is empty", 5: "extra content after the end of the document",
                     9: "a character XML does not allow", 26: "an entity that is not declared",
                     63: "a CDATA section is never closed (or holds another one)", 73: "'>' expected",
                     76: "an end tag does not match its start tag", 77: "a tag is never closed (is the file cut short?)"]
        return "not well-formed XML: " + (known[error.code] ?? "libxml2 error \(error.code)")
    }
}

/// Gathers the notes of an `.enex` as `XMLParser` reports them.
final class EnexCollector: NSObject, XMLParserDelegate {
    struct RawResource {
        var data = Data()
        var mime = ""
        var fileName: String?
    }

    struct RawNote {
        var title = ""
        var content = ""
        var created: String?
        var updated: String?
        var tags: [String] = []
        var resources: [RawResource] = []
    }

    private(set) var notes: [RawNote] = []
    private(set) var sawExport = false
    /// Why the parse was stopped by this collector (too deep).
    private(set) var failure: String?
    /// Where the first error was found (line, column).
    private(set) var errorPlace: (line: Int, column: Int)?
    /// Whether the parse stopped with an element still open.
    var isInsideElement: Bool { !path.isEmpty }
    private let maximumDepth: Int
    private var path: [String] = []
    private var note: RawNote?
    private var resource: RawResource?
    private var text = ""

    init(maximumDepth: Int) {
        self.maximumDepth = maximumDepth
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        path.append(name)
        guard path.count <= maximumDepth else {
            failure = "elements nested more than \(maximumDepth) levels deep"
            parser.abortParsing()
            return
        }
        text = ""
        switch name {
        case "en-export": sawExport = true
        case "note" where path.count <= 2: note = RawNote()
        case "resource" where note != nil: resource = RawResource()
        default: break
        }
    }

    /// The first error stops the parse there (libxml2 would go on past it, guessing).
    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        guard errorPlace == nil else { return }
        errorPlace = (parser.lineNumber, parser.columnNumber)
        note = nil
        parser.abortParsing()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard note != nil else { return }
        text += string
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        guard note != nil else { return }
        text += String(decoding: CDATABlock, as: UTF8.self)
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        defer {
            path.removeLast()
            text = ""
        }
        guard note != nil else { return }
        let parent = path.count >= 2 ? path[path.count - 2] : ""
        switch (parent, name) {
        case ("note", "title"): note?.title = text.trimmingCharacters(in: .whitespacesAndNewlines)
        case ("note", "content"): note?.content = text
        case ("note", "created"): note?.created = text.trimmingCharacters(in: .whitespacesAndNewlines)
        case ("note", "updated"): note?.updated = text.trimmingCharacters(in: .whitespacesAndNewlines)
        case ("note", "tag"): note?.tags.append(text.trimmingCharacters(in: .whitespacesAndNewlines))
        case ("resource", "data"): resource?.data = Data(base64Encoded: text, options: .ignoreUnknownCharacters) ?? Data()
        case ("resource", "mime"): resource?.mime = text.trimmingCharacters(in: .whitespacesAndNewlines)
        case ("resource-attributes", "file-name"): resource?.fileName = text.trimmingCharacters(in: .whitespacesAndNewlines)
        case ("note", "resource"):
            if let resource { note?.resources.append(resource) }
            resource = nil
        case (_, "note") where path.count <= 2:
            if let note { notes.append(note) }
            note = nil
        default: break
        }
    }
}
