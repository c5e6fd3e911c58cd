import Foundation
import NotesTestSupport
import Testing
import NotesModel
import NotesTerminal
import NotesUI

/// The filter searched in slices (`FilterWork`, `NoteFilter.advance`): whatever it has
/// found at any moment is the first rows of what the plain filter finds, in order, and
/// once the count is in it is exactly that.
@Suite struct ProgressiveFilterTests {
    static func rows(_ filter: NoteFilter, _ index: NoteIndex) -> [Int] {
        (0..<filter.count(in: index)).map { filter.position(ofRow: $0) }
    }

    /// What the plain filter (everything at once) shows.
    static func plain(_ query: String, _ scope: NoteFilter.Scope, _ index: NoteIndex) -> [Int] {
        var filter = NoteFilter()
        filter.set(query: query, scope: scope, in: index)
        return rows(filter, index)
    }

    /// A random query of a few words of the notes (some excluded, tags, categories).
    static func query(_ random: inout SeededRandom) -> String {
        let words = ["a", "al", "alpha", "beta", "gam", "delta", "école", "strasse", "日本", "🙂", "zz", "ab", "edited",
                     "q3", "todo", "work", "home", "e", "x"]
        return (0..<random.int(1...3)).map { _ in
            random.pick(["", "", "", "-", "#", "@"]) + random.pick(words)
        }.joined(separator: " ")
    }

    /// The steps of typing `query` a character at a time, then erasing some of it.
    static func steps(_ query: String, _ random: inout SeededRandom) -> [String] {
        var typed: [String] = []
        for character in query { typed.append((typed.last ?? "") + String(character)) }
        let erased = typed.reversed().dropFirst().prefix(random.int(0...3))
        return typed + erased
    }

    /// Random slices between random keys, over an index in display order and over one
    /// changed by commits (slots out of order): every intermediate result is a prefix of
    /// the plain filter's, and the finished one equals it. Seeded: a failure names the
    /// seed, the query and the first step (the shortest typed text) that went wrong.
    @Test(arguments: [UInt64(0x5EA2C4), 7, 8, 23])
    func slicedResultsArePrefixesAndEndAsThePlainFilter(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let repository = InMemoryNotesRepository(IncrementalIndexTests.database(&random, notes: 400))
        var snapshot = NotesSnapshot(repository.contents)
        if seed % 2 == 1 {
            for _ in 0..<6 { try snapshot.commit(IncrementalIndexTests.changes(&random, in: repository.contents), through: repository) }
        }
        let index = snapshot.index
        let scopes: [NoteFilter.Scope] = [.all, .all, .uncategorized] + IncrementalIndexTests.categories.map { .category($0.id) }
        for _ in 0..<40 {
            let query = Self.query(&random), scope = random.pick(scopes)
            var filter = NoteFilter()
            for step in Self.steps(query, &random) {
                let expected = Self.plain(step, scope, index)
                let rows: Int? = random.chance(0.5) ? random.int(1...8) : nil
                filter.set(query: step, scope: scope, in: index, work: FilterWork(rows: rows, bytes: random.int(1...600)))
                guard Self.check(filter, expected, index, "seed \(seed), \(query.debugDescription) at \(step.debugDescription)")
                else { return }
                for _ in 0..<random.int(0...2) {
                    filter.advance(in: index, work: FilterWork(rows: nil, bytes: random.int(1...3_000)))
                    guard Self.check(filter, expected, index, "seed \(seed), \(query.debugDescription) at \(step.debugDescription), sliced")
                    else { return }
                }
            }
            let last = filter.query
            let expected = Self.plain(last, scope, index)
            var slices = 0
            while filter.isCounting && slices <= index.count + 10 {
                filter.advance(in: index, work: FilterWork(rows: nil, bytes: random.int(1...3_000)))
                slices += 1
            }
            #expect(!filter.isCounting, "seed \(seed): \(query.debugDescription) never finished")
            #expect(Self.rows(filter, index) == expected, "seed \(seed): \(last.debugDescription) finished wrong")
        }
    }

    /// The rows found are the first rows of `expected`; all of them once the count is in.
    static func check(_ filter: NoteFilter, _ expected: [Int], _ index: NoteIndex, _ what: String) -> Bool {
        let shown = rows(filter, index)
        let right = filter.isCounting ? expected.starts(with: shown) : shown == expected
        if !right {
            Issue.record("\(what): shown \(shown.prefix(12)) (counting: \(filter.isCounting)), expected \(expected.prefix(12))")
        }
        return right
    }

    static let manyNotes: NotesDatabase = {
        var random = SeededRandom(seed: 42)
        return IncrementalIndexTests.database(&random, notes: 3_000)
    }()

    @Test func aKeyStopsOnceTheScreenfulIsKnown() {
        let index = NoteIndex(database: Self.manyNotes)
        var filter = NoteFilter()
        filter.set(query: "a", scope: .all, in: index, work: .key(rows: 5))
        let expected = Self.plain("a", .all, index)
        #expect(filter.isCounting)
        #expect(filter.count(in: index) >= 5)
        #expect(filter.count(in: index) < expected.count)
        #expect(expected.starts(with: Self.rows(filter, index)))
        filter.advance(in: index, work: .unlimited)
        #expect(!filter.isCounting)
        #expect(Self.rows(filter, index) == expected)
    }

    @Test func aQueryMatchingNothingSaysSoOnlyWhenTheCountIsIn() {
        let index = NoteIndex(database: Self.manyNotes)
        var filter = NoteFilter()
        filter.set(query: "nothing like this", scope: .all, in: index, work: FilterWork(rows: 5, bytes: 2_000))
        #expect(filter.isCounting)
        #expect(filter.count(in: index) == 0)
        filter.advance(in: index, work: .unlimited)
        #expect(!filter.isCounting)
        #expect(filter.count(in: index) == 0)
    }

    /// Keys through `AppUpdate` on a store larger than a screenful of matches: each key's
    /// list is a prefix of the plain filter's, the header says it is counting, pauses
    /// (`.idle`) finish the count, and keys typed before any pause are all taken, in order.
    @Test func theAppShowsTheFirstRowsAtOnceAndCountsInThePauses() {
        let snapshot = NotesSnapshot(Self.manyNotes)
        var state = AppState(size: TerminalSize(width: 80, height: 24))
        state.reconcile(with: snapshot)
        func press(_ key: Key) { _ = AppUpdate.update(&state, event: .key(key), snapshot: snapshot, now: UIFixtures.now) }
        func header() -> String {
            AppRender.render(state, snapshot: snapshot, size: state.size, colorMode: .trueColor, timeZone: UIFixtures.utc)
                .lines[0]
        }
        press(.character("/"))
        for character in "al" { press(.character(character)) }
        let expected = Self.plain("al", .all, snapshot.index)
        #expect(state.filter.query == "al")
        #expect(state.filter.isCounting)
        #expect(expected.starts(with: Self.rows(state.filter, snapshot.index)))
        #expect(header().contains("+ of 3000 notes, counting…"))
        var pauses = 0
        while state.filter.isCounting && pauses < 1_000 {
            _ = AppUpdate.update(&state, event: .idle, snapshot: snapshot, now: UIFixtures.now)
            pauses += 1
        }
        #expect(Self.rows(state.filter, snapshot.index) == expected)
        #expect(header().contains("\(expected.count) of 3000 notes"))
        #expect(!header().contains("counting"))
    }
}
