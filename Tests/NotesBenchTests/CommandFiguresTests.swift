import Testing
@testable import notes_bench
import NotesStore

/// The single-note command figures: targets by store size, the journal bound they are
/// timed under, and what the figure and the report say.
@Suite struct CommandFiguresTests {
    @Test(arguments: [(1, 50.0), (1_000, 50), (100_000, 50), (100_001, 100), (1_000_000, 100)])
    func theTargetFollowsTheStoreSize(notes: Int, target: Double) {
        #expect(CommandFigures.target(notes: notes) == target)
    }

    @Test func aStoreOverAMillionNotesHasNoTargetAndSaysSo() {
        #expect(CommandFigures.target(notes: 1_000_001) == nil)
        let figure = CommandFigures.figure(.show, timing(wall: [10, 20, 30]), notes: 2_000_000, journal: journal())
        #expect(figure.target == nil)
        #expect(figure.note?.contains("no target above 1,000,000 notes") == true)
    }

    @Test func theJournalBoundIsTheStoresOwnRule() {
        // 25% of a small snapshot, never under the 64 KiB minimum, never over 256 KiB.
        #expect(CommandFigures.journalBound(snapshotBytes: 800_000) == 200_000)
        #expect(CommandFigures.journalBound(snapshotBytes: 80_000_000) == 256 << 10)
        #expect(CommandFigures.journalBound(snapshotBytes: 10_000) == 64 << 10)
        var options = NotesStoreOptions()
        options.compactionMaximumBytes = 100_000
        #expect(CommandFigures.journalBound(snapshotBytes: 80_000_000, options: options) == 100_000)
    }

    @Test func theFillLeavesRoomForTheTimedCommitsAndIsNeverNegative() {
        #expect(CommandFigures.fillBytes(bound: 256 << 10, runs: 7) == (256 - 32) << 10)
        #expect(CommandFigures.fillBytes(bound: 256 << 10, runs: 20) == (256 << 10) - 3 * 21 * 1024)
        #expect(CommandFigures.fillBytes(bound: 20_000, runs: 7) == 0)
    }

    @Test func theFigureIsTheMedianWithItsSpreadAndPassesAgainstTheTarget() {
        let figure = CommandFigures.figure(.set, timing(wall: [40, 10, 30, 20, 60]), notes: 100_000, journal: journal())
        #expect(figure.key == "command_set_ms")
        #expect(figure.value == 30)
        #expect(figure.target == 50)
        #expect(figure.passed == true)
        let note = figure.note ?? ""
        #expect(note.contains("median of 5 fresh processes"))
        #expect(note.contains("min 10.0 ms, max 60.0 ms"))
        #expect(note.contains("journal 229,376 bytes (a compaction starts past 262,144)"))
        #expect(note.contains("no SQLite side in this run"))
        #expect(figure.baseline == nil)

        let slow = CommandFigures.figure(.set, timing(wall: [60, 70, 80]), notes: 100_000, journal: journal())
        #expect(slow.passed == false)
        #expect(slow.resultText == "FAIL")
    }

    @Test func sqlitesMedianIsTheBaselineAndTheNoteGivesOursOverIt() {
        var both = timing(wall: [30, 30, 30])
        for value in [5.0, 6, 4] { both.add(sqlite: WholeProcess.Run(wallMilliseconds: value, cpuMilliseconds: 3)) }
        let figure = CommandFigures.figure(.rm, both, notes: 1_000, journal: journal())
        #expect(figure.baseline?.key == "baseline_sqlite_command_rm_ms")
        #expect(figure.baseline?.value == 5)
        #expect(figure.note?.contains("ours ÷ SQLite 6.00×") == true)
    }

    @Test func aCompactionDuringTheTimingIsReported() {
        let shrunk = CommandFigures.Journal(before: 200_000, after: 1_000, bound: 262_144)
        #expect(shrunk.text.contains("a compaction ran during the timing"))
        let past = CommandFigures.Journal(before: 250_000, after: 270_000, bound: 262_144)
        #expect(past.text.contains("past the bound"))
        #expect(!journal().text.contains("compaction ran"))
    }

    @Test func theReportPrintsTheCommandsInTextAndJSON() throws {
        var report = Report(noteCount: 100_000)
        var both = timing(wall: [30, 32, 28])
        both.add(sqlite: WholeProcess.Run(wallMilliseconds: 4, cpuMilliseconds: 3))
        report.figures = CommandFigures.Command.allCases.map { CommandFigures.figure($0, both, notes: 100_000, journal: journal()) }
        let table = report.table()
        #expect(table.contains("`notes category list`, whole process"))
        #expect(table.contains("30.0 ms"))
        #expect(table.contains("≤ 50.0 ms"))
        #expect(table.contains("SQLite 4.000 ms"))
        #expect(table.contains("pass"))
        #expect(table.contains("command_rm_ms: median of 3 fresh processes"))

        let json = report.json()
        for command in CommandFigures.Command.allCases {
            #expect(json.contains("\"\(command.key)\":30"))
            #expect(json.contains("\"\(command.baselineKey)\":4"))
        }
        #expect(json.contains("\"targets\":{\"command_show_ms\":50"))
        #expect(json.contains("\"passed\":{\"command_show_ms\":true"))
    }

    @Test func unavailableFiguresSayWhy() {
        let figures = CommandFigures.unavailable(notes: 1_000, reason: "no `notes` beside notes-bench")
        #expect(figures.count == 5)
        #expect(figures.allSatisfy { $0.value == nil && $0.resultText == "n/a" && $0.note == "no `notes` beside notes-bench" })
    }

    private func timing(wall: [Double]) -> CommandFigures.Timing {
        var timing = CommandFigures.Timing()
        for value in wall { timing.add(ours: WholeProcess.Run(wallMilliseconds: value, cpuMilliseconds: value / 2)) }
        return timing
    }

    private func journal() -> CommandFigures.Journal {
        CommandFigures.Journal(before: 229_376, after: 240_000, bound: 262_144)
    }
}
