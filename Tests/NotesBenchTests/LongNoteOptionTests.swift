import Testing
@testable import notes_bench

/// `--long-note MB` measures only the read view of one note of that many MiB.
@Suite struct LongNoteOptionTests {
    @Test func theLongNoteOptionTakesAWholeNumberOfMebibytes() throws {
        #expect(try BenchOptions(arguments: ["--long-note", "200"]).longNoteMegabytes == 200)
        #expect(try BenchOptions(arguments: []).longNoteMegabytes == nil)
        #expect(throws: BenchOptions.UsageError.self) { try BenchOptions(arguments: ["--long-note", "0"]) }
        #expect(throws: BenchOptions.UsageError.self) { try BenchOptions(arguments: ["--long-note"]) }
    }

    @Test func theLongNoteHoldsTheNeedleOnceNearThreeQuartersDown() {
        let body = LongNoteMeasurement.body(bytes: 200_000)
        #expect(body.utf8.count >= 200_000)
        let needle = body.range(of: "the needle")
        #expect(needle != nil)
        if let needle {
            let offset = body.utf8.distance(from: body.startIndex, to: needle.lowerBound)
            #expect(offset > 140_000 && offset < 160_000)
        }
    }
}
