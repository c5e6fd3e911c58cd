import Foundation
import NotesJSON
import NotesModel

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
            guard let day = entry["date"]?.stringValue else { throw fail(place + ".date", "missing or not a string") }
            var tags: [String] = []
            for (tagIndex, tag) in (entry["tags"]?.arrayValue ?? []).enumerated() {
                guard let text = tag.stringValue else { throw fail(place + ".tags[\(tagIndex)]", "not a string") }
                tags.append(text)
            }
            let made = try note(day: day, time: entry["time"]?.stringValue ?? "", title: entry["title"]?.stringValue ?? "",
                                body: (entry["body"]?.stringValue ?? "").trimmingCharacters(in: .newlines), tags: tags,
                                starred: entry["starred"]?.boolValue == true, relativePath: relativePath, dates: dates,
                                keys: &stamps, failure: { fail(place + ".date", $0) })
            notes.append(made.note)
            sources.append(made.source)
        }
        bundle.notes += notes
        return sources
    }

    /// One entry as a note of kind `journal`, dated `day` and `time` (local, as jrnl keeps
    /// them); its tags lose jrnl's `@`; starred, it is pinned and tagged `starred` (as
    /// imports before pins had it); without a title,
    /// titled with its date. Also its place and the hash of its source (`SourceEntry`).
    /// `failure` makes the error of a date that cannot be read or kept.
    static func note(day: String, time: String, title: String, body: String, tags: [String], starred: Bool,
                     relativePath: String, dates: ImportDate, keys: inout EntryKeys,
                     failure: (String) -> ExchangeError) throws(ExchangeError) -> (note: Note, source: SourceEntry) {
        let stamp = time.isEmpty ? day : day + " " + time
        guard let date = dates.parse(stamp) else { throw failure("'\(stamp)' is not a date and time") }
        guard Note.isStorable(date) else { throw failure("'\(stamp)' is outside the years the store keeps (0001 to 5170)") }
        var names = Set(tags.compactMap { Tag.normalize(String($0.drop { $0 == "@" })) })
        if starred { names.insert("starred") }
        let source = [day, time, title, body].joined(separator: "\u{0}")
        let id = StableNoteID.make(relativePath: relativePath, source: source.utf8)
        let shownTitle = title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? stamp : title
        let note = Note(id: id, title: shownTitle, body: body, created: date, updated: date, tags: names, kind: .journal,
                        pinned: starred)
        return (note, SourceEntry(entry: keys.key(for: String(stamp.prefix(16))), hash: ImportSource.hash(of: source.utf8)))
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
