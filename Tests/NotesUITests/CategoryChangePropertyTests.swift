import Foundation
import NotesTestSupport
import Testing
@testable import NotesColor
@testable import NotesModel
@testable import NotesStore
@testable import NotesUI

/// Seeded random category changes (new, rename, recolor, trash, delete, back from the
/// trash), notes moved between categories and note edits, committed by us or by another
/// process (two `NotesStore`s on one folder): after each step the snapshot was changed in
/// place (its search text is the same object) and shows what a snapshot built afresh
/// shows: list order, categories, counts, and the results of random queries, whole and in
/// slices, which are also what `notes list --search` lists. A failure names the seed and step.
@Suite struct CategoryChangePropertyTests {
    typealias Fixture = IncrementalIndexTests

    static let names = ["Work", "Office", "Home", "Café", "Straße", "Garden", "Reading", "日本"]
    static let colors = [UIFixtures.blue, UIFixtures.yellow, RGB8(red: 0xC0, green: 0x30, blue: 0x30)]

    /// One random commit about categories, or a note edit.
    static func changes(_ random: inout SeededRandom, in database: NotesDatabase) -> [StoreChange] {
        let live = database.sortedCategories
        let deleted = database.deletedCategories.values.sorted { $0.id.uuidString < $1.id.uuidString }
        let notes = database.notes.values.sorted { $0.id.uuidString < $1.id.uuidString }
        let name = random.pick(names) + (random.chance(0.5) ? "" : String(random.int(0...9)))
        switch random.int(0...9) {
        case 0:
            return [.putCategory(Category(id: Fixture.id(&random), name: name,
                                          color: SerializableColor(random.pick(colors))))]
        case 1 where !live.isEmpty:
            var category = random.pick(live)
            category.name = name
            return [.putCategory(category)]
        case 2 where !live.isEmpty:
            var category = random.pick(live)
            category.color = SerializableColor(random.pick(colors))
            return [.putCategory(category)]
        case 3 where !live.isEmpty:
            return [.trashCategory(random.pick(live).id, at: random.pick(Fixture.dates))]
        case 4 where !live.isEmpty || !deleted.isEmpty:
            return [.deleteCategory(random.pick(live + deleted).id)]
        case 5 where !deleted.isEmpty:
            var category = random.pick(deleted)
            category.deleted = nil
            return [.putCategory(category)]
        case 6, 7:
            guard !notes.isEmpty else { break }
            // Moves, sometimes together with a rename in the same commit.
            var result: [StoreChange] = []
            for _ in 0..<random.int(1...3) {
                var note = random.pick(notes)
                note.categoryID = random.chance(0.2) || live.isEmpty ? nil : random.pick(live).id
                if random.chance(0.3) { note.updated = random.pick(Fixture.dates) }
                result.append(.putNote(note))
            }
            if random.chance(0.3), var category = live.first {
                category.name = name
                result.append(.putCategory(category))
            }
            return result
        default: break
        }
        var changes = Fixture.changes(&random, in: database)
        // Fixture notes go into its three categories, which may be gone: put them in a live one or none.
        for index in changes.indices {
            guard case .putNote(var note) = changes[index], let category = note.categoryID,
                  database.categories[category] == nil else { continue }
            note.categoryID = live.isEmpty ? nil : random.pick(live).id
            changes[index] = .putNote(note)
        }
        return changes
    }

    /// A random query: words of category names (folded or not, cut short), of notes, `@`, `-`.
    static func query(_ random: inout SeededRandom) -> String {
        let words = ["work", "offi", "OFFICE", "home", "cafe", "café", "strasse", "gard", "reading", "日本", "1", "e",
                     "alpha", "beta", "école", "edited", "zz", "q3", "ff"]
        return (0..<random.int(1...3)).map { _ in
            random.pick(["", "", "", "-", "@", "-@", "#"]) + random.pick(words)
        }.joined(separator: " ")
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 0xCA7E])
    func categoryChangesAreTakenInPlaceAndMatchAFreshSnapshot(seed: UInt64) throws {
        print("CategoryChangePropertyTests seed \(seed)")
        var random = SeededRandom(seed: seed)
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let url = folder.file("notes.json")
        let options = NotesStoreOptions(compactionMinimumBytes: 64 << 20)
        let mine = try NotesStore.open(at: url, options: options)
        let theirs = try NotesStore.open(at: url, options: options)
        defer { mine.close(); theirs.close() }
        try mine.commit(Fixture.categories.map(StoreChange.putCategory)
            + Fixture.database(&random, notes: 120).notes.values.sorted { $0.id.uuidString < $1.id.uuidString }
                .map(StoreChange.putNote))
        var snapshot = NotesSnapshot(mine.contents, searchText: random.chance(0.5) ? .inBackground : .now)
        for step in 0..<30 {
            let context = "seed \(seed) step \(step)"
            let before = ObjectIdentifier(snapshot.index.searchText)
            let byUs = random.chance(0.5)
            let changes = Self.changes(&random, in: (byUs ? mine : theirs).contents)
            if byUs {
                do { try snapshot.commit(changes, through: mine) } catch is ModelError { continue }
            } else {
                do { try theirs.commit(changes) } catch is ModelError { continue }
                _ = try snapshot.refresh(from: mine)
            }
            _ = try theirs.refresh()
            #expect(ObjectIdentifier(snapshot.index.searchText) == before, "\(context): \(changes) was not taken in place")
            if !Self.expectSameAsFresh(snapshot, mine.contents, &random, context) {
                Issue.record("\(context): the snapshot differs after \(byUs ? "our" : "their") commit \(changes)")
                return
            }
        }
    }

    /// Expects `snapshot` to show what a new snapshot of `database` shows; false if it does not.
    static func expectSameAsFresh(_ snapshot: NotesSnapshot, _ database: NotesDatabase, _ random: inout SeededRandom,
                                  _ context: String) -> Bool {
        let fresh = NotesSnapshot(database)
        let index = snapshot.index, expected = fresh.index
        var same = snapshot.database == database
            && index.notesInOrder() == expected.notesInOrder()
            && snapshot.categories == fresh.categories && snapshot.colors == fresh.colors
            && snapshot.markers == fresh.markers
            && snapshot.uncategorizedCount == fresh.uncategorizedCount
            && index.uncategorizedPositions() == expected.uncategorizedPositions()
        for id in Array(database.categories.keys) + Array(database.deletedCategories.keys) {
            same = same && snapshot.noteCount(in: id) == fresh.noteCount(in: id)
                && index.positions(inCategory: id) == expected.positions(inCategory: id)
        }
        #expect(same, "\(context): list, categories or counts differ")
        for _ in 0..<8 {
            let query = Self.query(&random)
            for pattern in SearchQuery(query).patterns + SearchQuery(query).excludedPatterns {
                let found = index.search(pattern, among: nil), wanted = expected.search(pattern, among: nil)
                #expect(found == wanted, "\(context): pattern of \(query.debugDescription)")
                same = same && found == wanted
            }
            var plain = NoteFilter(), sliced = NoteFilter(), freshFilter = NoteFilter()
            plain.set(query: query, scope: .all, in: index)
            freshFilter.set(query: query, scope: .all, in: expected)
            let firstKey = FilterWork(rows: random.int(1...5), bytes: random.int(1...400))
            sliced.set(query: query, scope: .all, in: index, work: firstKey)
            while sliced.isCounting { sliced.advance(in: index, work: FilterWork(rows: nil, bytes: random.int(1...900))) }
            let listed = Set(NoteListing(search: query).notes(in: database).map(\.id))
            let shown = Set((0..<plain.count(in: index)).map { index.note(at: plain.position(ofRow: $0)).id })
            let agree = plain.matches == freshFilter.matches && sliced.matches == plain.matches && shown == listed
            #expect(agree, "\(context): the filter for \(query.debugDescription) differs from a fresh one or the CLI")
            same = same && agree
        }
        return same
    }
}
