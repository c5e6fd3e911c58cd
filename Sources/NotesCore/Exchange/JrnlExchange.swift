import Foundation

/// Reads jrnl's JSON export (`jrnl --export json`):
///
///     {"tags": {"@work": 1},
///      "entries": [{"date": "2024-01-02", "time": "10:30", "title": "…", "body": "…",
///                   "tags": ["@work"], "starred": false}]}
///
/// Each entry is a note of kind `journal`, created (and updated) at its local date and
/// time; its tags lose jrnl's `@`; a starred entry is tagged `starred`. Its id is
/// `StableNoteID` of the file's path and the entry's date, time, title and body.
public enum JrnlExchange {
    /// Whether `root` looks like a jrnl export (an `entries` array and no notes export marker).
    public static func isJrnlExport(_ root: JSONValue) -> Bool {
        root["entries"]?.arrayValue != nil && root["format"] == nil
    }

    /// The entries of the export `root` in `bundle`. `file` names it in errors; `relativePath` makes the ids.
    public static func read(_ root: JSONValue, file: String, relativePath: String,
                            dates: ImportDate = ImportDate(), into bundle: inout ExchangeBundle) throws(ExchangeError) {
        func fail(_ place: String, _ reason: String) -> ExchangeError {
            .invalidDocument(file: file, place: place, reason: reason)
        }
        guard let entries = root["entries"]?.arrayValue else { throw fail("entries", "missing or not an array (not a jrnl export)") }
        var notes: [Note] = []
        for (index, entry) in entries.enumerated() {
            let place = "entries[\(index)]"
            let title = entry["title"]?.stringValue ?? ""
            let body = (entry["body"]?.stringValue ?? "").trimmingCharacters(in: .newlines)
            guard let day = entry["date"]?.stringValue else { throw fail(place + ".date", "missing or not a string") }
            let time = entry["time"]?.stringValue ?? ""
            let stamp = time.isEmpty ? day : day + " " + time
            guard let date = dates.parse(stamp) else { throw fail(place + ".date", "'\(stamp)' is not a date and time") }
            guard Note.isStorable(date) else {
                throw fail(place + ".date", "'\(stamp)' is outside the years the store keeps (0001 to 5170)")
            }
            var tags = Set<String>()
            for (tagIndex, tag) in (entry["tags"]?.arrayValue ?? []).enumerated() {
                guard let text = tag.stringValue else { throw fail(place + ".tags[\(tagIndex)]", "not a string") }
                if let name = Tag.normalize(String(text.drop { $0 == "@" })) { tags.insert(name) }
            }
            if entry["starred"]?.boolValue == true { tags.insert("starred") }
            let source = [day, time, title, body].joined(separator: "\u{0}")
            let id = StableNoteID.make(relativePath: relativePath, source: source.utf8)
            let shownTitle = title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? stamp : title
            notes.append(Note(id: id, title: shownTitle, body: body, created: date, updated: date,
                              tags: tags, kind: .journal))
        }
        bundle.notes += notes
    }
}
