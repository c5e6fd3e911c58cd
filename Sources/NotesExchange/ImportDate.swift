import Foundation
import NotesBase

/// The dates other tools write in their notes, read into a `Date`:
///
/// - a date only, `2024-03-15`: midnight, local time;
/// - a local date-time without a zone, `2024-03-15 10:30`, `2024-03-15T10:30:00`,
///   `2024-03-15T10:30:00.250`: local time;
/// - with a zone: `Z`, `+01:00`, `+0100`, `+01`, also after a space as YAML timestamps
///   and Jekyll write them (`2024-01-02 10:30:00 +0100`, `2023-04-25 11:58:49Z`);
/// - Unix seconds, `1710495000` or `1710495000.5`, and milliseconds as Dendron writes them,
///   `1710495000000`: told apart by size (12 digits or more before any point are
///   milliseconds; 100,000,000,000 seconds would be the year 5138);
/// - Joplin's day first, `28/09/2021` or `28/09/2021 20:57[:05]` (month first when the
///   first number is not a month day-first reading allows, `09/28/2021`): local time;
/// - a date written out in English, as templates write it (`ImportDate+Written`):
///   `Thursday, November 07, 2024`, `November 7, 2024`, `18 September 2020`: local midnight.
///
/// `fileName(_:)` reads the dates tools put in file names.
///
/// `timeZone` is the zone of dates written without one (the user's, by default).
public struct ImportDate: Sendable {
    public var timeZone: TimeZone

    public init(timeZone: TimeZone = .current) {
        self.timeZone = timeZone
    }

    /// The date `text` stands for; nil if it is none of the forms above.
    public func parse(_ text: String) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let seconds = Self.unixSeconds(trimmed) { return Date(timeIntervalSince1970: seconds) }
        if let date = slashed(trimmed) { return date }
        if let date = written(trimmed) { return date }
        var scanner = Scanner(Array(trimmed.utf8))
        guard let year = scanner.digits(4), scanner.skip("-"), let month = scanner.digits(2), scanner.skip("-"),
              let day = scanner.digits(2), (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        var components = DateComponents(year: year, month: month, day: day, hour: 0, minute: 0, second: 0)
        var zone = timeZone
        if !scanner.atEnd {
            guard scanner.skip("T") || scanner.skip("t") || scanner.skip(" "),
                  let hour = scanner.digits(2), scanner.skip(":"), let minute = scanner.digits(2),
                  hour < 24, minute < 60
            else { return nil }
            components.hour = hour
            components.minute = minute
            if scanner.skip(":") {
                guard let second = scanner.digits(2), second < 61 else { return nil }
                components.second = min(second, 59)
                if scanner.skip(".") || scanner.skip(",") {
                    guard let fraction = scanner.fraction() else { return nil }
                    components.nanosecond = Int((fraction * 1000).rounded()) * 1_000_000
                }
            }
            _ = scanner.skip(" ")
            if !scanner.atEnd {
                guard let offset = scanner.zoneOffset(), scanner.atEnd,
                      let fixed = TimeZone(secondsFromGMT: offset)
                else { return nil }
                zone = fixed
            }
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        guard let date = calendar.date(from: components),
              calendar.component(.day, from: date) == day  // refuses February 30
        else { return nil }
        return ISODate.rounded(date)
    }

    /// The date in a file name, as the tools that name files by date write it; local time:
    /// Jekyll posts and daily notes `2024-01-05-title`, `2024-01-05`; Logseq journals
    /// `2020_09_14`; nb `20240105091500` (the whole name, to the second). Nil otherwise.
    public func fileName(_ name: String) -> Date? {
        let characters = Array(name)
        if characters.count == 14, characters.allSatisfy({ $0.isASCII && $0.isNumber }) {
            let text = String(characters)
            func part(_ start: Int, _ length: Int) -> Int? { Int(text.dropFirst(start).prefix(length)) }
            guard let year = part(0, 4), let month = part(4, 2), let day = part(6, 2), let hour = part(8, 2),
                  let minute = part(10, 2), let second = part(12, 2), hour < 24, minute < 60, second < 60
            else { return nil }
            return local(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        }
        guard characters.count >= 10, !(characters.count > 10 && characters[10].isNumber) else { return nil }
        let prefix = String(characters[..<10])
        let separator = characters[4]
        guard separator == "-" || separator == "_", characters[7] == separator else { return nil }
        return parse(prefix.replacingOccurrences(of: "_", with: "-"))
    }

    /// `dd/mm/yyyy[ hh:mm[:ss]]` (or `mm/dd/yyyy` when only that reading is a date), also
    /// with `-` (Notesnook's `25-11-2026 02:30 PM`) and a 12-hour time with `AM`/`PM`.
    private func slashed(_ text: String) -> Date? {
        var parts = text.split(separator: " ", omittingEmptySubsequences: true)
        var meridiem: String?
        if parts.count == 3, ["AM", "PM"].contains(parts[2].uppercased()) { meridiem = parts.removeLast().uppercased() }
        guard (1...2).contains(parts.count) else { return nil }
        let separator: Character = parts[0].contains("/") ? "/" : "-"
        let day = parts[0].split(separator: separator, omittingEmptySubsequences: false).map { Int($0) }
        guard day.count == 3, parts[0].split(separator: separator)[2].count == 4, parts[0].split(separator: separator)[0].count <= 2,
              let first = day[0], let second = day[1], let year = day[2]
        else { return nil }
        var (hour, minute, secondOfMinute) = (0, 0, 0)
        if parts.count == 2 {
            let time = parts[1].split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
            guard (2...3).contains(time.count), let h = time[0], let m = time[1], h < 24, m < 60 else { return nil }
            (hour, minute) = (h, m)
            if time.count == 3 {
                guard let s = time[2], s < 60 else { return nil }
                secondOfMinute = s
            }
            if let meridiem {
                guard (1...12).contains(hour) else { return nil }
                hour = hour % 12 + (meridiem == "PM" ? 12 : 0)
            }
        } else if meridiem != nil {
            return nil
        }
        let (dayOfMonth, month) = second > 12 && first <= 12 ? (second, first) : (first, second)
        return local(year: year, month: month, day: dayOfMonth, hour: hour, minute: minute, second: secondOfMinute)
    }

    func local(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) -> Date? {
        guard (1...12).contains(month), (1...31).contains(day) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard let date = calendar.date(from: components), calendar.component(.day, from: date) == day else { return nil }
        return date
    }

    /// Seconds since 1970 when `text` is only digits (and one optional fraction); 12 digits
    /// or more before the point are milliseconds.
    private static func unixSeconds(_ text: String) -> Double? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (48...57).contains($0) || $0 == 46 }),
              text.utf8.filter({ $0 == 46 }).count <= 1, text.utf8.first != 46,
              !(text.utf8.count == 8 && !text.contains(".")),  // 20240315 is a date, not seconds
              !(text.utf8.count == 14 && !text.contains(".")),  // 20240105091500 is nb's date-time
              let value = Double(text)
        else { return nil }
        let whole = text.split(separator: ".", omittingEmptySubsequences: false)[0]
        return whole.count >= 12 ? value / 1000 : value
    }

    /// Reads ASCII date parts from the front of a byte array.
    private struct Scanner {
        let bytes: [UInt8]
        var position = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { position == bytes.count }

        mutating func skip(_ character: Character) -> Bool {
            guard let ascii = character.asciiValue, position < bytes.count, bytes[position] == ascii else { return false }
            position += 1
            return true
        }

        mutating func digits(_ count: Int) -> Int? {
            guard position + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[position..<position + count] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            position += count
            return value
        }

        /// Digits after a decimal point, as a fraction of one.
        mutating func fraction() -> Double? {
            let start = position
            while position < bytes.count, (48...57).contains(bytes[position]) { position += 1 }
            guard position > start, let text = String(bytes: bytes[start..<position], encoding: .ascii) else { return nil }
            return Double("0." + text)
        }

        /// `Z`, `±HH`, `±HHMM` or `±HH:MM`, as seconds east of UTC.
        mutating func zoneOffset() -> Int? {
            if skip("Z") || skip("z") { return 0 }
            let sign: Int
            if skip("+") { sign = 1 } else if skip("-") { sign = -1 } else { return nil }
            guard let hours = digits(2), hours < 24 else { return nil }
            var minutes = 0
            if !atEnd {
                _ = skip(":")
                guard let value = digits(2), value < 60 else { return nil }
                minutes = value
            }
            return sign * (hours * 3600 + minutes * 60)
        }
    }
}
