import Foundation
import NotesBase

/// The limits the store's reader enforces on a note's values. Every writer checks
/// them (`NotesDatabase.validate`, the importers), so a value the store accepted
/// can always be read back.
extension Note {
    /// Dates are seconds from 2001-01-01 UTC, at most this far either way (about
    /// ±3,000 years: the years 0001 to 5170).
    public static let storableSecondsLimit: Double = 1e11

    /// Whether the store can keep `date`: finite and within `storableSecondsLimit`.
    public static func isStorable(_ date: Date) -> Bool {
        let seconds = date.timeIntervalSinceReferenceDate
        return seconds.isFinite && abs(seconds) < storableSecondsLimit
    }

    /// Throws `ModelError.dateOutOfRange` unless every date (created, updated, and the
    /// trash date if any) is storable.
    func checkStorableDates() throws(ModelError) {
        let dates = [("created", created), ("updated", updated)] + (deleted.map { [("deleted", $0)] } ?? [])
        for (name, date) in dates where !Self.isStorable(date) {
            let seconds = date.timeIntervalSinceReferenceDate
            let shown = seconds.isFinite && abs(seconds) < 1e15 ? ISODate.format(date) : "\(seconds) s after 2001"
            throw .dateOutOfRange("the \(name) date \(shown) of note '\(title)' is outside what the store keeps (years 0001 to 5170)")
        }
    }
}
