import Foundation
import NotesTestData
import Testing
import NotesBase
import NotesJSON
import NotesModel

/// `notes list` reads as it always did, now that it is computed without `Calendar`,
/// `String(format:)`, whole-note sorting or Foundation for every search: each fast
/// path is held to the plain implementation it replaced.
@Suite struct ListingOutputTests {
    static let zones = ["UTC", "America/New_York", "Europe/Berlin", "Asia/Kolkata", "Australia/Lord_Howe", "America/St_Johns", "GMT", "Etc/GMT-14", "Etc/GMT+5"]

    // MARK: Order

    @Test func listingOrderIsTheNewestFirstComparatorsOrder() {
        var random = SeededRandom(seed: 7)
        // Few distinct dates, so that ties on `updated` and on `created` are common.
        let notes = (0..<500).map { index in
            Note(title: "n\(index)", created: Date(timeIntervalSince1970: Double(random.int(0...5))),
                 updated: Date(timeIntervalSince1970: Double(random.int(0...8))))
        }
        let listed = NoteListing().notes(in: NotesDatabase(notes: notes))

        #expect(listed.map(\.id) == notes.sorted(by: NoteListing.newestFirst).map(\.id))
    }

    // MARK: Search

    // The matching rule itself is tested in SearchFoldingTests, SearchQueryTests and
    // SearchParityTests; here, that splitting the notes between threads changes nothing.

    @Test func aParallelSearchFindsWhatOneThreadFinds() {
        var random = SeededRandom(seed: 11)
        let words = ["garden", "Café", "crème", "東京", "note", "plan", "cafe\u{301}", "GARDENS", "🚀"]
        let count = 20_000  // above the size at which the processors share the search
        let notes = (0..<count).map { index in
            Note(title: random.pick(words), body: (0..<4).map { _ in random.pick(words) }.joined(separator: " "),
                 created: Date(timeIntervalSince1970: Double(index)), tags: random.chance(0.1) ? ["garden"] : [])
        }
        let database = NotesDatabase(notes: notes)
        for query in ["garden", "cafe", "zzz", "#garden", "東京 plan"] {
            var search = TextSearch(query)
            let expected = notes.filter { search.isFound(in: $0, categoryName: nil) }.sorted(by: NoteListing.newestFirst)
            #expect(!expected.isEmpty || query == "zzz")

            #expect(NoteListing(search: query).notes(in: database).map(\.id) == expected.map(\.id), "\(query)")
        }
    }

    // MARK: Dates

    @Test func shortDatesAreWhatCalendarAndFormatGive() throws {
        var random = SeededRandom(seed: 3)
        // Every 37 minutes over two years (every DST change on the way), random instants
        // from the year 1 to 3000 (before 1583 the calendar is Julian), and fractions.
        var dates = (0..<30_000).map { Date(timeIntervalSince1970: 1_700_000_000 + Double($0) * 37 * 60) }
        dates += (0..<2_000).map { _ in Date(timeIntervalSince1970: Double(random.int(-62_000_000_000...32_000_000_000))) }
        dates += (0..<500).map { _ in Date(timeIntervalSince1970: Double(random.int(-1_000_000...1_000_000)) + 0.999) }
        for zone in Self.zones {
            let timeZone = try #require(TimeZone(identifier: zone))
            let output = PlainOutput(timeZone: timeZone)
            let mismatches = dates.filter { output.shortDate($0) != Self.calendarShortDate($0, timeZone) }
            #expect(mismatches.isEmpty, "\(zone): \(mismatches.prefix(3).map { output.shortDate($0) })")
        }
    }

    @Test func isoDatesAreWhatFormatGives() {
        var random = SeededRandom(seed: 5)
        for _ in 0..<5_000 {
            let date = Date(timeIntervalSince1970: Double(random.int(-62_000_000_000_000...32_000_000_000_000)) / 1000)
            #expect(ISODate.format(date) == Self.formattedISODate(Int64((date.timeIntervalSince1970 * 1000).rounded())))
        }
    }

    // MARK: Columns

    @Test func shortIDLengthsAreTheOldStringComparisonsLengths() throws {
        var random = SeededRandom(seed: 9)
        for round in 0..<64 {
            // Ids that share a prefix of `shared` hex digits, so that every length is reached.
            let shared = round % 32
            let base = (0..<32).map { _ in random.pick(Array("0123456789ABCDEF")) }
            let ids = try (0..<20).map { _ in
                let digits = base.prefix(shared) + (shared..<32).map { _ in random.pick(Array("0123456789ABCDEF")) }
                return try #require(UUID(uuidString: Self.dashed(String(digits))))
            }
            let database = NotesDatabase(notes: ids.map { Note(id: $0, title: "t") })

            #expect(PlainOutput.uniquePrefixLength(in: database) == Self.stringPrefixLength(database.notes.keys))
        }
    }

    @Test func categoryNamesArePaddedToTheWidestAndNeverCut() throws {
        let wide = Category(name: "😀😀")
        let cjk = Category(name: "日本語")
        let plain = Category(name: "Work")
        let notes = [wide, cjk, plain].enumerated().map { index, category in
            Note(title: "note \(index)", created: Date(timeIntervalSince1970: Double(index)), categoryID: category.id)
        }
        let database = NotesDatabase(notes: notes, categories: [wide, cjk, plain])
        let utc = try #require(TimeZone(identifier: "UTC"))
        // Columns as a terminal shows them: each of these characters takes two.
        let columns: @Sendable (String) -> Int = { text in text.reduce(0) { $0 + ($1.isASCII ? 1 : 2) } }

        let lines = PlainOutput(timeZone: utc, columns: columns).listLines(NoteListing().notes(in: database), in: database)
        #expect(lines.map { $0.dropFirst(28) } == ["Work    note 2", "日本語  note 1", "😀😀    note 0"])

        let alone = NotesDatabase(notes: [notes[0]], categories: [wide])
        #expect(PlainOutput(timeZone: utc).listLines([notes[0]], in: alone).first?.contains("  😀😀  note 0") == true)
    }

    // MARK: JSON

    @Test func streamedJSONIsTheTreesText() {
        let work = Category(name: "Work")
        let notes = (0..<400).map { (index: Int) -> Note in
            let body = String(repeating: "Crème brûlée\u{2028}\n", count: index % 30)
            let categoryID: UUID? = index % 2 == 0 ? work.id : nil
            let tags: Set<String> = index % 3 == 0 ? ["b", "a"] : []
            return Note(title: "Note \(index) \"quoted\"", body: body, created: Date(timeIntervalSince1970: Double(index) * 1000.5),
                        categoryID: categoryID, tags: tags)
        }
        let database = NotesDatabase(notes: notes, categories: [work])
        for count in [0, 1, 400] {
            var streamed: [UInt8] = []
            var pieces = 0
            JSONOutput.writeNotes(Array(notes.prefix(count)), in: database) { streamed += $0; pieces += 1 }
            let tree = JSONValue.array(notes.prefix(count).map { JSONOutput.note($0, in: database) }).jsonBytes()

            #expect(streamed == tree, "\(count) notes")
            if count == 400 { #expect(pieces > 2) }  // more than 64 KiB: written in pieces
        }
    }

    // MARK: References: the implementations the fast paths replaced

    static func calendarShortDate(_ date: Date, _ timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return String(format: "%04d-%02d-%02d %02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
                      parts.hour ?? 0, parts.minute ?? 0)
    }

    static func formattedISODate(_ milliseconds: Int64) -> String {
        let millis = Int(((milliseconds % 1000) + 1000) % 1000)
        let seconds: Int64 = (milliseconds - Int64(millis)) / 1000
        let days = Int((Double(seconds) / 86_400).rounded(.down))
        let secondOfDay = Int(seconds - Int64(days) * 86_400)
        let (year, month, day) = ISODate.civilDate(daysSinceEpoch: days)
        let hour = secondOfDay / 3600, minute = secondOfDay / 60 % 60, second = secondOfDay % 60
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", year, month, day, hour, minute, second, millis)
    }

    static func stringPrefixLength(_ ids: some Collection<UUID>) -> Int {
        let strings = ids.map { Array($0.uuidString.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
        var length = PlainOutput.shortIDLength
        for (a, b) in zip(strings, strings.dropFirst()) {
            length = max(length, min(zip(a, b).prefix { $0 == $1 }.count + 1, a.count))
        }
        return length
    }

    static func dashed(_ hex: String) -> String {
        let digits = Array(hex)
        return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(digits[$0]) }.joined(separator: "-")
    }
}
