import Foundation
import NotesBase

/// The human-readable output of `notes list`, `notes show` and `notes category list`.
/// Not a scripting contract: scripts use `--json`.
public struct PlainOutput: Sendable {
    /// The time zone dates are shown in.
    public var timeZone: TimeZone {
        didSet { fixedOffset = Self.fixedOffset(of: timeZone) }
    }
    /// Its offset from GMT when it never changes (UTC, a fixed offset): a listing then asks
    /// the zone nothing a note (each question takes the zone's lock).
    private var fixedOffset: Int?
    /// How many columns a text takes, for aligning the category column. The command
    /// line passes the terminal's display width; the default counts characters.
    public var columns: @Sendable (String) -> Int

    public init(timeZone: TimeZone = .current, columns: @escaping @Sendable (String) -> Int = { $0.count }) {
        self.timeZone = timeZone
        self.columns = columns
        fixedOffset = Self.fixedOffset(of: timeZone)
    }

    /// The offset of a zone without a single transition in its history, else nil.
    private static func fixedOffset(of zone: TimeZone) -> Int? {
        zone.nextDaylightSavingTimeTransition(after: .distantPast) == nil ? zone.secondsFromGMT(for: Date(timeIntervalSince1970: 0)) : nil
    }

    /// How many characters of a note's id `list` shows at least (any unique prefix of 4 or more works as an id).
    public static let shortIDLength = 8

    /// The shortest id prefix length, at least `shortIDLength`, that tells every note of
    /// `database` apart (like git's short hashes).
    public static func uniquePrefixLength(in database: NotesDatabase) -> Int {
        // A UUID string is its 16 bytes in hex, so sorting the bytes sorts the strings,
        // and two neighbours share as many hex digits as their XOR has leading zero nibbles.
        let ids = database.notes.keys.map(UUIDBits.init).sorted()
        var length = shortIDLength
        for (a, b) in zip(ids, ids.dropFirst()) {
            let sameDigits = a.commonHexDigits(with: b)
            let sameCharacters = sameDigits + UUIDBits.dashPositions.filter { $0 <= sameDigits }.count
            length = max(length, min(sameCharacters + 1, 36))
        }
        return length
    }

    /// One line a note: short id (a unique prefix), update date, category, title (after `* ` when
    /// pinned), `#tags`, columns aligned.
    ///
    ///     3F2504E0  2024-05-01 14:03  work      Buy milk  #errand #home
    public func listLines(_ notes: [Note], in database: NotesDatabase) -> [String] {
        notes.map(listLineMaker(for: notes, in: database))
    }

    /// What makes `listLines`' line of one note of `notes`, with the columns measured
    /// once: `notes list` writes each line as it is made.
    public func listLineMaker(for notes: [Note], in database: NotesDatabase) -> (Note) -> String {
        var categories = Set<UUID?>()
        for note in notes { categories.insert(note.categoryID) }
        return listLineMaker(categories: categories, in: database, idLength: Self.uniquePrefixLength(in: database))
    }

    /// The same, for a list whose notes are in `categories` (nil for no category) and
    /// whose store's ids `idLength` characters tell apart: what `notes list` knows from
    /// the list head before it has read every note.
    public func listLineMaker(categories: Set<UUID?>, in database: NotesDatabase, idLength: Int) -> (Note) -> String {
        let line = PlainListLine(self, categories: categories, in: database, idLength: idLength)
        return { note in
            var bytes: [UInt8] = []
            line.append(note, to: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// A header (title, id, category, tags, kind, a checklist's `progress` (`3/5`) when given,
    /// dates, attachments one a line), a blank line, then the body.
    public func show(_ note: Note, in database: NotesDatabase, progress: String? = nil) -> String {
        var lines = [Self.singleLine(note.title), String(repeating: "=", count: max(3, min(Self.singleLine(note.title).count, 72)))]
        func field(_ name: String, _ value: String) {
            let label = name + ":"
            lines.append((label.count < 12 ? label.padding(toLength: 12, withPad: " ", startingAt: 0) : label + " ") + value)
        }
        field("id", note.id.uuidString)
        if let category = note.categoryID.flatMap({ database.categories[$0] }) {
            field("category", "\(category.name) (\(category.color.hex))")
        } else {
            field("category", "-")
        }
        field("tags", note.tags.isEmpty ? "-" : note.tags.sorted().map { "#" + $0 }.joined(separator: " "))
        field("kind", note.kind.name)
        if let progress { field("progress", progress) }
        if note.pinned { field("pinned", "yes") }
        if !note.aliases.isEmpty { field("aliases", note.aliases.map(Self.singleLine).joined(separator: ", ")) }
        field("created", longDate(note.created))
        field("updated", longDate(note.updated))
        if !note.attachments.isEmpty {
            field("attachments", Self.singleLine(note.attachments[0].relativePath))
            for path in note.attachments.dropFirst() { lines.append(String(repeating: " ", count: 13) + Self.singleLine(path.relativePath)) }
        }
        var text = lines.joined(separator: "\n") + "\n"
        if !note.body.isEmpty {
            text += "\n" + note.body
            if !note.body.hasSuffix("\n") { text += "\n" }
        }
        return text
    }

    /// One line a category: hex color, name, note count (`counts` by category, or counted in `database`).
    public func categoryLines(in database: NotesDatabase, counts given: [UUID: Int]? = nil) -> [String] {
        var counts: [UUID: Int] = given ?? [:]
        if given == nil {
            for note in database.notes.values {
                if let id = note.categoryID { counts[id, default: 0] += 1 }
            }
        }
        let categories = database.sortedCategories
        let width = categories.map(\.name.count).max() ?? 0
        return categories.map { category in
            let count = counts[category.id] ?? 0
            let hex = category.color.hex.padding(toLength: 9, withPad: " ", startingAt: 0)
            return "\(hex)  \(category.name.padding(toLength: width, withPad: " ", startingAt: 0))  \(count) \(count == 1 ? "note" : "notes")"
        }
    }

    /// `yyyy-MM-dd HH:mm` in `timeZone`.
    public func shortDate(_ date: Date) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16)
        appendShortDate(date, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `shortDate(date)` as UTF-8 at the end of `output`.
    public func appendShortDate(_ date: Date, to output: inout [UInt8]) {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        // Within these years the proleptic Gregorian arithmetic agrees with `Calendar`
        // (which switches to the Julian calendar before 1582) and is much cheaper.
        guard seconds > -12_000_000_000, seconds < 100_000_000_000 else {
            let parts = components(date)
            return Self.appendShortDate(year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0,
                                        hour: parts.hour ?? 0, minute: parts.minute ?? 0, to: &output)
        }
        let local = Int64(seconds) + Int64(fixedOffset ?? timeZone.secondsFromGMT(for: date))
        let days = Int(ISODate.floorDivide(local, 86_400))
        let secondOfDay = Int(local - Int64(days) * 86_400)
        let (year, month, day) = ISODate.civilDate(daysSinceEpoch: days)
        Self.appendShortDate(year: year, month: month, day: day, hour: secondOfDay / 3600, minute: secondOfDay / 60 % 60,
                             to: &output)
    }

    private static func appendShortDate(year: Int, month: Int, day: Int, hour: Int, minute: Int, to output: inout [UInt8]) {
        // The usual date, its 16 bytes made on the stack and appended at once: a field at a
        // time (`FixedWidthText`) was most of the cost of a listing's line.
        if (0...9999).contains(year), min(month, day, hour, minute) >= 0, max(month, day, hour, minute) <= 99 {
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { text in
                func put(_ value: Int, _ digits: Int, at offset: Int) {
                    var rest = value
                    for place in (0..<digits).reversed() {
                        text[offset + place] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
                        rest /= 10
                    }
                }
                put(year, 4, at: 0); text[4] = UInt8(ascii: "-"); put(month, 2, at: 5); text[7] = UInt8(ascii: "-")
                put(day, 2, at: 8); text[10] = UInt8(ascii: " "); put(hour, 2, at: 11); text[13] = UInt8(ascii: ":")
                put(minute, 2, at: 14)
                output.append(contentsOf: text)
            }
            return
        }
        FixedWidthText.appending(to: &output) { text in
            text.number(year, width: 4); text.ascii("-"); text.number(month, width: 2); text.ascii("-")
            text.number(day, width: 2); text.ascii(" "); text.number(hour, width: 2); text.ascii(":")
            text.number(minute, width: 2)
        }
    }

    /// `yyyy-MM-dd HH:mm:ss ±HHMM` in `timeZone`.
    public func longDate(_ date: Date) -> String {
        let parts = components(date)
        let offset = timeZone.secondsFromGMT(for: date)
        let sign = offset < 0 ? "-" : "+"
        return String(format: "%04d-%02d-%02d %02d:%02d:%02d ", parts.year ?? 0, parts.month ?? 0,
                      parts.day ?? 0, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
            + sign + String(format: "%02d%02d", abs(offset) / 3600, abs(offset) / 60 % 60)
    }

    private func components(_ date: Date) -> DateComponents {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    }

    /// `text` with line breaks and tabs turned into spaces, for one-line output.
    static func singleLine(_ text: String) -> String {
        guard hasBreak(text) else { return text }
        return String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 })
    }

    /// `singleLine(text)` as UTF-8 at the end of `output`.
    static func appendSingleLine(_ text: String, to output: inout [UInt8]) {
        if hasBreak(text) {
            output.append(contentsOf: singleLine(text).utf8)
        } else {
            output.append(contentsOf: text.utf8)
        }
    }

    /// Whether `text` holds a line break or a tab: every character that `isNewline` or is
    /// a tab is made of these scalars only, all below 0x80 but three.
    private static func hasBreak(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var index = 0
            // Eight bytes at a time past those that cannot start a break: none below 0x0E
            // (a test that also flags other control characters, then read one by one) and
            // none 0xC2 or 0xE2.
            if let base = bytes.baseAddress {
                let ones: UInt64 = 0x0101_0101_0101_0101
                while index + 8 <= bytes.count {
                    let word = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: index, as: UInt64.self)
                    let c2 = word ^ (0xC2 &* ones), e2 = word ^ (0xE2 &* ones)
                    let flagged = ((word &- 0x0E &* ones) & ~word | (c2 &- ones) & ~c2 | (e2 &- ones) & ~e2) & (0x80 &* ones)
                    if flagged != 0 { break }
                    index += 8
                }
            }
            while index < bytes.count {
                let byte = bytes[index]
                if byte >= 0x09 && byte <= 0x0D { return true }
                // U+0085 is C2 85; U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
                if byte == 0xC2, index + 1 < bytes.count, bytes[index + 1] == 0x85 { return true }
                if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] & 0xFE == 0xA8 { return true }
                index += 1
            }
            return false
        }
    }
}
