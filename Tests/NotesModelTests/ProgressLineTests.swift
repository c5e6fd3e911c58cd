import Foundation
import Glibc
import Synchronization
import Testing
import NotesModel

/// The progress line of long commands: its text from the counts and the time, how often it
/// is drawn, that it is erased at the end, and that a pipe never gets one.
@Suite struct ProgressLineTests {
    /// A clock the test moves by hand, and what the line wrote.
    final class Scene: Sendable {
        let now = Mutex(100.0)
        let written = Mutex<[UInt8]>([])
        var text: String { String(decoding: written.withLock { $0 }, as: UTF8.self) }

        func line(unit: ProgressLine.Unit) -> ProgressLine {
            ProgressLine(label: "importing", unit: unit, clock: { self.now.withLock { $0 } },
                         write: { bytes in self.written.withLock { $0 += bytes } })
        }

        func advance(_ seconds: Double) { now.withLock { $0 += seconds } }
    }

    @Test func theTextSaysDoneOfTotalTheRateAndTheTimeLeft() {
        #expect(ProgressLine.text(label: "importing", unit: .items("notes"), done: 25_000, total: 100_000, elapsed: 2)
            == "importing 25,000 / 100,000 notes · 12,500/s · 6 s left")
        #expect(ProgressLine.text(label: "importing", unit: .bytes, done: 12_000_000, total: 48_300_000, elapsed: 0.5)
            == "importing 12.0 / 48.3 MB · 24.0 MB/s · 2 s left")
        #expect(ProgressLine.text(label: "exporting", unit: .items("notes"), done: 1_000, total: 1_000_000, elapsed: 1)
            == "exporting 1,000 / 1,000,000 notes · 1,000/s · 16 min 39 s left")
    }

    @Test func withoutATotalOrBeforeAnythingIsDoneItSaysWhatItKnows() {
        #expect(ProgressLine.text(label: "importing", unit: .items("notes"), done: 1_234, total: nil, elapsed: 2)
            == "importing 1,234 notes · 617/s")
        #expect(ProgressLine.text(label: "importing", unit: .items("notes"), done: 0, total: 10, elapsed: 0)
            == "importing 0 / 10 notes")
    }

    @Test func itIsRedrawnInPlaceAtMostFourTimesASecondAndErasedAtTheEnd() {
        let scene = Scene()
        let line = scene.line(unit: .items("notes"))
        line.update(done: 10, total: 100)  // the first at once
        scene.advance(0.1)
        line.update(done: 20, total: 100)  // too soon: not drawn
        scene.advance(0.2)
        line.update(done: 30, total: 100)
        line.finish()

        #expect(scene.text == "\r\u{1B}[Kimporting 10 / 100 notes"
            + "\r\u{1B}[Kimporting 30 / 100 notes · 67/s · 2 s left"
            + "\r\u{1B}[K")
    }

    @Test func aLineNeverDrawnIsNotErased() {
        let scene = Scene()
        scene.line(unit: .bytes).finish()
        #expect(scene.text.isEmpty)
    }

    @Test func anotherUnitStartsTheCountAnew() {
        let scene = Scene()
        let line = scene.line(unit: .items("notes"))
        scene.advance(10)
        line.update(done: 2_000_000, total: 4_000_000, unit: .bytes)
        scene.advance(1)
        line.update(done: 3_000_000, total: 4_000_000)
        #expect(scene.text.hasSuffix("importing 3.0 / 4.0 MB · 1.0 MB/s · 1 s left"))
    }

    /// Opening a store before the first note is counted is not in the rate: an export whose
    /// first count came a second after the line was made once showed "1/s · 28 h 02 min left".
    @Test func theTimeBeforeTheFirstCountIsNotInTheRate() {
        let scene = Scene()
        let line = scene.line(unit: .items("notes"))
        scene.advance(1)
        line.update(done: 1, total: 100_000)
        scene.advance(0.5)
        line.update(done: 13_001, total: 100_000)
        #expect(scene.text == "\r\u{1B}[Kimporting 1 / 100,000 notes"
            + "\r\u{1B}[Kimporting 13,001 / 100,000 notes · 26,000/s · 4 s left")
    }

    @Test func onAPipeThereIsNoLine() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { ends.forEach { close($0) } }
        #expect(ProgressLine.forTerminal(label: "importing", unit: .bytes, descriptor: ends[1]) == nil)
    }
}
