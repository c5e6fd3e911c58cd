import Foundation
import NotesBase
import NotesJSON
import NotesModel

/// Reads one TextBundle (textbundle.org: a folder `Name.textbundle` holding `text.md` or
/// `text.markdown`, `info.json` and `assets/`) into a note: from a folder, a TextPack or a
/// Bear backup alike. `info.json` is read for what it holds and is never a note.
///
/// - Written by Bear (`info.json` has a `net.shinyfrog.bear` object): the title is the
///   first line as Bear shows it (heading marks dropped; the bundle's name when that line
///   is empty), the body the rest; created and updated are Bear's `creationDate` and
///   `modificationDate`; `trashed: 1` puts the note in the trash at `trashedDate`;
///   `archived: 1` tags it `archived` (notes has no archive); `#tags` in the text are
///   tags, and so are Bear's `#two words#`. An encrypted note (`encrypted: 1`) has no
///   readable text: it is kept with its title and a body saying so, and a warning.
/// - Any other TextBundle is Markdown read by the general reader (`MarkdownNoteReader`),
///   the bundle's name standing for the file name.
///
/// Files in `assets/` become the note's attachments (`ImportedAttachments`); the body keeps
/// its links to them as written.
struct TextBundleReader {
    /// The bundle as shown in messages (`backup.bear2bk/Note.textbundle`).
    var shown: String
    /// The bundle's path relative to what was imported, for the note's stable id.
    var relative: String
    /// The bundle's name without `.textbundle`.
    var name: String
    var modified: Date
    var dates: ImportDate
    var now = Date()

    /// Whether `data` is a TextBundle's `info.json` (an object with `version` and a `type` or
    /// `creatorIdentifier`): what makes a folder not named `*.textbundle` one, so that a
    /// notes folder that happens to hold `text.md` and some `info.json` is not taken for one.
    static func isInfo(_ data: Data) -> Bool {
        guard data.count <= 1 << 20, let root = try? JSONValue.parse(data), root["version"]?.intValue != nil else { return false }
        return root["type"]?.stringValue != nil || root["creatorIdentifier"]?.stringValue != nil
    }

    /// The names a bundle's text may have, in the order they are looked for.
    static let textNames = ["text.md", "text.markdown", "text.txt", "text.mdown", "text.text"]

    /// Reads the bundle's `text` (named `textName`), `info` (`info.json`, if any) and the files
    /// of its `assets/` folder (attached to the note).
    func read(text data: Data, textName: String, info: Data?, assets: [(name: String, data: Data)],
              into bundle: inout ExchangeBundle, attachments: inout ImportedAttachments,
              warnings: inout [String]) throws(ExchangeError) {
        guard let text = String(data: data, encoding: .utf8) else {
            throw .invalidDocument(file: shown, place: textName, reason: "not UTF-8 text")
        }
        var infoRoot = JSONValue.object([])
        if let info {
            do { infoRoot = try JSONValue.parse(info) } catch {
                throw .invalidDocument(file: shown, place: "info.json, \(error.place)", reason: error.reason)
            }
        }
        let stableID = StableNoteID.make(relativePath: relative, source: data + (info ?? Data()))
        if let bear = infoRoot["net.shinyfrog.bear"], bear.objectValue != nil {
            bundle.notes.append(bearNote(text, bear, stableID: stableID, warnings: &warnings))
        } else {
            var reader = MarkdownNoteReader(file: shown, fileTitle: name, modified: modified, stableID: stableID)
            reader.style = textName.hasSuffix(".txt") || textName.hasSuffix(".text") ? .text : .markdown
            reader.dates = dates
            var noteWarnings: [String] = []
            try reader.read(text, into: &bundle, warnings: &noteWarnings)
            warnings += noteWarnings.map { "\(textName): \($0)" }
        }
        guard !assets.isEmpty, let last = bundle.notes.indices.last else { return }
        var taken = Set<String>()
        for asset in assets {
            guard let path = ImportedAttachments.path(noteID: bundle.notes[last].id, fileName: asset.name, taken: &taken) else { continue }
            attachments.add(asset.data, at: path)
            bundle.notes[last].attachments.append(path)
        }
    }

    private func bearNote(_ text: String, _ bear: JSONValue, stableID: UUID, warnings: inout [String]) -> Note {
        let reader = ToolNoteDates(dates: dates, place: "info.json")
        let fallback = ISODate.rounded(modified)
        let created = reader.read(bear["creationDate"]?.stringValue, field: "creationDate", fallback: fallback,
                                  fallbackName: "the file's date", warnings: &warnings) ?? fallback
        let updated = max(created, reader.read(bear["modificationDate"]?.stringValue, field: "modificationDate",
                                               fallback: fallback, fallbackName: "the file's date", warnings: &warnings) ?? created)
        var tags = Set((bear["tags"]?.arrayValue ?? []).compactMap(\.stringValue).compactMap(Tag.normalize))
        if Self.flag(bear["archived"]) { tags.insert("archived") }
        var deleted: Date?
        if Self.flag(bear["trashed"]) {
            deleted = reader.read(bear["trashedDate"]?.stringValue, field: "trashedDate", fallback: updated,
                                  fallbackName: "'modificationDate'", warnings: &warnings) ?? updated
        }
        let id = (bear["uniqueIdentifier"] ?? bear["bear-note-unique-identifier"])?.stringValue.flatMap { UUID(uuidString: $0) } ?? stableID
        var title: String
        var body: String
        if Self.flag(bear["encrypted"]) {
            title = bear["title"]?.stringValue ?? ""
            body = "(This note is encrypted in Bear; its text can only be read in Bear.)"
            warnings.append("encrypted in Bear: imported with its title only")
        } else {
            (title, body) = Self.bearTitle(MarkdownNoteReader.withoutBOM(text))
            let (multiWord, rest) = Self.bearMultiWordTags(in: body)
            tags.formUnion((InlineTags.find(in: rest) + multiWord).compactMap(Tag.normalize))
        }
        if title.trimmingCharacters(in: .whitespaces).isEmpty { title = name }
        return Note(id: id, title: title, body: body, created: created, updated: updated, tags: tags, deleted: deleted,
                    pinned: Self.flag(bear["pinned"]))
    }

    /// Bear's title: the first line without heading marks; the body: the lines after it
    /// (blank lines right after the title dropped), less one final line break.
    static func bearTitle(_ text: String) -> (String, String) {
        var lines = LineReader(text)
        guard let first = lines.next() else { return ("", "") }
        var rest = lines.rest
        var after = LineReader(rest)
        while let line = after.next(), line.trimmingCharacters(in: .whitespaces).isEmpty { rest = after.rest }
        let title = first.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
        return (first.hasPrefix("#") ? title : first.trimmingCharacters(in: .whitespaces),
                MarkdownNoteReader.droppingFinalLineBreak(rest))
    }

    /// Bear's multi-word tags, `#two words#` (after a blank or at the start of a line, a
    /// closing `#` right after a non-blank, on one line), and the text without them (so that
    /// `#two` is not also read as a tag).
    static func bearMultiWordTags(in body: String) -> ([String], String) {
        var work = 0
        return bearMultiWordTags(in: body, work: &work)
    }

    /// The same, adding to `work` the characters examined: each line is read once to find
    /// its `#`s, and each stretch between two `#`s once more, so the cost is linear in the text
    /// (no pattern that backtracks, no copy of the line per tag).
    static func bearMultiWordTags(in body: String, work: inout Int) -> ([String], String) {
        var tags: [String] = []
        var lines: [Substring] = []
        for line in body.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            var hashes: [String.Index] = []
            for index in line.indices {
                work += 1
                if line[index] == "#" { hashes.append(index) }
            }
            var kept = ""
            var copiedUpTo = line.startIndex
            var number = 0
            while number + 1 < hashes.count {
                let open = hashes[number]
                let close = hashes[number + 1]
                let name = line[line.index(after: open)..<close]
                work += name.count
                let opensAfterBlank = open == line.startIndex || line[line.index(before: open)].isWhitespace
                guard opensAfterBlank, name.contains(" "), let first = name.first, !first.isWhitespace,
                      let last = name.last, !last.isWhitespace else {
                    number += 1
                    continue
                }
                tags.append(String(name))
                kept += line[copiedUpTo..<open]
                copiedUpTo = line.index(after: close)
                number += 2
            }
            if copiedUpTo == line.startIndex {
                lines.append(line)
            } else {
                kept += line[copiedUpTo...]
                lines.append(Substring(kept))
            }
        }
        return (tags, lines.joined(separator: "\n"))
    }

    private static func flag(_ value: JSONValue?) -> Bool {
        value?.intValue.map { $0 != 0 } ?? value?.boolValue ?? false
    }
}
