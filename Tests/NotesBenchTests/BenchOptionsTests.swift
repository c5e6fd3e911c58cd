import Testing
@testable import notes_bench

/// The benchmark's command line, the hidden child modes included.
@Suite struct BenchOptionsTests {
    @Test func theSQLiteCommandChildTakesEveryArgumentAfterIt() throws {
        let options = try BenchOptions(arguments: ["--child-sqlite-command", "/tmp/db.sqlite", "set", "ID", "--title"])
        #expect(options.childSQLiteCommand?.database == "/tmp/db.sqlite")
        #expect(options.childSQLiteCommand?.command == ["set", "ID", "--title"])
    }

    @Test(arguments: [["--child-sqlite-command"], ["--child-sqlite-command", "/tmp/db.sqlite"]])
    func theSQLiteCommandChildNeedsADatabaseAndACommand(arguments: [String]) {
        #expect(throws: BenchOptions.UsageError.self) { try BenchOptions(arguments: arguments) }
    }

    @Test func theOrdinaryRunHasNoChildMode() throws {
        let options = try BenchOptions(arguments: ["--notes", "1000", "--json"])
        #expect(options.noteCount == 1_000)
        #expect(options.json)
        #expect(options.childSQLiteCommand == nil)
    }

    @Test func onlyQuickOpenOrTheFilterAreOptionsAndOnlyThose() throws {
        #expect(try BenchOptions(arguments: ["--notes", "1000000", "--only", "quick-open"]).quickOpenOnly)
        #expect(try !BenchOptions(arguments: ["--notes", "1000"]).quickOpenOnly)
        let filter = try BenchOptions(arguments: ["--only", "filter"])
        #expect(filter.filterOnly && !filter.quickOpenOnly)
        #expect(try !BenchOptions(arguments: ["--notes", "1000"]).filterOnly)
        #expect(throws: BenchOptions.UsageError.self) { try BenchOptions(arguments: ["--only", "open"]) }
        #expect(throws: BenchOptions.UsageError.self) { try BenchOptions(arguments: ["--only"]) }
    }

    @Test func onlyTheAppsFiguresTakeAnExistingStore() throws {
        let options = try BenchOptions(arguments: ["--existing", "/tmp/m1/notes.json", "--only", "app"])
        #expect(options.appOnly && options.existingPath == "/tmp/m1/notes.json")
        #expect(try !BenchOptions(arguments: ["--existing", "/tmp/m1/notes.json"]).appOnly)
        #expect(throws: BenchOptions.UsageError.self) { try BenchOptions(arguments: ["--only", "app"]) }
    }

    @Test func fillJournalNeedsAPositiveSize() {
        #expect(throws: BenchOptions.UsageError.self) { try BenchOptions(arguments: ["--fill-journal", "/tmp/s", "0"]) }
    }
}

/// How a child's end is read from `wait4`'s status word.
@Suite struct WholeProcessEndingTests {
    @Test func exitCodesAndSignalsAreTold() {
        #expect(WholeProcess.Ending(status: 0) == .exited(0))
        #expect(WholeProcess.Ending(status: 0).isSuccess)
        #expect(WholeProcess.Ending(status: 1 << 8) == .exited(1))
        #expect(!WholeProcess.Ending(status: 1 << 8).isSuccess)
        #expect(WholeProcess.Ending(status: 9) == .signalled(9))
        #expect(WholeProcess.Ending(status: 9 | 0x80) == .signalled(9))  // with a core dump
    }
}
