import Foundation
import NotesBase

/// Dates as the screens show them, `yyyy-MM-dd` in a given time zone. Pure arithmetic
/// (no `DateFormatter`), so drawing a frame stays cheap and tests can fix the zone.
public enum DateText {
    public static func day(_ date: Date, in timeZone: TimeZone) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + timeZone.secondsFromGMT(for: date)
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let (year, month, day) = ISODate.civilDate(daysSinceEpoch: days)
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
