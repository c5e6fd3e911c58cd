import Foundation
import Testing
import NotesModel
import NotesExchange

/// What `Importer.plan` tells its progress: the notes checked so far, of all of them, from
/// none to all, a step apart; an error the report throws stops the plan.
@Suite struct ImportPlanProgressTests {
    private struct Stop: Error {}

    private func bundle(_ count: Int) -> ExchangeBundle {
        ExchangeBundle(notes: (0..<count).map { Note(title: "Note \($0)", body: "body \($0)") })
    }

    @Test func theCountGoesFromNoneToAllAStepApart() throws {
        var calls: [(checked: Int, total: Int)] = []
        let plan = try Importer.plan(bundle(10), into: NotesDatabase(),
                                     progress: ImportPlanProgress(step: 3) { calls.append(($0, $1)) })

        #expect(plan.notesAdded == 10)
        #expect(calls.map(\.checked) == [0, 3, 6, 9, 10])
        #expect(calls.allSatisfy { $0.total == 10 })
    }

    @Test func aStoreThatHoldsTheNotesIsCountedTheSameWay() throws {
        let notes = bundle(7)
        var database = NotesDatabase()
        try database.apply(notes.notes.map(StoreChange.putNote))
        var checked: [Int] = []
        let plan = try Importer.plan(notes, into: database, progress: ImportPlanProgress(step: 2) { done, _ in checked.append(done) })

        #expect(plan.notesUnchanged == 7)
        #expect(checked == [0, 2, 4, 6, 7])
    }

    @Test func anErrorFromTheReportStopsThePlan() {
        var calls = 0
        #expect(throws: Stop.self) {
            _ = try Importer.plan(bundle(10), into: NotesDatabase(), progress: ImportPlanProgress(step: 4) { done, _ in
                calls += 1
                if done >= 4 { throw Stop() }
            })
        }
        #expect(calls == 2)
    }
}
