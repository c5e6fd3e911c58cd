import Foundation
import NotesModel

/// Reads the dates other tools keep beside a note (Bear's `info.json`, Simplenote's
/// `notes.json`, Evernote's `<created>`): a date that cannot be read or kept is a warning
/// naming the field, and the fallback is used instead, so the note is never lost for it.
struct ToolNoteDates {
    var dates: ImportDate
    /// Where the note is, first in each warning (`Trashed file.textbundle/info.json`).
    var place: String

    /// The date in `text`; nil when `text` is nil or blank. A text that is no date, or a
    /// date outside what the store keeps, adds a warning and gives `fallback`.
    func read(_ text: String?, field: String, fallback: Date, fallbackName: String,
              warnings: inout [String]) -> Date? {
        guard let text, !text.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        let reason: String
        if let date = dates.parse(text) ?? Self.compactUTC(text) {
            if Note.isStorable(date) { return date }
            reason = "'\(text)' is outside the years the store keeps (0001 to 5170)"
        } else {
            reason = "'\(text)' is not a date"
        }
        warnings.append("\(place), '\(field)': \(reason); \(fallbackName) is used")
        return fallback
    }

    /// Evernote's `20240105T091500Z` (ISO 8601's basic form, in UTC).
    static func compactUTC(_ text: String) -> Date? {
        let characters = Array(text.trimmingCharacters(in: .whitespaces).utf8)
        guard characters.count == 16, characters[8] == UInt8(ascii: "T"), characters[15] == UInt8(ascii: "Z") else { return nil }
        let digits = characters[0..<8] + characters[9..<15]
        guard digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        let text = String(decoding: digits, as: UTF8.self)
        func part(_ start: Int, _ length: Int) -> Int { Int(text.dropFirst(start).prefix(length)) ?? -1 }
        let iso = String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", part(0, 4), part(4, 2), part(6, 2),
                         part(8, 2), part(10, 2), part(12, 2))
        return ImportDate(timeZone: .gmt).parse(iso)
    }
}
