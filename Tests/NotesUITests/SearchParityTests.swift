import Foundation
import NotesTestSupport
import Testing
import NotesModel
import NotesUI

/// `notes list --search` (NotesCore's `NoteListing`) and the UI's `/` filter (`NoteFilter`
/// over the index's search text) give the same answers, on the hard cases of folding.
@Suite struct SearchParityTests {
    static let office = Category(name: "Home Office")
    static let cuisine = Category(name: "Cuisine Française")

    static let notes: [(title: String, body: String, tags: Set<String>, category: Category?)] = [
        ("José's résumé", "Sent to Zoë", ["jobs"], office),
        ("Jose\u{301} decomposed", "re\u{301}sume\u{301} in NFD, as macOS writes it", [], nil),
        ("Straße", "Die GROSSE Straße", ["de"], nil),
        ("\u{212A}elvin scale", "273.15 \u{212A}", ["physics"], nil),
        ("İstanbul trip", "Diyarbakır next; ISTANBUL again", ["travel"], nil),
        ("ﬁnancial ﬁles", "ligatures ﬂow", ["money"], office),
        ("Crème brûlée", "Whisk, then bake.", ["food", "dessert"], cuisine),
        ("Cafe\u{301} list", "☕\u{FE0F} and 🍰, 👨‍👩‍👧 family", ["food"], cuisine),
        ("東京 notes", "日本語のメモ 会議", ["japan"], nil),
        ("한국어", "서울", [], nil),
        ("Plain ASCII", "nothing special, naive text", ["misc"], nil),
    ]

    static let queries = [
        "jose", "JOSÉ", "Jose\u{301}", "resume", "résumé", "zoe", "strasse", "STRAẞE", "große", "kelvin", "\u{212A}",
        "istanbul", "İstanbul", "diyarbakir", "ı", "financial", "ﬁ", "flow", "creme brulee", "brûlée whisk",
        #""creme brulee""#, #""brulee creme""#, "#food", "#fo", "#food creme", "#dessert #food", "@cuisine",
        #"@"home office""#, "@home", "@office", "office", "cafe", "café", "☕", "☕\u{FE0F}", "👨‍👩‍👧", "🍰",
        "東京", "会議 メモ", "서울", "한국", "naive", "naïve", "zzz", "a", "", "#", "e s",
        "@", "-", "-#", "-@", "# -@", "-#food", "-#fo creme", "-jose", "e -s", #"-"creme brulee""#, "-@cuisine",
        "-@\"home office\" -#japan", "#food -#dessert", "-zzz", "-a", "--", "- #", "#-", "@ -#food",
    ]

    /// Random queries over words of the notes, typed one character at a time in the UI
    /// (so the filter's incremental narrowing, history and exclusions are all used), then
    /// Backspaced away: at every step the UI shows the notes `notes list --search` lists.
    /// Seeded; a failure names the seed, the query and the shortest prefix that differs.
    @Test func randomQueriesTypedAndErasedAgreeWithTheCommandLine() {
        let seed = UInt64(ProcessInfo.processInfo.environment["NOTES_SEARCH_SEED"] ?? "") ?? 0x5EA2C4
        var random = SeededRandom(seed: seed)
        let words = ["jose", "résumé", "creme", "brulee", "food", "fo", "office", "home", "straße", "ss", "東京", "a",
                     "e", "naive", "cafe", "zzz", "de", "travel", "ﬁ", "\u{301}", "-", "#", "@", "\"", "--"]
        let database = Self.database
        let index = NoteIndex(database: database)
        for _ in 0..<60 {
            let query = (0..<random.int(1...4)).map { _ -> String in
                let prefix = random.pick(["", "", "", "-", "#", "@", "-#", "-@", "\""])
                return prefix + random.pick(words)
            }.joined(separator: " ")
            var filter = NoteFilter()
            var typed: [String] = []
            for character in query {
                typed.append((typed.last ?? "") + String(character))
            }
            let steps: [String] = typed + Array(typed.reversed().dropFirst())
            for step in steps {
                filter.set(query: step, categoryID: nil, in: index)
                let listed = Set(NoteListing(search: step).notes(in: database).map(\.id))
                let shown = Set((0..<filter.count(in: index)).map { index.note(at: filter.position(ofRow: $0)).id })
                if listed != shown {
                    let cli = titles(listed, database), ui = titles(shown, database)
                    Issue.record("seed \(seed): typing \(query.debugDescription), at \(step.debugDescription): CLI \(cli) UI \(ui)")
                    return
                }
            }
        }
    }

    @Test func theCommandLineAndTheFilterFindTheSameNotes() {
        let database = Self.database
        let index = NoteIndex(database: database)
        for query in Self.queries {
            let listed = Set(NoteListing(search: query).notes(in: database).map(\.id))
            var filter = NoteFilter()
            filter.set(query: query, categoryID: nil, in: index)
            let filtered = Set((0..<filter.count(in: index)).map { index.note(at: filter.position(ofRow: $0)).id })
            #expect(listed == filtered, "\(query): CLI \(titles(listed, database)) UI \(titles(filtered, database))")
        }
    }

    @Test(arguments: [
        ("jose", ["José's résumé", "Jose\u{301} decomposed"]),
        ("Jose\u{301}", ["José's résumé", "Jose\u{301} decomposed"]),
        ("resume", ["José's résumé", "Jose\u{301} decomposed"]),
        ("strasse", ["Straße"]),
        ("kelvin", ["\u{212A}elvin scale"]),
        ("istanbul", ["İstanbul trip"]),
        ("diyarbakir", ["İstanbul trip"]),
        ("financial", ["ﬁnancial ﬁles"]),
        ("creme brulee", ["Crème brûlée"]),
        (#""brulee creme""#, []),
        ("#food", ["Crème brûlée", "Cafe\u{301} list"]),
        ("#food creme", ["Crème brûlée"]),
        (#"@"home office""#, ["José's résumé", "ﬁnancial ﬁles"]),
        ("@office", []),
        ("café", ["Cafe\u{301} list"]),
        ("☕", ["Cafe\u{301} list"]),
        ("会議 メモ", ["東京 notes"]),
        ("한국", ["한국어"]),
        ("naïve", ["Plain ASCII"]),
        ("#food -#dessert", ["Cafe\u{301} list"]),
        ("jose -decomposed", ["José's résumé"]),
        ("-@ #food", []),
        ("@ -#", []),
        ("@", ["José's résumé", "ﬁnancial ﬁles", "Crème brûlée", "Cafe\u{301} list"]),
        ("-# -@", ["Jose\u{301} decomposed", "한국어"]),
        ("#", ["José's résumé", "Straße", "\u{212A}elvin scale", "İstanbul trip", "ﬁnancial ﬁles", "Crème brûlée",
               "Cafe\u{301} list", "東京 notes", "Plain ASCII"]),
        (#"-"creme brulee" #food"#, ["Cafe\u{301} list"]),
    ] as [(String, [String])])
    func bothFindWhatAPersonMeans(_ query: String, _ expected: [String]) {
        let database = Self.database
        #expect(Set(NoteListing(search: query).notes(in: database).map(\.title)) == Set(expected), "CLI: \(query)")
        let index = NoteIndex(database: database)
        var filter = NoteFilter()
        filter.set(query: query, categoryID: nil, in: index)
        let titles = (0..<filter.count(in: index)).map { index.note(at: filter.position(ofRow: $0)).title }
        #expect(Set(titles) == Set(expected), "UI: \(query)")
    }

    static var database: NotesDatabase {
        let notes = Self.notes.enumerated().map { offset, note in
            Note(title: note.title, body: note.body, created: Date(timeIntervalSince1970: Double(offset * 60)),
                 categoryID: note.category?.id, tags: note.tags)
        }
        return NotesDatabase(notes: notes, categories: [office, cuisine])
    }

    private func titles(_ ids: Set<UUID>, _ database: NotesDatabase) -> [String] {
        ids.compactMap { database.notes[$0]?.title }.sorted()
    }
}
