import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads an Evernote export (`.enex`): each `<note>` becomes a note, its `<title>`,
/// `<created>`/`<updated>` (`20240105T091500Z`, UTC), `<tag>`s, and its `<content>` (ENML,
/// turned into Markdown by `EnmlMarkdown`). The notebook is the export's file name (Evernote
/// exports one notebook a file), made the notes' category. `<resource>`s (attachments) are
/// not copied into the store: each `<en-media>` in the text becomes a line naming the file,
/// its type and size, and a warning says how many were left out.
///
/// Parsed by Foundation's `XMLParser` (libxml2), with limits: nothing external is fetched
/// (`shouldResolveExternalEntities` off) and a file that declares entities (`<!ENTITY`,
/// which no Evernote export does: it only names its DTD) is refused before parsing, so no
/// entity can expand or read a file; elements nested deeper than `maximumDepth` stop the
/// parse with the line. A note that cannot be read is reported with its place; the others
/// are kept. A parse error keeps the notes read before it and says where it stopped.
struct EnexReader {
    struct Result {
        var bundle = ExchangeBundle()
        var warnings: [String] = []
        /// Why a note, or the rest of the file, could not be read.
        var skipped: [String] = []
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
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.delegate = collector
        let parsed = parser.parse()
        let place = collector.errorPlace ?? (parser.lineNumber, parser.columnNumber)
        if !collector.sawExport, collector.notes.isEmpty {
            result.skipped.append(parsed ? "not an Evernote export (no <en-export>)"
                : "line \(place.line), column \(place.column): \(collector.failure ?? Self.describe(parser.parserError))")
            return result
        }
        let categoryID = notebook.flatMap { $0.isEmpty ? nil : result.bundle.categoryID(named: $0) }
        for (index, raw) in collector.notes.enumerated() {
            let place = "note \(index + 1)" + (raw.title.isEmpty ? "" : " '\(raw.title)'")
            result.bundle.notes.append(note(raw, index: index, place: place, categoryID: categoryID, warnings: &result.warnings))
        }
        if !parsed {
            let reason = collector.failure ?? Self.describe(parser.parserError)
            result.skipped.append("line \(place.line), column \(place.column): \(reason); "
                + "\(collector.notes.count == 1 ? "the note" : "the \(collector.notes.count) notes") before it \(collector.notes.count == 1 ? "was" : "were") read")
        }
        return result
    }

    private func note(_ raw: EnexCollector.RawNote, index: Int, place: String, categoryID: UUID?, warnings: inout [String]) -> Note {
        let reader = ToolNoteDates(dates: dates, place: place)
        let fallback = ISODate.rounded(now)
        let created = reader.read(raw.created, field: "created", fallback: fallback, fallbackName: "the import time",
                                  warnings: &warnings) ?? fallback
        let updated = max(created, reader.read(raw.updated, field: "updated", fallback: created,
                                               fallbackName: "'created'", warnings: &warnings) ?? created)
        var resources: [String: EnmlMarkdown.Resource] = [:]
        for resource in raw.resources {
            let hash = MD5.hex(resource.data)
            resources[hash] = EnmlMarkdown.Resource(fileName: resource.fileName, mime: resource.mime, size: resource.data.count)
        }
        let body = EnmlMarkdown(resources: resources).markdown(raw.content)
        if !raw.resources.isEmpty {
            warnings.append("\(place): \(raw.resources.count) \(raw.resources.count == 1 ? "attachment" : "attachments") "
                + "not copied into the store; the note names \(raw.resources.count == 1 ? "it" : "them")")
        }
        let tags = Set(raw.tags.compactMap(Tag.normalize))
        let title = raw.title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? "Untitled" : raw.title
        let source = [String(index), raw.title, raw.created ?? "", raw.content].joined(separator: "\u{0}")
        return Note(id: StableNoteID.make(relativePath: relative, source: source.utf8), title: title, body: body,
                    created: created, updated: updated, categoryID: categoryID, tags: tags)
    }

    private static func describe(_ error: Error?) -> String {
        guard let error = error as NSError? else { return "not well-formed XML" }
        return "not well-formed XML (libxml2 error \(error.code))"
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
    private let maximumDepth: Int
    private var path: [String] = []
    private var note: RawNote?
    private var resource: RawResource?
    private var text = ""
    private var bytes = Data()

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
        bytes = Data()
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
