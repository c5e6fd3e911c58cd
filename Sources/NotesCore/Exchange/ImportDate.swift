import Foundation

/// The dates other tools write in their notes, read into a `Date`:
///
/// - a date only, `2024-03-15`: midnight, local time;
/// - a local date-time without a zone, `2024-03-15 10:30`, `2024-03-15T10:30:00`,
///   `2024-03-15T10:30:00.250`: local time;
/// - with a zone: `Z`, `+01:00`, `+0100`, `+01`, also after a space as YAML timestamps
///   and Jekyll write them (`2024-01-02 10:30:00 +0100`, `2023-04-25 11:58:49Z`);
/// - Unix seconds, `1710495000` or `1710495000.5`.
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

    /// Seconds since 1970 when `text` is only digits (and one optional fraction).
    private static func unixSeconds(_ text: String) -> Double? {
        guard !text.isEmpty, text.utf8.allSatisfy({ (48...57).contains($0) || $0 == 46 }),
              text.utf8.filter({ $0 == 46 }).count <= 1, text.utf8.first != 46,
              !(text.utf8.count == 8 && !text.contains("."))  // 20240315 is a date, not seconds
        else { return nil }
        return Double(text)
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
