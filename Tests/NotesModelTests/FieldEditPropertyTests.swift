import Foundation
import NotesTestData
import Testing
@testable import NotesModel

/// PRODUCT §5.1 checked on seeded random pairs of edits: a base note, "theirs" (committed
/// elsewhere) and "ours" (a `NoteEdit` from the base), each changing a random set of
/// fields. Whatever the pair, a field only one side changed has that side's value, tags
/// are the sets merged, a single field both changed differently keeps ours and names
/// theirs, a body both changed differently keeps ours and a conflict copy of theirs.
/// A failure prints the seed and the case.
@Suite struct FieldEditPropertyTests {
    static let categories = (1...3).map { Category(id: UUID(uuidString: "00000000-0000-0000-0000-00000000000\($0)") ?? UUID(), name: "C\($0)") }
    static let now = Date(timeIntervalSinceReferenceDate: 900_000_000)

    static func randomNote(_ random: inout SeededRandom) -> Note {
        let tags = Set(["a", "b", "c", "d"].filter { _ in random.chance(0.5) })
        return Note(id: UUID(uuidString: "10000000-0000-0000-0000-000000000001") ?? UUID(),
                    title: random.pick(["Plan", "Plan 2", "Other"]), body: random.pick(["", "v1", "v2", "e\u{301}", "\u{E9}"]),
                    created: Date(timeIntervalSinceReferenceDate: 800_000_000),
                    categoryID: random.pick([nil] + categories.map(\.id)), tags: tags,
                    kind: random.pick(NoteKind.allCases), pinned: random.chance(0.5),
                    aliases: random.pick([[], ["A"], ["A", "B"], ["B"]]))
    }

    /// `note` with each field replaced, by chance, by the same field of another random note.
    static func changed(_ note: Note, _ random: inout SeededRandom) -> Note {
        let other = randomNote(&random)
        var result = note
        for field in NoteField.allCases where random.chance(0.4) {
            switch field {
            case .title: result.title = other.title
            case .body: result.body = other.body
            case .category: result.categoryID = other.categoryID
            case .tags: result.tags = other.tags
            case .kind: result.kind = other.kind
            case .pinned: result.pinned = other.pinned
            case .aliases: result.aliases = other.aliases
            }
        }
        return result
    }

    @Test func everyPairOfEditsFollowsTheFieldRules() throws {
        let seed = TestSeed.seed(for: "FieldEditPropertyTests.everyPairOfEdits")
        var random = SeededRandom(seed: seed)
        for index in 0..<3_000 {
            let base = Self.randomNote(&random)
            let theirs = Self.changed(base, &random)
            let ours = Self.changed(base, &random)
            let copyID = UUID()
            let edit = NoteEdit(from: base, to: ours, conflictCopyID: copyID)
            let database = NotesDatabase(notes: [theirs], categories: Self.categories)
            let resolution = try StoreEdit.resolve([.note(edit)], in: database, now: Self.now)
            var result = database
            try result.apply(resolution.changes)
            let saved = try #require(result.notes[base.id])
            let problems = Self.check(base: base, theirs: theirs, ours: ours, saved: saved, resolution: resolution,
                                      copy: result.notes[copyID])
            if !problems.isEmpty {
                Issue.record("""
                seed \(seed), case \(index): \(problems.joined(separator: "; "))
                base \(base)
                theirs \(theirs)
                ours \(ours)
                """)
                return
            }
        }
    }

    static func check(base: Note, theirs: Note, ours: Note, saved: Note, resolution: EditResolution, copy: Note?) -> [String] {
        var problems: [String] = []
        let replaced = Set(resolution.replaced.compactMap { value -> NoteField? in
            if case .note(let field) = value.field { return field }
            return nil
        })
        // A pin cannot clash: changed on both sides from the same value, it is the same.
        for field in [NoteField.title, .category, .kind, .pinned, .aliases] {
            let oursChanged = !field.isSame(base, ours), theirsChanged = !field.isSame(base, theirs)
            let expected = oursChanged ? ours : theirs
            if !field.isSame(saved, expected) { problems.append("\(field) is not \(oursChanged ? "ours" : "theirs")") }
            let clash = oursChanged && theirsChanged && !field.isSame(ours, theirs)
            if replaced.contains(field) != clash { problems.append("\(field) replaced: \(replaced.contains(field)), clash: \(clash)") }
        }
        let expectedTags = theirs.tags.union(ours.tags.subtracting(base.tags)).subtracting(base.tags.subtracting(ours.tags))
        if saved.tags != expectedTags { problems.append("tags \(saved.tags.sorted()) are not \(expectedTags.sorted())") }
        let oursBody = !NoteField.body.isSame(base, ours), theirsBody = !NoteField.body.isSame(base, theirs)
        if !NoteField.body.isSame(saved, oursBody ? ours : theirs) { problems.append("body is not \(oursBody ? "ours" : "theirs")") }
        let bodyClash = oursBody && theirsBody && !NoteField.body.isSame(ours, theirs)
        if bodyClash != (copy != nil) { problems.append("conflict copy: \(copy != nil), body clash: \(bodyClash)") }
        if let copy, !(NoteField.body.isSame(copy, theirs) && copy.tags.contains(StoreEdit.conflictTag)) {
            problems.append("the conflict copy is not theirs")
        }
        let unchanged = NoteField.changed(from: theirs, to: saved).isEmpty
        if unchanged != resolution.changes.isEmpty { problems.append("written although unchanged, or the reverse") }
        if !unchanged && saved.updated != now { problems.append("updated is not now") }
        return problems
    }
}
