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
    /// Returns each entry's place (see `entryKeys`) and the hash of its source.
    @discardableResult
    static func read(_ root: JSONValue, file: String, relativePath: String,
                     dates: ImportDate = ImportDate(), into bundle: inout ExchangeBundle) throws(ExchangeError) -> [SourceEntry] {
        func fail(_ place: String, _ reason: String) -> ExchangeError {
            .invalidDocument(file: file, place: place, reason: reason)
        }
        guard let entries = root["entries"]?.arrayValue else { throw fail("entries", "missing or not an array (not a jrnl export)") }
        var notes: [Note] = []
        var sources: [SourceEntry] = []
        var stamps = EntryKeys()
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
            sources.append(SourceEntry(entry: stamps.key(for: stamp), hash: ImportSource.hash(of: source.utf8)))
            let shownTitle = title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? stamp : title
            notes.append(Note(id: id, title: shownTitle, body: body, created: date, updated: date,
                              tags: tags, kind: .journal))
        }
        bundle.notes += notes
        return sources
    }

    /// The place of each entry in its journal, as an import remembers it: its date and
    /// time, then ` #2`, ` #3`… for more entries at the same minute, in file order. An
    /// entry edited in jrnl keeps its place (and updates its note) unless its date changed.
    struct EntryKeys {
        private var seen: [String: Int] = [:]

        mutating func key(for stamp: String) -> String {
            let count = (seen[stamp] ?? 0) + 1
            seen[stamp] = count
            return count == 1 ? stamp : "\(stamp) #\(count)"
        }
    }
}
