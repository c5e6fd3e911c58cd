import Foundation
import NotesBase
import NotesJSON
import NotesModel

/// Reads Simplenote's export (`source/notes.json` in the `notes.zip` it gives):
///
///     {"activeNotes": [{"id": "…", "content": "Title\r\n\r\nBody", "creationDate": "2023-11-28T19:00:41.335Z",
///                       "lastModified": "…", "tags": ["a"], "pinned": true, "markdown": true}],
///      "trashedNotes": [ … ]}
///
/// As Simplenote shows a note: its title is the first non-blank line of `content`, the body
/// the rest (blank lines right after the title dropped; line breaks as written, CRLF
/// kept); tags are the `tags` list only (Simplenote makes no tag from `#` in the text);
/// created and updated are `creationDate` and `lastModified`; a note of `trashedNotes`
/// goes to the trash, trashed at its `lastModified` (Simplenote keeps no trash date).
/// The `.txt` files beside `source/` repeat the same notes (with their tags appended) and
/// are not read. A note's id is its Simplenote id when that is a UUID, else the stable
/// id of the export's path and the note's id. Each note's source entry is its Simplenote id
/// (else its place), hashed over what was read of it, so a second import of a later export
/// updates the notes that changed.
enum SimplenoteReader {
    /// Whether `root` is a Simplenote export: an object with an `activeNotes` array.
    static func isExport(_ root: JSONValue) -> Bool {
        root["activeNotes"]?.arrayValue != nil
    }

    /// Adds the export's notes to `bundle`; returns each note's source entry, in order.
    @discardableResult
    static func read(_ data: Data, file shown: String, relative: String, modified: Date, dates: ImportDate,
                     into bundle: inout ExchangeBundle, warnings: inout [String]) throws(ExchangeError) -> [SourceEntry] {
        var entries: [SourceEntry] = []
        var keys = JrnlExchange.EntryKeys()
        let root: JSONValue
        do { root = try JSONValue.parse(data) } catch {
            throw .invalidDocument(file: shown, place: error.place, reason: error.reason)
        }
        guard isExport(root) else {
            throw .invalidDocument(file: shown, place: "activeNotes", reason: "missing or not an array (not a Simplenote export)")
        }
        for list in ["activeNotes", "trashedNotes"] {
            let notes = root[list]?.arrayValue ?? []
            for (index, item) in notes.enumerated() {
                let place = "\(list)[\(index)]"
                guard item.objectValue != nil else {
                    throw .invalidDocument(file: shown, place: place, reason: "not an object")
                }
                let content = item["content"]?.stringValue ?? ""
                let simplenoteID = item["id"]?.stringValue ?? ""
                var (title, body) = MarkdownNoteReader.firstLineTitle(MarkdownNoteReader.withoutBOM(content)) ?? ("", "")
                if title.isEmpty { title = "Untitled" }  // Simplenote lists an empty note as "New Note…"; a note needs a title
                let reader = ToolNoteDates(dates: dates, place: place)
                let fallback = ISODate.rounded(modified)
                let created = reader.read(item["creationDate"]?.stringValue, field: "creationDate", fallback: fallback,
                                          fallbackName: "the file's date", warnings: &warnings) ?? fallback
                let updated = max(created, reader.read(item["lastModified"]?.stringValue, field: "lastModified",
                                                       fallback: fallback, fallbackName: "the file's date",
                                                       warnings: &warnings) ?? created)
                let tags = Set((item["tags"]?.arrayValue ?? []).compactMap(\.stringValue).compactMap(Tag.normalize))
                let id = UUID(uuidString: simplenoteID)
                    ?? StableNoteID.make(relativePath: relative, source: (simplenoteID.isEmpty ? "\(place)\u{0}\(content)" : simplenoteID).utf8)
                bundle.notes.append(Note(id: id, title: title, body: body, created: created, updated: updated,
                                         tags: tags, deleted: list == "trashedNotes" ? updated : nil,
                                         pinned: item["pinned"]?.boolValue == true))
                let read = [list, content, item["creationDate"]?.stringValue ?? "", item["lastModified"]?.stringValue ?? "",
                            (item["tags"]?.arrayValue ?? []).compactMap(\.stringValue).joined(separator: "\u{1}")]
                entries.append(SourceEntry(entry: keys.key(for: simplenoteID.isEmpty ? place : simplenoteID),
                                           hash: ImportSource.hash(of: read.joined(separator: "\u{0}").utf8)))
            }
        }
        return entries
    }
}
