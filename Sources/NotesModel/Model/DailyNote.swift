import Foundation

/// Today's journal note (`notes today`, `J` in the UI): its title is the date in the
/// configured format, its kind `journal`. A second look the same day finds the same note
/// by kind and title, so a day never gets two.
public enum DailyNote {
    /// The default title format (`2026-11-29`).
    public static let defaultFormat = "yyyy-MM-dd"

    /// The title of the daily note of `date`: `format` as a `DateFormatter` pattern,
    /// in `timeZone`, with fixed (POSIX) month and day names so a title does not change
    /// with the user's language.
    public static func title(for date: Date, format: String, timeZone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = format
        let title = formatter.string(from: date).trimmingCharacters(in: .whitespacesAndNewlines)
        if !title.isEmpty { return title }
        formatter.dateFormat = defaultFormat
        return formatter.string(from: date)
    }

    /// The journal note titled `title` (not in the trash); the oldest when there are several.
    public static func find(title: String, in database: NotesDatabase) -> Note? {
        find(title: title, among: database.notes.values)
    }

    /// The daily note titled `title` among `notes` (those that may have that title).
    public static func find(title: String, among notes: some Sequence<Note>) -> Note? {
        notes
            .filter { $0.kind == .journal && $0.title == title }
            .min { ($0.created, $0.id.uuidString) < ($1.created, $1.id.uuidString) }
    }
}
