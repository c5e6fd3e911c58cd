import Foundation
import NotesTestData
import Testing
import NotesBase
import NotesModel

/// `notes list` writes every line as bytes into one buffer and lists notes by their place
/// in the store's dictionary: each is held to the string-made line and the whole-note sort
/// it replaced, on notes made to reach every branch (line breaks and tabs of every kind in
/// titles, wide category names, no category, pins, tags, every order).
@Suite struct ListingBytesTests {
    static let pieces = ["plan", "Crème", "東京", "🚀", "a\tb", "x\ny", "c\r\nd", "e\u{85}f", "g\u{2028}h", "i\u{2029}j",
                         "k\u{0B}l", "m\u{0C}n", "q\rr", "é", "\u{7F}", ""]

    static func notes(count: Int, categories: [Category], seed: UInt64) -> [Note] {
        var random = SeededRandom(seed: seed)
        return (0..<count).map { _ in
            Note(title: (0..<random.int(0...3)).map { _ in random.pick(pieces) }.joined(separator: " "),
                 created: Date(timeIntervalSince1970: Double(random.int(-100_000...100_000)) * 997.25),
                 updated: Date(timeIntervalSince1970: Double(random.int(0...40)) * 86_400.5),
                 categoryID: random.chance(0.2) ? nil : random.pick(categories).id,
                 tags: Set((0..<random.int(0...3)).map { _ in random.pick(["b", "a", "zeta", "日本", "q3"]) }),
                 kind: random.chance(0.1) ? .journal : .note, pinned: random.chance(0.1))
        }
    }

    static let categories = [Category(name: "Work"), Category(name: "😀😀"), Category(name: "日本語"), Category(name: "a\tb")]

    @Test func plainLinesAreTheStringMadeLines() throws {
        let notes = Self.notes(count: 2_000, categories: Self.categories, seed: 21)
        let database = NotesDatabase(notes: notes, categories: Self.categories)
        let columns: @Sendable (String) -> Int = { text in text.reduce(0) { $0 + ($1.isASCII ? 1 : 2) } }
        for zone in ["UTC", "Asia/Kolkata"] {
            let output = PlainOutput(timeZone: try #require(TimeZone(identifier: zone)), columns: columns)
            for idLength in [8, 13, 36] {
                let categories = Set(notes.map(\.categoryID))
                let line = PlainListLine(output, categories: categories, in: database, idLength: idLength)
                for note in notes {
                    var bytes: [UInt8] = []
                    line.append(note, to: &bytes)
                    let expected = Self.stringLine(note, output: output, categories: categories, in: database, idLength: idLength)
                    #expect(bytes == Array(expected.utf8), "\(zone) \(idLength): \(expected)")
                }
            }
        }
    }

    @Test func formatLinesAreTheStringMadeLines() throws {
        let notes = Self.notes(count: 1_000, categories: Self.categories, seed: 22)
        let database = NotesDatabase(notes: notes, categories: Self.categories)
        let format = try ListFormat("{id}\\t{title}|{category}|{tags}|{created}|{updated}|{kind}\\n\\\\")
        for note in notes {
            var bytes: [UInt8] = []
            format.append(note, in: database, to: &bytes)
            #expect(bytes == Array(Self.stringFormatLine(note, in: database).utf8))
        }
    }

    @Test func positionsAreTheWholeNoteSortInEveryOrder() {
        var notes = Self.notes(count: 3_000, categories: Self.categories, seed: 23)
        notes += (0..<50).map { _ in Note(title: "same", created: Date(timeIntervalSince1970: 5), updated: Date(timeIntervalSince1970: 7)) }
        let database = NotesDatabase(notes: notes, categories: Self.categories)
        let values = database.notes.values
        for order in NoteListOrder.allCases {
            for listing in [NoteListing(), NoteListing(categoryID: Self.categories[1].id), NoteListing(tags: ["a"]),
                            NoteListing(search: "plan"), NoteListing(pinnedOnly: true)] {
                let expected = notes.filter { listing.matches($0, in: database) }.sorted(by: order.precedes).map(\.id)

                #expect(listing.positions(in: database, order: order).map { values[$0].id } == expected, "\(order)")
            }
        }
    }

    /// Past `NoteListing.parallelThreshold` an unfiltered listing gathers its keys in two
    /// halves and sorts them by key: the same order, with runs of equal keys across the halves.
    @Test func unfilteredPositionsInHalvesAreTheWholeNoteSort() {
        var notes = Self.notes(count: 20_000, categories: Self.categories, seed: 24)
        notes += (0..<300).map { index in
            Note(title: index % 3 == 0 ? "same" : "Same \(index % 7)", created: Date(timeIntervalSince1970: 5),
                 updated: Date(timeIntervalSince1970: 7), pinned: index % 5 == 0)
        }
        let database = NotesDatabase(notes: notes, categories: Self.categories)
        let values = database.notes.values
        for order in NoteListOrder.allCases {
            let expected = notes.sorted(by: order.precedes).map(\.id)
            #expect(NoteListing().positions(in: database, order: order).map { values[$0].id } == expected, "\(order)")
        }
    }

    /// A line finds each note's padded category name in a table of its own, by the id's
    /// bits: the same lines with many categories (ids sharing those bits collide) and few.
    @Test func plainLinesWithManyCategoriesAreTheStringMadeLines() {
        let sharedStart = (0..<4).map { UUID(uuidString: "7E57CA7E-0000-4000-8000-00000000000\($0)") ?? UUID() }
        let categories = (0..<24).map { Category(name: "C\($0)" + String(repeating: "é", count: $0 % 5)) }
            + sharedStart.enumerated().map { Category(id: $1, name: "Shared \($0)") }
        let output = PlainOutput(timeZone: TimeZone(identifier: "UTC") ?? .current, columns: { $0.count })
        for used in [categories, Array(categories.prefix(3)), Array(categories.suffix(4))] {
            let notes = Self.notes(count: 500, categories: used, seed: 25)
            let database = NotesDatabase(notes: notes, categories: categories)
            let listed = Set(notes.map(\.categoryID))
            let line = PlainListLine(output, categories: listed, in: database, idLength: 8)
            for note in notes {
                var bytes: [UInt8] = []
                line.append(note, to: &bytes)
                #expect(bytes == Array(Self.stringLine(note, output: output, categories: listed, in: database, idLength: 8).utf8))
            }
        }
    }

    // MARK: References: the string-made lines the bytes replaced

    static func stringLine(_ note: Note, output: PlainOutput, categories: Set<UUID?>, in database: NotesDatabase,
                           idLength: Int) -> String {
        var names: [UUID?: String] = [:]
        for category in categories { names[category] = category.flatMap { database.categories[$0]?.name } ?? "-" }
        let width = names.values.map(output.columns).max() ?? 1
        let padded = names.mapValues { $0 + String(repeating: " ", count: max(0, width - output.columns($0))) }
        var line = String(note.id.uuidString.prefix(idLength)) + "  " + output.shortDate(note.updated)
        line += "  " + (padded[note.categoryID] ?? "-")
        line += "  " + (note.kind == .journal ? "J " : "") + (note.pinned ? "* " : "") + singleLine(note.title)
        if !note.tags.isEmpty { line += "  " + note.tags.sorted().map { "#" + $0 }.joined(separator: " ") }
        return line
    }

    static func stringFormatLine(_ note: Note, in database: NotesDatabase) -> String {
        let category = note.categoryID.flatMap { database.categories[$0]?.name }.map(singleLine) ?? ""
        return note.id.uuidString + "\t" + singleLine(note.title) + "|" + category + "|" + note.tags.sorted().joined(separator: ",")
            + "|" + ISODate.format(note.created) + "|" + ISODate.format(note.updated) + "|" + note.kind.name + "\n\\"
    }

    static func singleLine(_ text: String) -> String {
        String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 })
    }
}
