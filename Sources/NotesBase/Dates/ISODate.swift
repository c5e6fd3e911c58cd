import Foundation

/// Dates in output and exports: ISO 8601 in UTC with milliseconds,
/// `2024-05-01T14:03:27.123Z`. Reading also accepts no fractional part, other
/// fraction lengths, and a `±HH:MM` offset.
///
/// Dates are kept to the millisecond: `ISODate.parse(ISODate.format(d))` equals
/// `ISODate.rounded(d)`, and a date that is already rounded comes back bit for bit.
public enum ISODate {
    /// `date` rounded to the nearest millisecond, computed the way `parse` computes its result.
    public static func rounded(_ date: Date) -> Date {
        fromMilliseconds(milliseconds(date))
    }

    /// The ISO 8601 text of `date`, UTC, with milliseconds.
    public static func format(_ date: Date) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        append(date, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `format(date)` as UTF-8 at the end of `output`.
    public static func append(_ date: Date, to output: inout [UInt8]) {
        let total = milliseconds(date)
        let millis = Int(((total % 1000) + 1000) % 1000)
        let seconds = (total - Int64(millis)) / 1000
        let days = Int(floorDivide(seconds, 86_400))
        let secondOfDay = Int(seconds - Int64(days) * 86_400)
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        FixedWidthText.appending(to: &output) { text in
            if year < 0 { text.ascii("-") }  // before year 1 (the store keeps dates back to -1167)
            text.number(abs(year), width: 4); text.ascii("-"); text.number(month, width: 2); text.ascii("-")
            text.number(day, width: 2); text.ascii("T"); text.number(secondOfDay / 3600, width: 2); text.ascii(":")
            text.number(secondOfDay / 60 % 60, width: 2); text.ascii(":"); text.number(secondOfDay % 60, width: 2)
            text.ascii("."); text.number(millis, width: 3); text.ascii("Z")
        }
    }

    /// Reads an ISO 8601 date-time with a `Z` or `±HH:MM` offset; nil if `text` is not one.
    public static func parse(_ text: String) -> Date? {
        var chars = Array(text.utf8)
        // A year before 1 is written with a sign, `-1167-03-04T…` (ISO 8601's expanded form):
        // read its digits, then the rest as if the year were `0000`.
        var signedYear: Int?
        if chars.first == 45 {
            guard let dash = chars.dropFirst().firstIndex(of: 45), (5...7).contains(dash),
                  chars[1..<dash].allSatisfy({ (48...57).contains($0) })
            else { return nil }
            signedYear = -chars[1..<dash].reduce(0) { $0 * 10 + Int($1 - 48) }
            chars = Array("0000".utf8) + chars[dash...]
        }
        func number(_ start: Int, _ count: Int) -> Int? {
            guard start + count <= chars.count else { return nil }
            var value = 0
            for byte in chars[start..<start + count] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard chars.count >= 20, chars[4] == 45, chars[7] == 45, chars[10] == 84 || chars[10] == 116,
              chars[13] == 58, chars[16] == 58,
              let year = signedYear ?? number(0, 4), let month = number(5, 2), let day = number(8, 2),
              let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
              (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
              hour < 24, minute < 60, second < 60
        else { return nil }
        var position = 19
        var millis = 0
        if position < chars.count, chars[position] == 46 {
            position += 1
            var digits = 0
            while position < chars.count, (48...57).contains(chars[position]) {
                if digits < 3 { millis = millis * 10 + Int(chars[position] - 48) }
                digits += 1
                position += 1
            }
            guard digits > 0 else { return nil }
            for _ in digits..<max(digits, 3) { millis *= 10 }
        }
        var offsetSeconds = 0
        guard position < chars.count else { return nil }
        if chars[position] == 90 || chars[position] == 122 {
            position += 1
        } else if chars[position] == 43 || chars[position] == 45 {
            guard let hours = number(position + 1, 2), chars.count > position + 3, chars[position + 3] == 58,
                  let minutes = number(position + 4, 2), hours < 24, minutes < 60
            else { return nil }
            offsetSeconds = (hours * 3600 + minutes * 60) * (chars[position] == 45 ? -1 : 1)
            position += 6
        } else {
            return nil
        }
        guard position == chars.count else { return nil }
        let days = daysSinceEpoch(year: year, month: month, day: day)
        let seconds = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second - offsetSeconds)
        return fromMilliseconds(seconds * 1000 + Int64(millis))
    }

    private static func milliseconds(_ date: Date) -> Int64 {
        let value = (date.timeIntervalSince1970 * 1000).rounded()
        guard value.isFinite, abs(value) < 1e17 else { return 0 }
        return Int64(value)
    }

    private static func fromMilliseconds(_ milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    /// `a / b` rounded down (towards minus infinity), for `b > 0`.
    package static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }

    private static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's algorithm).
    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian year, month and day `days` after 1970-01-01 (pure
    /// arithmetic, no `Calendar`; the UI's dates use it too).
    public static func civilDate(daysSinceEpoch days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
